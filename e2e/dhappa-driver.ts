/**
 * A person playing Dhappa Baaji by clicking: their view is followed from the frames their own
 * browser receives (the `full` and the patches of each `update`, applied as the page's store
 * applies them), each step is planned from that view alone (`dhappa-planner.ts`, the game's
 * bot), and carried out through the table's buttons, cards and runs.
 */
import { expect, type Page } from '@playwright/test';
import { isJoker } from '../shared/games/dhappa/cards';
import type { DhappaView, DraftStep } from '../shared/games/dhappa/types';
import { updateBase, type PatchOp } from '../shared/protocol/index';
import { applyPatch } from '../shared/room/patch';
import { planForRun } from '../web/src/games/dhappa/logic';
import { CARD_CORNER } from './dhappa-player';
import { nextAction, swapScript } from './dhappa-planner';
import type { Player } from './room-helpers';

interface Frame {
  t: string;
  version?: number;
  base?: number;
  view?: unknown;
  patch?: PatchOp[];
  events?: { type: string; seat?: number; count?: number }[];
  room?: { seats: ({ kind: string; botPlaying: boolean } | null)[] };
}

/** What one browser was sent: the seat's view, its version, every event, and bots seen on people's seats. */
export class Feed {
  version = 0;
  view: DhappaView | null = null;
  events: { type: string; seat?: number; count?: number }[] = [];
  /** Seats of people a bot played at some point (taken over or away). */
  botPlayed = new Set<number>();

  constructor(page: Page) {
    page.on('websocket', (ws) => ws.on('framereceived', (f) => this.take(String(f.payload))));
  }

  private take(payload: string): void {
    let msg: Frame;
    try {
      msg = JSON.parse(payload) as Frame;
    } catch {
      return;
    }
    if (msg.room) msg.room.seats.forEach((s, i) => s?.kind === 'human' && s.botPlaying && this.botPlayed.add(i));
    if (msg.t === 'full') {
      this.version = msg.version!;
      this.view = msg.view as DhappaView;
    } else if (msg.t === 'update') {
      // Like the page's store: an update that does not build on this view waits for the full one.
      if (updateBase(msg as { version: number; base?: number }) > this.version) return;
      if (msg.view !== undefined) this.view = msg.view as DhappaView;
      else if (msg.patch) this.view = applyPatch(this.view, msg.patch);
      this.version = msg.version!;
      this.events.push(...(msg.events ?? []));
    }
  }
}

export interface Person extends Player {
  feed: Feed;
  seat: number;
  /** Turns this person ended by clicking (a discard, a Dhappa or going out). */
  turns: number;
}

/** What the four-person test wants to see done by clicking at least once. */
export interface Goals {
  npick: boolean;
  fanRefusal: boolean;
  refusal: boolean;
  undo: boolean;
  dhappa: boolean;
  swap: boolean;
  goOut: boolean;
  /** Pick turns with an empty draw pile (only N-picks legal). */
  emptyPilePicks: number;
}

export function noGoals(): Goals {
  return { npick: false, fanRefusal: false, refusal: false, undo: false, dhappa: false, swap: false, goOut: false, emptyPilePicks: 0 };
}

const DEBUG = !!process.env.DEBUG_DHAPPA;
function say(p: Person, what: string): void {
  if (DEBUG) console.log(`${new Date().toISOString().slice(14, 23)} ${p.name} v${p.feed.version} ${what}`);
}

const DOM_VERSION = () => Number(document.querySelector('main.stage')?.getAttribute('data-version'));

/** The page has drawn the newest view its socket received, newer than `after`; that view. */
async function settled(p: Person, after: number, ms = 8000): Promise<DhappaView> {
  const until = Date.now() + ms;
  for (;;) {
    if (p.feed.version > after && p.feed.view) {
      const shown = await p.page.evaluate(DOM_VERSION);
      if (shown === p.feed.version) return p.feed.view;
    }
    if (Date.now() > until) throw new Error(`${p.name}: no new view after version ${after} (feed ${p.feed.version})`);
    await p.page.waitForTimeout(25);
  }
}

async function clearSelection(page: Page): Promise<void> {
  for (const c of await page.locator('[data-testid^="hand-card-"][aria-pressed="true"]').all()) await c.click({ position: CARD_CORNER });
}

/** Selects these cards (the selection is empty here: each move, refusal or discard leaves it so). */
async function select(page: Page, cards: readonly string[]): Promise<void> {
  for (const c of cards) await page.getByTestId(`hand-card-${c}`).click({ position: CARD_CORNER });
  await expect(page.locator('[data-testid^="hand-card-"][aria-pressed="true"]')).toHaveCount(cards.length);
}

function myRuns(view: DhappaView): string[] {
  return view.teams.find((t) => t.team === view.you!.team)!.runs.map((r) => r.id);
}

/** Clicks one draft step; returns the view after it. `runs` maps run ids a plan foresaw to the ids the table shows. */
async function clickStep(p: Person, step: DraftStep, runs: Map<string, string>): Promise<DhappaView> {
  const { page } = p;
  say(p, JSON.stringify(step));
  const id = (r: string) => runs.get(r) ?? r;
  const v = p.feed.version;
  if (step.type === 'meld') {
    await select(page, step.cards);
    await page.getByTestId('new-run').click();
  } else if (step.type === 'add' || step.type === 'swap') {
    const cards = step.type === 'add' ? step.cards : [step.card];
    const run = p.feed.view!.teams.flatMap((t) => t.runs).find((r) => r.id === id(step.run))!;
    await select(page, cards);
    await page.getByTestId(`run-${run.id}`).click();
    // A 2 that could move to either end: the table asks which.
    if (planForRun(run, cards).kind === 'shift') await page.getByTestId(`shift-${(step.type === 'add' && step.shift) || 'high'}`).click();
  } else {
    await clearSelection(page);
    await page.getByTestId(`run-${id(step.a)}`).click();
    await page.getByTestId(`run-${id(step.b)}`).click();
    await page.getByTestId('merge').click();
  }
  return settled(p, v);
}

async function discard(p: Person, card: string): Promise<DhappaView> {
  const v = p.feed.version;
  say(p, `discard ${card}`);
  await select(p.page, [card]);
  await p.page.getByTestId('discard').click();
  const after = await settled(p, v);
  p.turns++;
  return after;
}

/** Clicks a joker swap script (swapScript): new runs get the ids the table gives them. */
async function clickSwap(p: Person, script: DraftStep[], view: DhappaView): Promise<void> {
  const joker = view.hand!.find(isJoker)!;
  const runs = new Map<string, string>();
  let next = Math.max(0, ...view.teams.flatMap((t) => t.runs.map((r) => Number(r.id.slice(1))))) + 1;
  for (const step of script) {
    const before = myRuns(p.feed.view!);
    const after = await clickStep(p, step, runs);
    if (step.type === 'meld') {
      const made = myRuns(after).find((r) => !before.includes(r));
      expect(made, `${p.name}: the meld ${step.cards.join(' ')} was laid`).toBeTruthy();
      runs.set(`r${next++}`, made!);
    }
    if (step.type === 'swap') {
      // The natural card took the joker's place; the joker is back in the hand and owed to the table.
      expect(after.hand, `${p.name}: the swapped joker came back to the hand`).toContain(joker);
      expect(after.draft?.unplacedJokers).toContain(joker);
    }
  }
  const done = p.feed.view!;
  expect(done.hand, `${p.name}: the joker went back on the table`).not.toContain(joker);
  expect(done.draft?.blockers).toEqual([]);
}

/**
 * Plays this person's whole turn by clicking: pick, the planned draft steps, the discard;
 * along the way, the first time each is possible, what `goals` still lacks.
 */
export async function playTurn(p: Person, goals: Goals): Promise<void> {
  const { page } = p;
  let view = await settled(p, -1);
  const started = view.deal;
  const ended = () => p.feed.view!.phase === 'over' || p.feed.view!.turn !== p.seat || p.feed.view!.deal !== started;
  while (!ended()) {
    view = p.feed.view!;
    if (view.phase === 'pick') {
      const v = p.feed.version;
      let a = nextAction(view);
      // An N-pick of 2 or more the first time one is legal (the fan shows 16 cards).
      const deep = view.you!.picks.filter((n) => n >= 2 && n <= 16);
      if (!goals.npick && deep.length > 0) a = { type: 'pick', count: Math.max(...deep) };
      say(p, `${JSON.stringify(a)} legal picks ${view.you!.picks.join(',')} pile ${view.discard.join(' ')}`);
      if (a.type === 'draw') {
        await page.getByTestId('draw').click();
        await settled(p, v);
        continue;
      }
      const n = a.type === 'pick' ? a.count : 1;
      if (view.pileCount === 0) goals.emptyPilePicks++;
      await page.getByTestId('discard-pile').click();
      await expect(page.getByTestId('pick-fan')).toBeVisible();
      // A depth the view says cannot be placed: the server refuses and the table says why.
      const illegal = page.locator('[data-testid^="fan-depth-"][data-legal="false"]').first();
      if (!goals.fanRefusal && (await illegal.count()) > 0) {
        await illegal.click();
        await page.getByTestId('pick-confirm').click();
        await expect(page.getByTestId('toast')).toContainText(/cannot pick/i);
        goals.fanRefusal = true;
        await page.getByTestId('discard-pile').click();
      }
      await page.getByTestId(`fan-depth-${n}`).click();
      await expect(page.getByTestId(`fan-depth-${n}`)).toHaveAttribute('aria-pressed', 'true');
      await page.getByTestId('pick-confirm').click();
      const after = await settled(p, v);
      expect(after.discard.length, `${p.name}: picked ${n}`).toBe(view.discard.length - n);
      expect(after.draft?.deepest).toBe(view.discard[view.discard.length - n]);
      if (n >= 2) goals.npick = true;
      continue;
    }
    const owed = !!view.draft?.deepest && !view.draft.deepestPlaced;
    if (!goals.refusal && view.hand!.length > 1) {
      // One card is no run: the server refuses, the table shows why, and nothing changes.
      await select(page, [view.hand![0]!]);
      await page.getByTestId('new-run').click();
      await expect(page.getByTestId('toast')).toBeVisible();
      expect(p.feed.view!.hand).toEqual(view.hand);
      goals.refusal = true;
      await clearSelection(page);
    }
    if (!goals.swap && !owed && (view.draft?.unplacedJokers.length ?? 0) === 0) {
      const script = swapScript(view);
      if (script) {
        await clickSwap(p, script, view);
        goals.swap = true;
        continue;
      }
    }
    // A 2 kept back from the plan for a Dhappa (once nothing is owed to the table).
    const two = !goals.dhappa && !owed ? view.hand!.find((c) => c[0] === '2') : undefined;
    const a = nextAction(view, two ? [two] : []);
    if (a.type === 'steps') {
      const before = view;
      const after = await clickStep(p, a.steps[0]!, new Map());
      for (const step of a.steps.slice(1)) await clickStep(p, step, new Map());
      if (!goals.undo && a.steps[0]!.type === 'meld') {
        // Take the new meld back: hand and board are as they were; the plan lays it again.
        expect(myRuns(after).length).toBe(myRuns(before).length + 1);
        const v = p.feed.version;
        await page.getByTestId('undo').click();
        const undone = await settled(p, v);
        expect([...undone.hand!].sort()).toEqual([...before.hand!].sort());
        expect(myRuns(undone)).toEqual(myRuns(before));
        goals.undo = true;
      }
      continue;
    }
    if (a.type !== 'discard') throw new Error(`${p.name}: ${a.type} in the play phase`);
    if (two && view.you!.discardable.includes(two) && view.hand!.length > 1) {
      // The Dhappa: the 2 takes the whole discard pile out of the game.
      const pile = view.discard.length;
      const after = await discard(p, two);
      expect(after.removedCount, `${p.name}: the Dhappa removed the pile and the 2`).toBe(view.removedCount + pile + 1);
      expect(after.discard).toEqual([]);
      goals.dhappa = true;
      continue;
    }
    const out = view.hand!.length === 1;
    if (out) await expect(page.getByTestId('discard')).toHaveText(/go out/i);
    await discard(p, a.card);
    if (out) goals.goOut = true;
  }
}

/** Plays until the deal is over: each person's turns by clicking, bots' turns waited for. */
export async function playDeal(people: Person[], goals: Goals, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    // Versions count the room's moves, the same for every socket: the newest view says whose turn it is.
    const latest = people.reduce((a, b) => (b.feed.version > a.feed.version ? b : a)).feed.view;
    if (latest?.phase === 'over') return;
    const p = latest ? people.find((q) => q.seat === latest.turn) : undefined;
    if (p && p.feed.view?.turn === p.seat && p.feed.view.phase !== 'over') await playTurn(p, goals);
    else await people[0]!.page.waitForTimeout(30);
    if (Date.now() > until) throw new Error(`the deal did not end in ${ms / 1000} s`);
  }
}

/** Turns each seat ended, as the events this browser received tell it. */
export function turnsBySeat(feed: Feed): Map<number, number> {
  const out = new Map<number, number>();
  for (const e of feed.events) if ((e.type === 'discard' || e.type === 'dhappa') && e.seat !== undefined) out.set(e.seat, (out.get(e.seat) ?? 0) + 1);
  return out;
}
