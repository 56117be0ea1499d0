import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ServerMessage } from '../protocol';
import type { PatchOp } from '../protocol';
import { applyPatch, diff, jsonLength } from './patch';

const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string({ maxLength: 4 }), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 5 }),
  object: fc.dictionary(fc.constantFrom('a', 'b', 'hand', 'turn', 'seats'), tie('value'), { maxKeys: 4 }),
})).value;

describe('view patches', () => {
  it('applying diff(a, b) to a gives b, for any two JSON values, after a trip through JSON and the message schema', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const wire = JSON.parse(JSON.stringify({ t: 'update', version: 1, base: 0, events: [], patch: diff(a, b) }));
        const parsed = v.parse(ServerMessage, wire);
        expect(parsed.t === 'update' && applyPatch(a, parsed.patch ?? [])).toEqual(b);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves the input untouched and shares unchanged branches', () => {
    const a = { hand: ['AS', 'KS'], seats: [{ n: 1 }, { n: 2 }], turn: 0 };
    const frozen = JSON.stringify(a);
    const b = applyPatch(a, diff(a, { ...a, turn: 1 }));
    expect(JSON.stringify(a)).toBe(frozen);
    expect(b.seats).toBe(a.seats);
    expect(b.turn).toBe(1);
  });

  it('is empty for equal values, appends to grown arrays, deletes one card played by index, and sends a reshuffled hand whole', () => {
    expect(diff({ x: [1, 2] }, { x: [1, 2] })).toEqual([]);
    expect(diff({ t: [1] }, { t: [1, 2] })).toEqual([[['t', 1], 2]]);
    expect(diff({ h: ['a', 'b', 'c'] }, { h: ['a', 'c'] })).toEqual([[['h', 1]]]);
    expect(diff({ h: ['a', 'b', 'c'] }, { h: ['c', 'a'] })).toEqual([[['h'], ['c', 'a']]]);
  });

  it('sends an object whole when that is shorter than its field changes', () => {
    const trick = (cards: string[], winner: number) => ({ plays: cards.map((card, seat) => ({ seat, card })), winner });
    const before = { last: trick(['AS', '7S', 'QS', 'TS'], 0), turn: 1 };
    const after = { last: trick(['9D', 'TD', '7H', '8D'], 3), turn: 1 };
    expect(diff(before, after)).toEqual([[['last'], after.last]]);
    // One field changed: just that field.
    expect(diff(before, { ...before, last: { ...before.last, winner: 2 } })).toEqual([[['last', 'winner'], 2]]);
  });
});

describe('patch sizes', () => {
  // The diff decides "whole value or its changes" by JSON length counted without building the string.
  // Any UTF-16 code unit: quotes, backslashes, control characters and lone surrogates all escape.
  const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
  const loose = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.double(),
      fc.maxSafeInteger(),
      fc.string({ maxLength: 6 }),
      fc.string({ unit: anyCodeUnit, maxLength: 6 }),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      tie('array'),
      tie('object'),
    ),
    array: fc.array(tie('value'), { maxLength: 5 }),
    object: fc.dictionary(fc.oneof(fc.string({ maxLength: 3 }), fc.string({ unit: anyCodeUnit, maxLength: 3 })), tie('value'), { maxKeys: 4 }),
  })).value;

  it('jsonLength is the length of JSON.stringify, or at least the limit once it reaches it', () => {
    fc.assert(
      fc.property(loose, fc.integer({ min: -5, max: 200 }), (x, limit) => {
        const exact = JSON.stringify(x)?.length ?? 0;
        expect(jsonLength(x)).toBe(exact);
        const counted = jsonLength(x, limit);
        if (exact < limit) expect(counted).toBe(exact);
        else expect(counted).toBeGreaterThanOrEqual(limit);
      }),
      { numRuns: 3000 },
    );
  });

  it('an object with several changes is sent whole exactly when that is shorter', () => {
    const outcomes = new Set<number>();
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { minKeys: 2 }),
        fc.integer(),
        fc.nat(),
        (inner, n, pick) => {
          // Two or more fields change, the others stay.
          const changed = Object.keys(inner).filter((_, i) => i < 2 || ((pick >> i) & 1) === 1);
          const after = { ...inner };
          for (const k of changed) after[k] = typeof inner[k] === 'number' ? (inner[k] as number) + 1 : `${inner[k]}${n}`;
          const fields = changed.map((k): PatchOp => [['x', k], after[k]]);
          const whole: PatchOp = [['x'], after];
          const patch = diff({ keep: 1, x: inner }, { keep: 1, x: after });
          expect(patch).toEqual(JSON.stringify(whole).length < JSON.stringify(fields).length ? [whole] : fields);
          outcomes.add(patch.length);
        },
      ),
    );
    // Both answers happen.
    expect(outcomes.has(1) && [...outcomes].some((x) => x > 1)).toBe(true);
  });
});
