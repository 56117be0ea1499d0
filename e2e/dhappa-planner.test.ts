/**
 * The planner the Dhappa end-to-end test clicks by, played under Node: four seats each plan
 * from their own view only and send what the table would send for each step (melds and
 * additions without stand-ins, the table's swap-or-add choice, its shift question), so the
 * browser test can rely on it to reach the end of every deal and to find its joker swap.
 */
import { describe, expect, it } from 'vitest';
import { isJoker } from '../shared/games/dhappa/cards';
import { dhappa } from '../shared/games/dhappa/index';
import { NAMES } from '../shared/games/dhappa/testkit';
import type { DhappaMove, DhappaState, DhappaView, DraftStep } from '../shared/games/dhappa/types';
import { mergeMove, planForRun, planNewRun } from '../web/src/games/dhappa/logic';
import { FAN, nextAction, stateFromView, swapScript } from './dhappa-planner';

/** The move the table sends for a planned step (as the driver clicks it). */
function tableMove(view: DhappaView, step: DraftStep, runs: Map<string, string>): DhappaMove {
  const mine = view.teams.find((t) => t.team === view.you!.team)!.runs;
  const run = (id: string) => mine.find((r) => r.id === (runs.get(id) ?? id))!;
  if (step.type === 'meld') {
    const plan = planNewRun(step.cards);
    if (plan.kind !== 'move') throw new Error('empty meld');
    return plan.move;
  }
  if (step.type === 'merge') return mergeMove(run(step.a), run(step.b));
  const cards = step.type === 'add' ? step.cards : [step.card];
  const plan = planForRun(run(step.run), cards);
  if (plan.kind === 'shift') return { type: 'add', run: plan.run, cards, shift: (step.type === 'add' && step.shift) || 'high' };
  if (plan.kind !== 'move') throw new Error('nothing selected');
  return plan.move;
}

function playDeal(seed: string, emptyPile = false): { state: DhappaState; swaps: number; deepPicks: number; turns: number; picksOnly: number } {
  let s = dhappa.setup(
    NAMES.slice(0, 4).map((name) => ({ name })),
    dhappa.defaultOptions,
    seed,
  );
  let picksOnly = 0;
  let draws = 0;
  let swaps = 0;
  let deepPicks = 0;
  let turns = 0;
  const send = (move: DhappaMove) => {
    const r = dhappa.apply(s, s.turn, move);
    if (!r.ok) throw new Error(`${seed}: ${JSON.stringify(move)} refused: ${JSON.stringify(r.error)}`);
    s = r.state;
  };
  for (let guard = 0; s.phase !== 'over'; guard++) {
    expect(guard).toBeLessThan(3000);
    const seat = s.turn;
    const view = dhappa.view(s, seat);
    const script = swaps === 0 ? swapScript(view) : null;
    if (script) {
      // New runs get the next ids the table shows; the script foresaw them from the view.
      const runs = new Map<string, string>();
      let next = stateFromView(view).nextRunId;
      const joker = view.hand!.find(isJoker)!;
      for (const step of script) {
        const before = new Set(dhappa.view(s, seat).teams.flatMap((t) => t.runs.map((r) => r.id)));
        send(tableMove(dhappa.view(s, seat), step, runs));
        const after = dhappa.view(s, seat);
        if (step.type === 'meld')
          runs.set(
            `r${next++}`,
            after.teams.flatMap((t) => t.runs.map((r) => r.id)).find((id) => !before.has(id))!,
          );
        if (step.type === 'swap') expect(after.draft!.unplacedJokers).toEqual([joker]);
      }
      expect(dhappa.view(s, seat).draft!.blockers).toEqual([]);
      swaps++;
      continue;
    }
    const a = nextAction(view);
    if (view.phase === 'pick' && view.pileCount === 0) {
      expect(a.type).toBe('pick');
      picksOnly++;
    }
    if (a.type === 'draw') {
      send({ type: 'draw' });
      // The endgame early: after two rounds the rest of the draw pile leaves the game.
      if (emptyPile && ++draws === 8) s = { ...s, pile: [], removed: [...s.removed, ...s.pile] };
    } else if (a.type === 'pick') {
      expect(a.count).toBeLessThanOrEqual(FAN);
      if (a.count >= 2) deepPicks++;
      send(a);
    } else if (a.type === 'discard') {
      send(a);
      turns++;
    } else for (const step of a.steps) send(tableMove(dhappa.view(s, seat), step, new Map()));
  }
  return { state: s, swaps, deepPicks, turns, picksOnly };
}

describe('the Dhappa end-to-end planner', () => {
  it('plays 4-player deals to their end from each seat’s view through the moves the table sends, none refused', () => {
    const deals = Array.from({ length: 30 }, (_, i) => playDeal(`planner-${i}`));
    for (const d of deals) {
      expect(d.state.phase).toBe('over');
      expect(d.turns).toBeGreaterThan(0);
    }
    // The test's joker swap is found in nearly every deal, an N-pick of two or more in most.
    expect(deals.filter((d) => d.swaps > 0).length).toBeGreaterThanOrEqual(27);
    expect(deals.filter((d) => d.deepPicks > 0).length).toBeGreaterThanOrEqual(20);
  });

  it('plays the empty-pile endgame to its end: only N-picks, each placed, until someone goes out or no pick is left', () => {
    const deals = Array.from({ length: 10 }, (_, i) => playDeal(`planner-empty-${i}`, true));
    for (const d of deals) expect(d.state.phase).toBe('over');
    expect(deals.filter((d) => d.picksOnly > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('the state rebuilt from a view holds no hidden card and no RNG', () => {
    const s = dhappa.setup(
      NAMES.slice(0, 4).map((name) => ({ name })),
      dhappa.defaultOptions,
      'hidden',
    );
    const rebuilt = stateFromView(dhappa.view(s, 1));
    expect(rebuilt.hands[1]).toEqual(s.hands[1]);
    for (const seat of [0, 2, 3]) expect(new Set(rebuilt.hands[seat])).toEqual(new Set(['??']));
    expect(new Set(rebuilt.pile)).toEqual(new Set(['??']));
    expect(rebuilt.rng.s).toEqual([0, 0, 0, 0]);
  });
});
