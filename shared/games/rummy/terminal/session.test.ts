import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rummy } from '../index';
import { cards, position } from '../testkit';
import type { RummyState } from '../types';
import { displayOrder, plain } from './format';
import { hintText, runSession, type TerminalIO } from './session';

const BOB = '2D#2 3C#2 4D#2 6H#2 8C#2 9C#2 JD#2 QC#2 2S#2 3S#2 6C#2 7S#2 8H#2';

/** Answers are strings, or functions of the hand the player sees at that moment. */
type Answer = string | ((hand: string[]) => string);

/** Runs a session on scripted answers; the hand for computed answers is tracked by the caller. */
async function script(state: RummyState | undefined, answers: Answer[], handNow: () => string[] = () => []): Promise<string> {
  const out: string[] = [];
  const queue = [...answers];
  const io: TerminalIO = {
    ask(prompt) {
      out.push(prompt);
      const next = queue.shift();
      if (next === undefined) return Promise.resolve(null);
      const line = typeof next === 'string' ? next : next(handNow());
      out.push(`${line}\n`);
      return Promise.resolve(line);
    },
    print(text) {
      out.push(`${text}\n`);
    },
    clear() {
      out.push('\n-----\n');
    },
  };
  await runSession(io, { seed: 'script', style: { color: false }, state });
  return plain(out.join(''));
}

/** "1 2 3"-style numbers of these cards in the hand as displayed. */
const numbersOf = (wanted: string[]) => (hand: string[]) => wanted.map((c) => displayOrder(hand).indexOf(c) + 1).join(' ');

describe('terminal session (scripted)', () => {
  it('asks for the players, then hides each hand behind a "pass to" screen', async () => {
    const text = await script(undefined, ['2', 'Ana', 'Bob', '1', '']);
    expect(text).toContain('How many players (2-6)? 2');
    expect(text).toContain('Pass to Ana, press enter');
    expect(text.indexOf('Your hand')).toBeGreaterThan(text.indexOf('Pass to Ana'));
    expect(text).toContain('Input ended; goodbye.');
  });

  it('plays a declaration through the menus and passes the turn on', async () => {
    const hand = cards('TS JS QS KH KD KC 2C 3D 4S 9H 5C 7D 8S 2H');
    let now = hand;
    const s = position({ hands: [hand.slice(0, 13), cards(BOB)], pileTop: cards('2H') });
    const track = (remove: string[], answer: (h: string[]) => string) => (h: string[]) => {
      const a = answer(h);
      now = now.filter((c) => !remove.includes(c));
      return a;
    };
    const text = await script(
      s,
      [
        '',
        '1',
        '1',
        track(cards('TS JS QS'), numbersOf(cards('TS JS QS'))),
        'h',
        '1',
        track(cards('KH KD KC'), numbersOf(cards('KH KD KC'))),
        '6',
        numbersOf(cards('8S')),
      ],
      () => now,
    );
    expect(text).toContain("This turn's melds: 30 of 48 points, with a pure sequence.");
    expect(text).toContain('The best declaration this turn makes 60 points: 10♠ J♠ Q♠  |  K♥ K♦ K♣');
    expect(text).toContain('Ana declares with 60 points.');
    expect(text).toContain('Ana discards 8♠.');
    expect(text).toContain('Pass to Bob, press enter');
  });

  it('explains refusals and bad input without losing the turn', async () => {
    const s = position({ hands: [cards('TS JS QS KH KD KC 2C 3D 4S 9H 5C 7D 8S'), cards(BOB)], round: 2 });
    const text = await script(s, ['', '9', '1', '6', '99', '6', '1']);
    expect(text).toContain('Please pick one of the options above.');
    expect(text).toContain('Use the numbers in front of your cards (1 to 14).');
    expect(text).toContain('Ana discards');
  });

  it('asks where a joker goes when it could stand for two cards', async () => {
    const hand = cards('5H 6H X1 KS KD KC 2C 3D 4S 9H 5C 7D 8S');
    const s = position({ hands: [hand, cards(BOB)], pileTop: cards('QS') });
    const text = await script(s, ['', '1', '1', numbersOf(cards('5H 6H X1')), '2'], () => [...hand, 'QS#1']);
    expect(text).toContain('The joker could go in more than one place:');
    expect(text).toContain('1) 5♥ 6♥ Joker(7♥)');
    expect(text).toContain('2) Joker(4♥) 5♥ 6♥');
    expect(text).toContain('[1] Joker(4♥) 5♥ 6♥ *');
  });

  it('shows the score summary when a deal ends', async () => {
    const s = position({ hands: [cards('5S 6S 7S'), cards('X1 2C')], declared: [true, false], pileTop: cards('9H') });
    const text = await script(s, ['', '1', '1', numbersOf(cards('5S 6S 7S')), '7'], () => cards('5S 6S 7S 9H'));
    expect(text).toContain('Ana closes, laying the last card face down.');
    expect(text).toMatch(/Bob\s+150\s+150\s+not declared, 1 joker/);
    expect(text).toContain('Ana wins with 0 points.');
  });

  it('hints come from the meld finder', () => {
    const s = position({ hands: [cards('TS JS QS KH KD KC 2C 3D 4S 9H 5C 7D 8S'), cards(BOB)], phase: 'play' });
    expect(hintText(rummy.view(s, 0), { color: false })).toContain('You can declare 60 points');
  });
});

describe('terminal main (spawned with piped input)', () => {
  const main = join(dirname(fileURLToPath(import.meta.url)), 'main.ts');
  const tsx = join(dirname(fileURLToPath(import.meta.url)), '../../../../node_modules/.bin/tsx');
  const run = (input: string) =>
    spawnSync(tsx, [main, '--seed', 'spawn-test'], { input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 30_000 });

  it('plays a few hot-seat turns from standard input, deterministically with --seed', () => {
    // Two players; each turn: pass screen, draw from the pile, discard card 1.
    const turn = '\n1\n6\n1\n';
    const input = `2\nAna\nBob\n1\n${turn.repeat(4)}\n`;
    const first = run(input);
    expect(first.status).toBe(0);
    const out = first.stdout;
    expect(out).toContain('Pass to Ana, press enter');
    expect(out).toContain('Pass to Bob, press enter');
    expect(out).toContain('Ana draws from the pile.');
    expect(out).toMatch(/Ana discards (\S+[♠♥♦♣]|Joker)\./);
    expect(out).toContain('Deal 1 · Round 2');
    expect(out).toContain('Deal 1 · Round 3');
    expect(out).toContain('Input ended; goodbye.');
    expect(out).not.toContain('\x1b[');
    // Every hand is shown only after a "pass to" screen, and each player sees their own.
    const firstPass = out.indexOf('Pass to');
    const hands = [...out.matchAll(/Your hand\n {2}(.*)\n/g)];
    expect(hands.length).toBeGreaterThanOrEqual(8);
    expect(hands[0]!.index!).toBeGreaterThan(firstPass);
    const handAfter = (name: string) => hands.find((h) => h.index! > out.indexOf(`Pass to ${name}`))![1];
    expect(handAfter('Ana')).not.toBe(handAfter('Bob'));
    expect(run(input).stdout).toBe(out);
  });
});
