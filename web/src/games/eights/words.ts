/**
 * Eights' events and results in the reader's language (see ../words.ts). Card and colour
 * names come from the table's words (messages.ts); the sentences are here, under `eights.log`.
 */
import { CATCH_PENALTY } from '../../../../shared/games/eights/rules';
import type { EightsView } from '../../../../shared/games/eights/types';
import { iso, say, sayOf, who, type GameWords, type WordContext } from '../words';
import { cardMsg, colourMsg, say as sayMsg } from './face';
import { refusals } from './refusals';
import { hints, learn } from './hints';
import { installEightsMessages } from './i18n';

// The sentences are the table's words under `eights.log` (messages.ts).
installEightsMessages();

const t = (key: string, params?: Record<string, string | number>) => say(key, params);
const card = (id: unknown) => iso(typeof id === 'string' ? sayMsg(t, cardMsg(id)) : '?');
const n = (x: unknown) => iso(Number(x ?? 0));

function line(e: Record<string, unknown> & { type: string }, ctx: WordContext): string | null {
  switch (e.type) {
    case 'play':
      return sayOf('eights.log.play', e.seat, ctx, { card: card(e.card) });
    case 'colour':
      return sayOf('eights.log.colour', e.seat, ctx, { colour: iso(sayMsg(t, colourMsg(e.colour as 'r'))) });
    case 'lastCard':
      return sayOf('eights.log.lastCard', e.seat, ctx);
    case 'direction':
      return say(e.direction === -1 ? 'eights.log.direction.ccw' : 'eights.log.direction.cw');
    case 'skip':
      return sayOf('eights.log.skip', e.seat, ctx);
    case 'take':
      return Number(e.count) < Number(e.owed ?? e.count)
        ? sayOf('eights.log.takeShort', e.seat, ctx, { n: n(e.count), owed: n(e.owed) })
        : sayOf('eights.log.take', e.seat, ctx, { n: n(e.count) });
    case 'draw':
      return sayOf(Number(e.count) === 0 ? 'eights.log.drawNone' : 'eights.log.draw', e.seat, ctx);
    case 'keep':
      return sayOf('eights.log.keep', e.seat, ctx);
    case 'catch':
      return sayOf('eights.log.catch', e.seat, ctx, { target: who(e.target, ctx), n: n(CATCH_PENALTY) });
    case 'reshuffle':
      return say('eights.log.reshuffle');
    case 'handWon':
      return e.match ? sayOf('eights.log.handWonPoints', e.seat, ctx, { hand: n(e.hand), n: n(e.points) }) : sayOf('eights.log.handWon', e.seat, ctx);
    case 'gameWon':
      return sayOf('eights.log.gameWon', e.seat, ctx, { n: n(e.points) });
    case 'newHand':
      return sayOf('eights.log.newHand', e.seat, ctx, { hand: n(e.hand) });
    default:
      return null;
  }
}

export const words: GameWords = {
  refusals,
  hints,
  learn,
  card: (id) => card(id),
  line,
  result(outcome, ctx) {
    const winner = outcome.winners[0];
    if (ctx.options.scoring === 'match') return say('eights.log.resultMatch', { who: who(winner, ctx), n: n(outcome.scores[winner ?? 0]) });
    return say('eights.log.result', { who: who(winner, ctx) });
  },
  detail(outcome, ctx) {
    return ctx.options.scoring === 'match' ? say('eights.log.points', { n: n(outcome.scores[outcome.winners[0] ?? 0]) }) : null;
  },
  waiting: (view) => {
    const v = view as EightsView;
    return v.turn === null ? [] : [v.turn];
  },
};

/** Every event type Eights sends, for the tests that check each has words. */
export const EVENT_TYPES = [
  'play',
  'colour',
  'lastCard',
  'direction',
  'skip',
  'take',
  'draw',
  'keep',
  'catch',
  'reshuffle',
  'handWon',
  'gameWon',
  'newHand',
] as const;
