/**
 * What the bidding, doubling and announcement UI shows, worked out from the view and the
 * room's public events. Pure, so every rule the panel follows is tested under Node.
 */
import type { Suit } from '../../../../shared/cards/playing-cards';
import type { EventOf } from '../../../../shared/engine/types';
import type { baloot } from '../../../../shared/games/baloot';
import type { BidOption, BidRecord, BiddingStage, DoubleLevel, ProjectKind } from '../../../../shared/games/baloot/types';

export interface BidButtons {
  stage: BiddingStage;
  pass: boolean;
  sun: boolean;
  ashkal: boolean;
  /** Hokum in the one suit on offer: round 1's public suit, or the standing Hokum to keep. */
  hokum: Suit | null;
  /** Round 2: every suit Hokum may be bid in (never the public card's). */
  hokumSuits: Suit[];
}

/** Group the view's legal bids into the panel's buttons; anything not legal is not shown. */
export function bidButtons(bids: readonly BidOption[], stage: BiddingStage, round: 1 | 2): BidButtons {
  const hokum = bids.filter((b) => b.bid === 'hokum' && b.suit).map((b) => b.suit!);
  const picker = stage === 'bid' && round === 2;
  return {
    stage,
    pass: bids.some((b) => b.bid === 'pass'),
    sun: bids.some((b) => b.bid === 'sun'),
    ashkal: bids.some((b) => b.bid === 'ashkal'),
    hokum: picker ? null : (hokum[0] ?? null),
    hokumSuits: picker ? hokum : [],
  };
}

/** How a recorded bid reads in a speech bubble: a message key and the trump suit if any. */
export function bidBubble(rec: Pick<BidRecord, 'bid' | 'stage' | 'suit'>): { key: string; suit?: Suit } {
  if (rec.stage === 'switch') return rec.bid === 'sun' ? { key: 'switchSun' } : { key: 'keepHokum', suit: rec.suit };
  if (rec.stage === 'priority') return rec.bid === 'sun' ? { key: 'claimSun' } : { key: 'letStand' };
  return rec.bid === 'hokum' ? { key: 'hokum', suit: rec.suit } : { key: rec.bid };
}

/** Each seat's latest bid in the current deal (later rounds and stages replace earlier ones). */
export function latestBids(bids: readonly BidRecord[]): Map<number, BidRecord> {
  const out = new Map<number, BidRecord>();
  for (const b of bids) out.set(b.seat, b);
  return out;
}

/** A room event as the table receives it (see the engine's events). */
export type TableEvent = EventOf<typeof baloot>;

export type BubbleTone = 'bid' | 'double' | 'project' | 'baloot' | 'sawa' | 'info';
export interface Bubble {
  seat: number;
  /** Message key under baloot.bubble. */
  key: string;
  params?: Record<string, string | number>;
  tone: BubbleTone;
}

const LEVELS: readonly DoubleLevel[] = ['double', 'triple', 'four', 'gahwa'];
const PROJECTS: readonly ProjectKind[] = ['sira', 'fifty', 'hundred', 'fourHundred'];

/**
 * Short-lived bubbles for what just happened at the table. Bids are not here: their
 * bubbles come from the view, so they survive a reload.
 */
export function eventBubbles(events: readonly TableEvent[]): Bubble[] {
  const out: Bubble[] = [];
  for (const e of events) {
    if (typeof e.seat !== 'number') continue;
    const seat = e.seat;
    switch (e.type) {
      case 'double': {
        const level = LEVELS.includes(e.level as DoubleLevel) ? (e.level as DoubleLevel) : 'double';
        out.push({ seat, key: e.open === false ? `${level}Closed` : level, tone: 'double' });
        break;
      }
      case 'noDouble':
        out.push({ seat, key: 'noDouble', tone: 'double' });
        break;
      case 'kawesh':
        out.push({ seat, key: 'kawesh', tone: 'bid' });
        break;
      case 'declare': {
        const kinds = Array.isArray(e.projects) ? e.projects.filter((k): k is ProjectKind => PROJECTS.includes(k as ProjectKind)) : [];
        out.push({ seat, key: 'declare', params: { kinds: kinds.join(',') }, tone: 'project' });
        break;
      }
      case 'baloot':
        out.push({ seat, key: 'baloot', tone: 'baloot' });
        break;
      case 'sawa':
        out.push({ seat, key: 'sawa', tone: 'sawa' });
        break;
      case 'sawaAnswer':
        out.push({ seat, key: e.accept ? 'sawaAccept' : 'sawaRefuse', tone: 'sawa' });
        break;
      case 'timeout':
        out.push({ seat, key: 'timeout', tone: 'info' });
        break;
    }
  }
  return out;
}

/** The raise the doubling panel offers: its multiplier, and Open/Closed when Hokum. */
export function raiseFactor(level: DoubleLevel): number {
  return level === 'gahwa' ? 4 : LEVELS.indexOf(level) + 2;
}
