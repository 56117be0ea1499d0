/**
 * Rummy with Jokers in a terminal, hot-seat: `npx tsx shared/games/rummy/terminal/main.ts`
 * (or `npm run rummy`). Reads plain lines from standard input, so it also runs with piped
 * input. `--seed <text>` (or RUMMY_SEED) makes the deal repeatable; colours are used on a
 * terminal unless NO_COLOR is set (FORCE_COLOR forces them).
 */
import { createInterface } from 'node:readline';
import { runSession, type TerminalIO } from './session';

function seedFromArgs(argv: string[]): string {
  const i = argv.indexOf('--seed');
  if (i >= 0 && argv[i + 1]) return argv[i + 1]!;
  return process.env.RUMMY_SEED ?? `${Date.now()}`;
}

/** Piped input is not shown by the terminal, so it is echoed to keep the transcript readable. */
function echo(line: string): string {
  if (!process.stdin.isTTY) process.stdout.write(`${line}\n`);
  return line;
}

/** Lines arrive in a queue, so piped input is never lost between questions. */
function lineIO(useColor: boolean): TerminalIO & { close(): void } {
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let ended = false;
  rl.on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else lines.push(line);
  });
  rl.on('close', () => {
    ended = true;
    for (const w of waiting.splice(0)) w(null);
  });
  return {
    ask(prompt) {
      process.stdout.write(prompt);
      const line = lines.shift();
      if (line !== undefined) return Promise.resolve(echo(line));
      if (ended) return Promise.resolve(null);
      return new Promise((resolve) => waiting.push((l) => resolve(l === null ? null : echo(l))));
    },
    print(text) {
      process.stdout.write(`${text}\n`);
    },
    clear() {
      if (process.stdout.isTTY && useColor) process.stdout.write('\x1b[2J\x1b[H');
      else process.stdout.write(`\n${'─'.repeat(60)}\n`);
    },
    close() {
      rl.close();
    },
  };
}

// A reader that stops early (`| head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const useColor = process.env.NO_COLOR === undefined && (process.stdout.isTTY === true || process.env.FORCE_COLOR !== undefined);
const io = lineIO(useColor);
await runSession(io, { seed: seedFromArgs(process.argv.slice(2)), style: { color: useColor } });
io.close();
