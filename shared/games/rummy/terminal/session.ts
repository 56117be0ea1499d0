/**
 * The hot-seat game loop for a terminal, line by line: it asks questions through `io` and
 * plays every move through the same engine as the rooms. Hands stay hidden between turns
 * behind a "pass to <name>" screen.
 */
import { rummy } from '../index';
import { findDeclaration, findPlay, type Plan } from '../finder';
import { layoutMeld, type StandIns } from '../melds';
import type { RummyMove, RummyOptions, RummyState, RummyView } from '../types';
import {
  bold,
  cardText,
  dealSummaryText,
  dim,
  displayOrder,
  menuFor,
  menuText,
  meldCardText,
  numberedMelds,
  pickCards,
  screenText,
  type Style,
} from './format';
import { eventLine, refusalLine, resultLine } from './words';

export interface TerminalIO {
  /** One line of input, or null when input has ended. */
  ask(prompt: string): Promise<string | null>;
  print(text: string): void;
  /** Hides what is on screen (a real clear on a terminal, a divider otherwise). */
  clear(): void;
}

export interface SessionOptions {
  seed: string;
  style: Style;
  /** Start from this state instead of asking for players (tests). */
  state?: RummyState;
}

class InputEnded extends Error {}

export async function runSession(io: TerminalIO, options: SessionOptions): Promise<void> {
  try {
    await play(io, options);
  } catch (e) {
    if (e instanceof InputEnded) {
      io.print('\nInput ended; goodbye.');
      return;
    }
    throw e;
  }
}

async function askLine(io: TerminalIO, prompt: string): Promise<string> {
  const line = await io.ask(prompt);
  if (line === null) throw new InputEnded();
  return line.trim();
}

async function askPlayers(io: TerminalIO): Promise<{ names: string[]; options: RummyOptions }> {
  let count = 0;
  while (count < 2 || count > 6) {
    count = Number(await askLine(io, 'How many players (2-6)? '));
    if (!Number.isInteger(count) || count < 2 || count > 6) io.print('Please type a number from 2 to 6.');
  }
  const names: string[] = [];
  for (let i = 1; i <= count; i++) {
    let name = (await askLine(io, `Name of player ${i}: `)).slice(0, 20);
    if (name === '') name = `Player ${i}`;
    while (names.includes(name)) name = `${name}${i}`;
    names.push(name);
  }
  const length = await askLine(io, 'Play 1) one deal or 2) a match to 500 points? [1] ');
  const options: RummyOptions = { deals: length === '2' ? 'match' : 'single', limit: 500 };
  return { names, options };
}

async function play(io: TerminalIO, options: SessionOptions): Promise<void> {
  const { style } = options;
  io.print(bold(style, 'Rummy with Jokers') + dim(style, ' — hot-seat in the terminal'));
  let state: RummyState;
  if (options.state) state = options.state;
  else {
    const { names, options: gameOptions } = await askPlayers(io);
    state = rummy.setup(
      names.map((name) => ({ name })),
      gameOptions,
      options.seed,
    );
  }
  // Public events each seat has not seen yet, shown at the start of its next turn.
  const unseen: string[][] = state.names.map(() => []);
  let onScreen: number | null = null;
  let shownDeal = state.deal;

  while (rummy.outcome(state) === null) {
    const seat = state.turn;
    if (onScreen !== seat) {
      io.clear();
      await askLine(io, `Pass to ${bold(style, state.names[seat]!)}, press enter `);
      io.clear();
      onScreen = seat;
      if (unseen[seat]!.length > 0) io.print(dim(style, `Since your last turn:\n  ${unseen[seat]!.join('\n  ')}`));
      unseen[seat] = [];
    }
    const view = rummy.view(state, seat);
    io.print('');
    io.print(screenText(view, style));
    const move = await chooseMove(io, view, style);
    if (move === 'quit') {
      io.print('Game stopped.');
      return;
    }
    if (move === null) continue;
    const result = rummy.apply(state, seat, move);
    if (!result.ok) {
      io.print(`  ✗ ${refusalLine(result.error, state.names)}`);
      continue;
    }
    state = result.state;
    for (const e of result.events) {
      const line = eventLine(e, state);
      io.print(`  ${line}`);
      unseen.forEach((list, i) => i !== seat && list.push(line));
    }
    if (state.deal !== shownDeal || rummy.outcome(state) !== null) {
      shownDeal = state.deal;
      io.print('');
      io.print(dealSummaryText(rummy.view(state, null), style));
      unseen.forEach((list) => (list.length = 0));
      if (rummy.outcome(state) === null) await askLine(io, 'Press enter for the next deal ');
      onScreen = null;
    }
  }
  io.print('');
  io.print(bold(style, resultLine(state)));
}

/** Asks what to do; returns a move, null to show the screen again, or 'quit'. */
async function chooseMove(io: TerminalIO, view: RummyView, style: Style): Promise<RummyMove | null | 'quit'> {
  const items = menuFor(view, style);
  io.print(menuText(items));
  const choice = (await askLine(io, '> ')).toLowerCase();
  if (!items.some((i) => i.key === choice)) {
    io.print('  Please pick one of the options above.');
    return null;
  }
  const hand = view.hand ?? [];
  if (choice === 'q') return 'quit';
  if (choice === 'h') {
    io.print(hintText(view, style));
    return null;
  }
  if (view.phase === 'draw') return { type: 'draw', from: choice === '2' ? 'discard' : 'pile' };
  switch (choice) {
    case '1': {
      const cards = await askCards(io, hand, 'Cards for the new meld (numbers, e.g. 1 2 3): ');
      if (!cards) return null;
      const as = await askStandIns(io, cards, style);
      return as === null ? null : { type: 'meld', cards, as };
    }
    case '2': {
      const meld = await askMeld(io, view, 'Which meld? [number] ');
      if (!meld) return null;
      const cards = await askCards(io, hand, 'Cards to add (numbers): ');
      if (!cards) return null;
      const as = await askStandIns(io, cards, style, meld);
      return as === null ? null : { type: 'extend', meldId: meld.id, cards, as };
    }
    case '3': {
      const meld = await askMeld(io, view, 'Take the joker from which meld? [number] ');
      if (!meld) return null;
      const cards = await askCards(io, hand, 'Your card that the joker stands for (number): ');
      return cards && cards.length === 1 ? { type: 'swapJoker', meldId: meld.id, card: cards[0]! } : null;
    }
    case '4':
      return { type: 'undo' };
    case '5':
      return { type: 'undo', returnDiscard: true };
    case '6': {
      const cards = await askCards(io, hand, 'Card to discard (number): ');
      return cards && cards.length === 1 ? { type: 'discard', card: cards[0]! } : null;
    }
    case '7':
      return { type: 'close', card: hand[0]! };
  }
  return null;
}

async function askCards(io: TerminalIO, hand: readonly string[], prompt: string): Promise<string[] | null> {
  const cards = pickCards(await askLine(io, prompt), hand);
  if (!cards) io.print(`  Use the numbers in front of your cards (1 to ${hand.length}).`);
  return cards;
}

async function askMeld(io: TerminalIO, view: RummyView, prompt: string) {
  const melds = numberedMelds(view);
  if (melds.length === 0) {
    io.print('  There are no melds on the table yet.');
    return null;
  }
  const n = Number(await askLine(io, prompt));
  const meld = melds[n - 1];
  if (!meld) io.print(`  Pick a meld number from 1 to ${melds.length}.`);
  return meld ?? null;
}

/** When jokers could stand for different cards, asks which layout is meant. */
async function askStandIns(io: TerminalIO, cards: string[], style: Style, base?: RummyView['table'][number][number]): Promise<StandIns | null> {
  const jokers = cards.filter((c) => c.startsWith('X'));
  if (jokers.length === 0) return {};
  const laid = layoutMeld(cards, {}, base);
  if (!laid.ok) return {}; // the engine will explain what is wrong
  const options = laid.alternatives.map((layout) => {
    const as: StandIns = {};
    for (const mc of layout.cards) if (jokers.includes(mc.card) && mc.as) as[mc.card] = mc.as;
    return { as, text: layout.cards.map((mc) => meldCardText(mc, style)).join(' ') };
  });
  const distinct = options.filter((o, i) => options.findIndex((p) => JSON.stringify(p.as) === JSON.stringify(o.as)) === i);
  if (distinct.length <= 1) return distinct[0]?.as ?? {};
  io.print('  The joker could go in more than one place:');
  distinct.forEach((o, i) => io.print(`  ${i + 1}) ${o.text}`));
  const pick = distinct[Number((await askLine(io, 'Which one? [1] ')) || '1') - 1];
  if (!pick) io.print('  Please pick one of the numbers shown.');
  return pick?.as ?? null;
}

function planText(plan: Plan, style: Style): string {
  const parts = [
    ...plan.swaps.map((sw) => `swap ${cardText(sw.card, style)} for the joker`),
    ...plan.melds.map((m) => m.cards.map((c) => cardText(c, style)).join(' ')),
    ...plan.extensions.map((e) => `add ${e.cards.map((c) => cardText(c, style)).join(' ')}`),
  ];
  return parts.join('  |  ');
}

/** The meld finder's suggestion for the player whose turn it is. */
export function hintText(view: RummyView, style: Style): string {
  const you = view.you;
  const hand = view.hand ?? [];
  if (!you) return '';
  if (view.round < view.meldRound) return `  Melds open in round ${view.meldRound}. Keep pairs and near-sequences; throw high loners.`;
  if (view.phase === 'draw') {
    if (you.canTakeDiscard && you.discardUsable) return `  You could meld ${cardText(view.discardTop!, style)} this turn: taking it is an option.`;
    return '  The discard does not fit your melds; draw from the pile.';
  }
  const ordered = displayOrder(hand);
  const numbers = (cards: string[]) => cards.map((c) => ordered.indexOf(c) + 1).join(' ');
  if (!you.declared && !you.mayExtend) {
    // Count the melds already laid this turn back in: the declaration is the whole turn's.
    const drafted = view.table
      .flat()
      .filter((m) => view.draft?.newMeldIds.includes(m.id))
      .flatMap((m) => m.cards.map((mc) => mc.card));
    const plan = findDeclaration([...hand, ...drafted], { mustUse: view.draft?.takenDiscard ?? null });
    if (!plan) return `  No declaration yet: you need ${view.declarationMinimum} points with a pure sequence.`;
    if (drafted.length > 0) return `  The best declaration this turn makes ${plan.points} points: ${planText(plan, style)}`;
    return `  You can declare ${plan.points} points: ${planText(plan, style)}\n  (cards ${plan.melds.map((m) => numbers(m.cards)).join(' / ')})`;
  }
  const table = view.table.flat().map((m) => ({ id: m.id, owner: m.owner, kind: m.kind, cards: m.cards }));
  const plan = findPlay(hand, table, { mustUse: view.draft?.takenDiscard ?? null });
  if (!plan || plan.melds.length + plan.extensions.length + plan.swaps.length === 0) return '  Nothing more to meld; discard your least useful card.';
  const close = plan.left.length === 1 ? ' — then you can close!' : '';
  return `  You could lay: ${planText(plan, style)}${close}`;
}
