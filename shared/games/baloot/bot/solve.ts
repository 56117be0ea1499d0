/**
 * Exact search of a sampled deal's last tricks, for Strong: both teams play their best with
 * every card in sight (alpha-beta on the round's real score), instead of the playout policy.
 * Cheap once few cards are left; the bot averages it over sampled deals like a playout.
 */
import { legalMask } from '../rules';
import type { Team } from '../scoring';
import { evaluate, playCard, type SimRound, type SimState } from './sim';

/** The round's margin for `team` (its game points minus the other's) with best play from `s` on. `s` is left as it was. */
export function solve(s: SimState, r: SimRound, team: Team, alpha = -Infinity, beta = Infinity): number {
  if (s.done === 8 || s.qayd !== null) return evaluate(s, r, team);
  const seat = (s.leader + s.trick.length) & 3;
  const hand = s.hands[seat]!;
  const maximizing = (seat & 1) === team;
  const leader = s.leader;
  const trick = s.trick;
  const raw0 = s.raw[0];
  const raw1 = s.raw[1];
  const won0 = s.won[0];
  const won1 = s.won[1];
  const done = s.done;
  let m = legalMask(hand, trick, r.trump, r.closed);
  let best = maximizing ? -Infinity : Infinity;
  while (m !== 0) {
    const low = m & -m;
    m ^= low;
    s.trick = trick.slice();
    playCard(s, r, seat, 31 - Math.clz32(low));
    const v = solve(s, r, team, alpha, beta);
    s.hands[seat] = hand;
    s.leader = leader;
    s.trick = trick;
    s.raw[0] = raw0;
    s.raw[1] = raw1;
    s.won[0] = won0;
    s.won[1] = won1;
    s.done = done;
    s.qayd = null;
    if (maximizing) {
      if (v > best) best = v;
      if (best > alpha) alpha = best;
    } else {
      if (v < best) best = v;
      if (best < beta) beta = best;
    }
    if (alpha >= beta) break;
  }
  return best;
}
