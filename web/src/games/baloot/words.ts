/**
 * Baloot's events and results in the reader's language (see ../words.ts). Contract, raise
 * and project names come from the table's own words (messages.ts); the sentences are here,
 * under `baloot.log`.
 */
import type { Suit } from '../../../../shared/cards/playing-cards';
import type { BalootView } from '../../../../shared/games/baloot/types';
import { i18n } from '../../i18n';
import { iso, namesOf, say, signed, sayOf, who, type GameWords, type WordContext } from '../words';
import { installBalootMessages } from './i18n';
import { cardName, SUIT_SYMBOLS, type CardLocale } from './labels';
import { refusals } from './refusals';
import { hints, learn } from './hints';
import { waitingSeats } from './seats';

// The sentences are the table's words under `baloot.log` (messages.ts).
installBalootMessages();

const locale = (): CardLocale => (i18n.global.locale.value === 'ar' ? 'ar' : 'en');
const card = (c: unknown) => iso(typeof c === 'string' ? cardName(c, locale()) : '?');
const cards = (list: unknown) => (Array.isArray(list) ? list.map(card).join(say('baloot.log.list')) : '');
const contractName = (type: unknown, suit: unknown) =>
  iso(type === 'hokum' && typeof suit === 'string' ? say('baloot.contract.hokum', { suit: SUIT_SYMBOLS[suit as Suit] }) : say('baloot.contract.sun'));
const level = (l: unknown) => iso(say(`baloot.double.short.${String(l)}`));
const kind = (k: unknown) => say(`baloot.project.kinds.${String(k)}`);
/** Seats of a team: 0 and 2, or 1 and 3. */
const team = (t: number) => [t, t + 2];

function bidLine(e: Record<string, unknown>, ctx: WordContext): string {
  const contract = contractName(e.bid, e.suit);
  if (e.stage === 'switch') return sayOf(e.bid === 'sun' ? 'baloot.log.bid.switch' : 'baloot.log.bid.keep', e.seat, ctx, { contract });
  if (e.stage === 'priority') return sayOf(e.bid === 'sun' ? 'baloot.log.bid.claimSun' : 'baloot.log.bid.letStand', e.seat, ctx, { contract });
  if (e.asked === 'ashkal') return sayOf('baloot.log.bid.ashkalAce', e.seat, ctx, { contract });
  return sayOf(`baloot.log.bid.${String(e.bid)}`, e.seat, ctx, { contract });
}

function line(e: Record<string, unknown> & { type: string }, ctx: WordContext): string | null {
  const w = who(e.seat, ctx);
  switch (e.type) {
    case 'deal':
      return say('baloot.log.deal', { n: iso(Number(e.round)), who: w, card: card(e.card) });
    case 'kawesh':
      return sayOf('baloot.log.kawesh', e.seat, ctx);
    case 'bid':
      return bidLine(e, ctx);
    case 'redeal':
      return sayOf('baloot.log.redeal', e.seat, ctx);
    case 'contract':
      return sayOf(e.ashkal ? 'baloot.log.ashkal' : 'baloot.log.contract', e.seat, ctx, {
        bidder: who(e.bidder, ctx),
        contract: contractName(e.contract, e.trump),
        card: card(e.card),
      });
    case 'double':
      return sayOf(e.open === false ? 'baloot.log.doubleClosed' : 'baloot.log.double', e.seat, ctx, { level: level(e.level) });
    case 'noDouble':
      return sayOf('baloot.log.noDouble', e.seat, ctx, { level: level(e.level) });
    case 'declare':
      return sayOf('baloot.log.declare', e.seat, ctx, { list: (Array.isArray(e.projects) ? e.projects : []).map(kind).join(say('baloot.log.list')) });
    case 'play':
      return sayOf('baloot.log.play', e.seat, ctx, { card: card(e.card) });
    case 'baloot':
      return sayOf(e.cancelled ? 'baloot.log.balootCancelled' : 'baloot.log.baloot', e.seat, ctx);
    case 'trick':
      return sayOf('baloot.log.trick', e.seat, ctx, { n: iso(Number(e.points)) });
    case 'qayd':
      return sayOf('baloot.log.qayd', e.seat, ctx);
    case 'projects': {
      const shown = (Array.isArray(e.projects) ? (e.projects as { seat: number; kind: string }[]) : []).map((p) =>
        say('baloot.log.project', { who: who(p.seat, ctx), kind: kind(p.kind) }),
      );
      return say('baloot.log.projects', { names: namesOf(team(Number(e.team)), ctx), list: shown.join(say('baloot.log.list')) });
    }
    case 'sawa':
      return sayOf('baloot.log.sawa', e.seat, ctx, { cards: cards(e.hand) });
    case 'sawaAnswer':
      // A first answer leaves the last word to the partner (games recorded before carry no `decided`).
      if (e.decided === false)
        return sayOf(e.accept ? 'baloot.log.sawaAcceptFirst' : 'baloot.log.sawaRefuseFirst', e.seat, ctx, { partner: who((Number(e.seat) + 2) % 4, ctx) });
      return sayOf(e.accept ? 'baloot.log.sawaAccept' : 'baloot.log.sawaRefuse', e.seat, ctx);
    case 'round': {
      const awarded = Array.isArray(e.awarded) ? (e.awarded as number[]) : [0, 0];
      return say('baloot.log.round', {
        n: iso(Number(e.round)),
        contract: contractName(e.contract, e.trump),
        who: who(e.buyer, ctx),
        result: say(`baloot.log.result.${String(e.result)}`),
        names0: namesOf(team(0), ctx),
        a: signed(awarded[0] ?? 0),
        names1: namesOf(team(1), ctx),
        b: signed(awarded[1] ?? 0),
      });
    }
    case 'match': {
      const t = Number(e.team);
      const scores = Array.isArray(e.scores) ? (e.scores as number[]) : [0, 0];
      return say(e.gahwa ? 'baloot.log.matchGahwa' : 'baloot.log.match', {
        names: namesOf(team(t), ctx),
        us: iso(scores[t] ?? 0),
        them: iso(scores[1 - t] ?? 0),
      });
    }
    default:
      return null;
  }
}

function matchResult(outcome: { winners: number[]; scores: number[] }, ctx: WordContext) {
  const t = outcome.winners[0] ?? 0;
  const us = outcome.scores[t] ?? 0;
  // Only a won Gahwa ends a match before the target.
  return { team: t % 2, gahwa: us < Number(ctx.options.target ?? 152), us: iso(us), them: iso(outcome.scores[(t + 1) % 4] ?? 0) };
}

export const words: GameWords = {
  refusals,
  hints,
  learn,
  card: (id) => card(id),
  line,
  result(outcome, ctx) {
    const r = matchResult(outcome, ctx);
    return say(r.gahwa ? 'baloot.log.matchGahwa' : 'baloot.log.match', { names: namesOf(team(r.team), ctx), us: r.us, them: r.them });
  },
  detail(outcome, ctx) {
    const r = matchResult(outcome, ctx);
    return say(r.gahwa ? 'baloot.log.scoreGahwa' : 'baloot.log.score', { us: r.us, them: r.them });
  },
  waiting: (view) => waitingSeats(view as BalootView),
};

/** Every event type Baloot sends, for the tests that check each has words. */
export const EVENT_TYPES = [
  'deal',
  'kawesh',
  'bid',
  'redeal',
  'contract',
  'double',
  'noDouble',
  'declare',
  'play',
  'baloot',
  'trick',
  'qayd',
  'projects',
  'sawa',
  'sawaAnswer',
  'round',
  'match',
] as const;
