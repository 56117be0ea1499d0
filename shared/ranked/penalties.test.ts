import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BAN_LADDER_MS, banEnd, emptyEscapeRecord, ESCAPE_WINDOW_MS, LADDER_RESET_MS, recordLeave, type Ban, type EscapeRecord } from './penalties';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** Plays a list of leaves (time, behind) and returns the final record and every ban given. */
function play(leaves: [number, boolean][], start: EscapeRecord = emptyEscapeRecord()) {
  let record = start;
  const bans: Ban[] = [];
  for (const [at, behind] of leaves) {
    const out = recordLeave(record, { at, behind });
    record = out.record;
    if (out.ban) bans.push(out.ban);
  }
  return { record, bans };
}

/** Three escapes a minute apart starting at `t`. */
const three = (t: number): [number, boolean][] => [
  [t, true],
  [t + MIN, true],
  [t + 2 * MIN, true],
];

describe('escape counter', () => {
  it('leaving while level or ahead is not an escape and changes nothing', () => {
    const { record, bans } = play([
      [0, false],
      [MIN, false],
      [2 * MIN, false],
      [3 * MIN, false],
    ]);
    expect(bans).toEqual([]);
    expect(record).toEqual(emptyEscapeRecord());
  });

  it('two escapes in 24 hours bring no ban; the third brings a 15-minute ban from that moment', () => {
    const { record, bans } = play(three(1000));
    expect(bans).toEqual([{ from: 1000 + 2 * MIN, until: 1000 + 2 * MIN + 15 * MIN, step: 0 }]);
    expect(banEnd(record, 1000 + 2 * MIN)).toBe(1000 + 17 * MIN);
    expect(play(three(1000).slice(0, 2)).bans).toEqual([]);
  });

  it('escapes 24 hours old or more no longer count (a rolling 24-hour window)', () => {
    expect(
      play([
        [0, true],
        [12 * HOUR, true],
        [ESCAPE_WINDOW_MS, true],
      ]).bans,
    ).toEqual([]);
    expect(
      play([
        [0, true],
        [12 * HOUR, true],
        [ESCAPE_WINDOW_MS - 1, true],
      ]).bans,
    ).toHaveLength(1);
  });

  it('the escapes that brought a ban are used up: the next ban needs three new escapes', () => {
    const first = play(three(0));
    const after = first.record.bannedUntil!;
    const { bans } = play(
      [
        [after + MIN, true],
        [after + 2 * MIN, true],
      ],
      first.record,
    );
    expect(bans).toEqual([]);
  });
});

describe('ban ladder', () => {
  it('bans climb from 15 minutes to 1 hour to 24 hours, then stay at 24 hours', () => {
    const leaves: [number, boolean][] = [];
    for (let k = 0; k < 5; k++) leaves.push(...three(k * 2 * DAY));
    const { bans } = play(leaves);
    expect(bans.map((b) => b.until - b.from)).toEqual([15 * MIN, HOUR, DAY, DAY, DAY]);
    expect(bans.map((b) => b.step)).toEqual([0, 1, 2, 3, 4]);
  });

  it('the ladder resets to 15 minutes for a ban that starts 7 days after the last ban ended, not before', () => {
    const first = play([...three(0), ...three(DAY)]); // 15 minutes, then 1 hour
    const lastEnd = first.record.bannedUntil!;
    const tooSoon = play(three(lastEnd + LADDER_RESET_MS - 3 * MIN), first.record);
    expect(tooSoon.bans[0]!.until - tooSoon.bans[0]!.from).toBe(DAY);
    const clean = play(three(lastEnd + LADDER_RESET_MS - 2 * MIN), first.record);
    expect(clean.bans[0]).toMatchObject({ step: 0 });
    expect(clean.bans[0]!.until - clean.bans[0]!.from).toBe(15 * MIN);
    // After the reset the ladder climbs again from the start.
    const again = play(three(clean.record.bannedUntil! + HOUR), clean.record);
    expect(again.bans[0]!.until - again.bans[0]!.from).toBe(HOUR);
  });

  it('a banned player is refused until the end of the ban and free from its end', () => {
    const { record, bans } = play(three(0));
    const { from, until } = bans[0]!;
    expect(banEnd(record, from)).toBe(until);
    expect(banEnd(record, until - 1)).toBe(until);
    expect(banEnd(record, until)).toBeNull();
    expect(banEnd(emptyEscapeRecord(), 0)).toBeNull();
  });

  it('a ban brought by escapes during a ban starts when the current ban ends', () => {
    // 24-hour ban level: three escapes an hour apart inside it.
    const base = play([...three(0), ...three(DAY), ...three(2 * DAY)]);
    const end = base.record.bannedUntil!;
    const { bans } = play(three(end - 10 * HOUR), base.record);
    expect(bans).toEqual([{ from: end, until: end + DAY, step: 3 }]);
  });

  it('a ban is given exactly when the third uncounted escape in 24 hours happens, with the ladder duration', () => {
    const arbLeaves = fc
      // Mostly leaves hours apart, now and then a quiet week or more (for the ladder reset).
      .array(
        fc.tuple(
          fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 10 * HOUR }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 10 * DAY }) }),
          fc.boolean(),
        ),
        {
          minLength: 5,
          maxLength: 60,
          size: 'max',
        },
      )
      .map((steps) => {
        let t = 0;
        return steps.map(([dt, behind]) => [(t += dt), behind] as [number, boolean]);
      });
    let given = 0;
    let resets = 0;
    fc.assert(
      fc.property(arbLeaves, (leaves) => {
        let record = emptyEscapeRecord();
        let counted: number[] = []; // escapes since the last ban
        let lastEnd: number | null = null;
        let step = 0;
        for (const [at, behind] of leaves) {
          const out = recordLeave(record, { at, behind });
          if (behind) counted = [...counted, at].filter((t) => at - t < ESCAPE_WINDOW_MS);
          const due = counted.length >= 3;
          expect(out.ban !== null).toBe(due);
          if (out.ban) {
            const from = Math.max(at, lastEnd ?? at);
            if (lastEnd !== null && from - lastEnd >= LADDER_RESET_MS) {
              step = 0;
              resets++;
            }
            expect(out.ban).toEqual({ from, until: from + BAN_LADDER_MS[Math.min(step, 2)]!, step });
            step++;
            given++;
            lastEnd = out.ban.until;
            counted = [];
          }
          record = out.record;
          // Stored as one JSON row.
          expect(JSON.parse(JSON.stringify(record))).toEqual(record);
        }
      }),
      { numRuns: 300 },
    );
    // The runs did reach bans and ladder resets (about 980 and 260 when last measured).
    expect(given).toBeGreaterThan(300);
    expect(resets).toBeGreaterThan(50);
  });
});
