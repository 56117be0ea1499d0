/**
 * Rummy with Jokers' events and results in the reader's language (see ../words.ts), for the
 * room's move log and announcements and for the hot-seat's "since your last turn" list.
 * The words live under `rummy.log` (messages.ts).
 */
import type { RummyView } from '../../../../shared/games/rummy/types';
import { cardName } from '../../cards/names';
import { i18n } from '../../i18n';
import { iso, namesOf, say, sayOf, who, type GameWords, type WordContext } from '../words';
import { refusals } from './refusals';
import { hints, learn } from './hints';
import { installRummyMessages } from './i18n';

// The sentences are Rummy's words under `rummy.log` (messages.ts).
installRummyMessages();

const locale = () => (i18n.global.locale.value === 'ar' ? 'ar' : 'en');
const card = (c: unknown) => iso(typeof c === 'string' ? cardName(c, locale()) : '?');
const kindOf = (k: unknown) => say(`rummy.log.kind.${k === 'run' ? 'run' : 'set'}`);

function whose(e: Record<string, unknown>, ctx: WordContext): string {
  const kind = kindOf(e.kind);
  return e.owner === e.seat ? sayOf('rummy.log.own', e.seat, ctx, { kind }) : say('rummy.log.others', { kind, who: who(e.owner, ctx) });
}

function line(e: Record<string, unknown> & { type: string }, ctx: WordContext): string | null {
  const w = who(e.seat, ctx);
  switch (e.type) {
    case 'draw':
      return e.from === 'discard' ? sayOf('rummy.log.drawDiscard', e.seat, ctx, { card: card(e.card) }) : sayOf('rummy.log.drawPile', e.seat, ctx);
    case 'return':
    case 'discard':
      return sayOf(`rummy.log.${e.type}`, e.seat, ctx, { card: card(e.card) });
    case 'meld':
      return sayOf('rummy.log.meld', e.seat, ctx, { kind: kindOf(e.kind), cards: (Array.isArray(e.cards) ? e.cards : []).map(card).join(' ') });
    case 'declare':
      return sayOf('rummy.log.declare', e.seat, ctx, { n: iso(Number(e.points ?? 0)) });
    case 'swap':
      return sayOf('rummy.log.swap', e.seat, ctx, { card: card(e.card), whose: whose(e, ctx) });
    case 'extend':
      return sayOf('rummy.log.extend', e.seat, ctx, { whose: whose(e, ctx) });
    case 'close':
      return sayOf('rummy.log.close', e.seat, ctx);
    case 'exhausted':
    case 'reshuffle':
      return say(`rummy.log.${e.type}`);
    case 'dealScore': {
      const points = Array.isArray(e.points) ? (e.points as number[]) : [];
      const scores = points.map((p, seat) => say('rummy.log.score', { who: who(seat, ctx), n: iso(p) })).join(say('rummy.log.list'));
      return say('rummy.log.dealScore', { n: iso(Number(e.deal ?? 0)), scores });
    }
    case 'gameOver':
      return resultLine(Array.isArray(e.winners) ? (e.winners as number[]) : [], Number(e.points ?? 0), ctx);
    case 'deal':
      return say('rummy.log.deal', { n: iso(Number(e.deal ?? 0)), who: w });
    default:
      return null;
  }
}

/** "Ana wins with 40 points." / "Ana & Ben share the win with 12 points." */
export function resultLine(winners: readonly number[], points: number, ctx: WordContext): string {
  if (winners.length === 1) return say('rummy.log.wins', { who: who(winners[0], ctx), n: iso(points) });
  return say('rummy.log.share', { names: namesOf(winners, ctx), n: iso(points) });
}

export const words: GameWords = {
  refusals,
  hints,
  learn,
  card: (id) => card(id),
  line,
  result: (outcome, ctx) => resultLine(outcome.winners, outcome.scores[outcome.winners[0] ?? 0] ?? 0, ctx),
  detail: (outcome) => say('rummy.log.points', { n: iso(outcome.scores[outcome.winners[0] ?? 0] ?? 0) }),
  waiting: (view) => {
    const v = view as RummyView;
    return v.phase === 'over' ? [] : [v.turn];
  },
};

/** Every event type Rummy sends, for the tests that check each has words. */
export const EVENT_TYPES = [
  'draw',
  'return',
  'meld',
  'declare',
  'swap',
  'extend',
  'discard',
  'close',
  'exhausted',
  'reshuffle',
  'dealScore',
  'gameOver',
  'deal',
] as const;
