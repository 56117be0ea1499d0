/**
 * Dhappa Baaji's events and results in the reader's language (see ../words.ts), from the
 * table's words (messages.ts, `dhappa.ev`). Card names are the site's full French names.
 */
import type { DhappaView } from '../../../../shared/games/dhappa/types';
import { cardName } from '../../cards/names';
import { i18n } from '../../i18n';
import { iso, say, signed, sayOf, type GameWords, type WordContext } from '../words';
import { installDhappaMessages } from './i18n';
import { refusals } from './refusals';
import { hints, learn } from './hints';
import { teamLetter } from '../../i18n/games';

installDhappaMessages();

const locale = () => (i18n.global.locale.value === 'ar' ? 'ar' : 'en');
const card = (c: unknown) => iso(typeof c === 'string' ? cardName(c, locale()) : '?');
const cards = (list: unknown) => (Array.isArray(list) ? list.map(card).join(say('dhappa.ev.list')) : '');
const team = (t: unknown) => iso(say('dhappa.team', { t: teamLetter(Number(t)) }));

function line(e: Record<string, unknown> & { type: string }, ctx: WordContext): string | null {
  switch (e.type) {
    case 'turnUp':
    case 'turnBack':
      return say(`dhappa.ev.${e.type}`, { card: card(e.card) });
    case 'draw':
    case 'merge':
    case 'out':
    case 'stuck':
      return sayOf(`dhappa.ev.${e.type}`, e.seat, ctx);
    case 'pick':
      return sayOf('dhappa.ev.pick', e.seat, ctx, { n: iso(Number(e.count ?? 0)), cards: cards(e.cards), card: card(e.deepest) });
    case 'meld':
      return sayOf(e.opens ? 'dhappa.ev.meldOpens' : 'dhappa.ev.meld', e.seat, ctx, { cards: cards(e.cards) });
    case 'add':
      return sayOf('dhappa.ev.add', e.seat, ctx, { cards: cards(e.cards) });
    case 'swap':
      return sayOf('dhappa.ev.swap', e.seat, ctx, { card: card(e.card) });
    case 'discard':
      return sayOf('dhappa.ev.discard', e.seat, ctx, { card: card(e.card) });
    case 'dhappa':
      return sayOf('dhappa.ev.dhappa', e.seat, ctx, { card: card(e.card), n: iso(Number(e.count ?? 0)) });
    case 'dealScore': {
      const points = Array.isArray(e.points) ? (e.points as number[]) : [0, 0];
      return say('dhappa.ev.dealScore', { n: iso(Number(e.deal)), a: team(0), pa: signed(points[0] ?? 0), b: team(1), pb: signed(points[1] ?? 0) });
    }
    case 'gameOver':
      return e.team === null ? say('dhappa.ev.tie') : say('dhappa.ev.gameOver', { team: team(e.team) });
    case 'deal':
      return sayOf('dhappa.ev.deal', e.seat, ctx, { n: iso(Number(e.deal ?? 0)) });
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
    const scores = [outcome.scores[0] ?? 0, outcome.scores[1] ?? 0];
    if (outcome.winners.length === ctx.names.length) return say('dhappa.ev.resultTie', { n: iso(scores[0]!) });
    const t = (outcome.winners[0] ?? 0) % 2;
    return say('dhappa.ev.result', { team: team(t), us: iso(scores[t]!), them: iso(scores[1 - t]!) });
  },
  detail(outcome, ctx) {
    const scores = [outcome.scores[0] ?? 0, outcome.scores[1] ?? 0];
    if (outcome.winners.length === ctx.names.length) return say('dhappa.ev.resultTie', { n: iso(scores[0]!) });
    const t = (outcome.winners[0] ?? 0) % 2;
    return say('dhappa.ev.score', { us: iso(scores[t]!), them: iso(scores[1 - t]!) });
  },
  waiting: (view) => {
    const v = view as DhappaView;
    return v.phase === 'over' ? [] : [v.turn];
  },
};

/** Every event type Dhappa Baaji sends, for the tests that check each has words. */
export const EVENT_TYPES = [
  'turnUp',
  'turnBack',
  'draw',
  'pick',
  'meld',
  'add',
  'merge',
  'swap',
  'discard',
  'dhappa',
  'out',
  'stuck',
  'dealScore',
  'gameOver',
  'deal',
] as const;
