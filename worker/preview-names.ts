/**
 * Each game's Arabic name for link previews, from the game's own home-page words
 * (web/src/games/<id>/home.messages.ts): the Worker's bundler has no glob import, so each game is
 * listed here once; test/preview.test.ts fails when a catalog game is missing.
 */
import { ar as baloot } from '../web/src/games/baloot/home.messages';
import { ar as dhappa } from '../web/src/games/dhappa/home.messages';
import { ar as eights } from '../web/src/games/eights/home.messages';
import { ar as mahjong } from '../web/src/games/mahjong-bet/home.messages';
import { ar as rummy } from '../web/src/games/rummy/home.messages';

export const AR_GAME_NAMES: Record<string, string> = {
  baloot: baloot.name,
  dhappa: dhappa.name,
  eights: eights.name,
  'mahjong-bet': mahjong.name,
  rummy: rummy.name,
};
