/**
 * The Easy Baloot bot: no search, a few table rules of thumb, from the seat's view only. It
 * bids a Hokum only on a long trump suit with its Jack and a Sun only on three Aces, never
 * raises or claims, and plays greedily: take the trick with the cheapest card that wins it,
 * otherwise throw the cheapest card. It does not count cards or read voids, so a Normal
 * table beats it clearly, but it never plays a silly card on a trick its partner holds.
 */
import { RANK_A, RANK_J, SUIT_MASK, cardIndex, cardName, maskOf, popcount, suitIndex } from '../cards';
import { beatingMask, cheapestCard, trickWinnerIndex } from '../rules';
import type { BalootKnowledge, BalootMove, BidOption } from '../types';

const toMove = (o: BidOption): BalootMove => (o.suit ? { type: 'bid', bid: o.bid, suit: o.suit } : { type: 'bid', bid: o.bid });

/** Whether a Hokum in `suit` looks good to a beginner: four trumps counting the public card, the Jack among them. */
function likesHokum(hand: number, suit: number, publicCard: number): boolean {
  const trumps = (hand | (1 << publicCard)) & SUIT_MASK[suit]!;
  return popcount(trumps) >= 4 && (trumps & (1 << (suit * 8 + RANK_J))) !== 0;
}

function easyBid(v: BalootKnowledge): BalootMove {
  const bids = v.actions.bids;
  const hand = maskOf(v.hand);
  const publicCard = cardIndex(v.publicCard);
  const hokum = bids.find((b) => b.bid === 'hokum' && likesHokum(hand, suitIndex(b.suit!), publicCard));
  let aces = 0;
  for (let s = 0; s < 4; s++) if ((hand & (1 << (s * 8 + RANK_A))) !== 0) aces++;
  const sun = aces >= 3 ? bids.find((b) => b.bid === 'sun') : undefined;
  if (v.bidding?.stage === 'switch') return toMove(bids.find((b) => b.bid === 'hokum') ?? bids[0]!);
  const pick = sun ?? hokum ?? bids.find((b) => b.bid === 'pass') ?? bids[0]!;
  return toMove(pick);
}

function easyPlay(v: BalootKnowledge): string {
  const c = v.contract!;
  const trump = c.type === 'hokum' && c.trump ? suitIndex(c.trump) : -1;
  const legal = maskOf(v.playable);
  const trick = v.trick ? v.trick.plays.map((p) => cardIndex(p.card)) : [];
  if (trick.length === 0) {
    // Lead a side Ace when there is one, else something cheap.
    for (let s = 0; s < 4; s++) if (s !== trump && (legal & (1 << (s * 8 + RANK_A))) !== 0) return cardName(s * 8 + RANK_A);
    return cardName(cheapestCard(legal, trump));
  }
  const winI = trickWinnerIndex(trick, trump);
  if (winI === trick.length - 2) return cardName(cheapestCard(legal, trump));
  const winners = legal & beatingMask(trick[winI]!, trump);
  return cardName(cheapestCard(winners !== 0 ? winners : legal, trump));
}

/** The Easy bot's move for what `v` shows (v must be a seat's view). */
export function easyFromView(v: BalootKnowledge): BalootMove {
  const a = v.actions;
  if (a.sawaAnswer) return { type: 'sawaAnswer', accept: false };
  if (a.kawesh) return { type: 'kawesh' };
  if (a.bids.length > 0) return easyBid(v);
  if (a.double) return { type: 'noDouble' };
  if (a.declare) return { type: 'declare' };
  if (v.playable.length > 0) return { type: 'play', card: easyPlay(v) };
  return { type: 'bid', bid: 'pass' };
}
