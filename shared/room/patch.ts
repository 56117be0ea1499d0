/**
 * Compact changes between two JSON views, so an update carries only what a move changed
 * for a seat. The room computes `diff(lastSent, next)`; the browser applies it with
 * `applyPatch`. Inside an object or array, the changes are sent one by one or the new value
 * whole, whichever is shorter; an array that grew at its end gets appends, one that lost a
 * single element a delete by index, any other change of length is sent whole.
 */
import type { PatchOp } from '../protocol';

type Path = (string | number)[];
type Json = unknown;

function isObject(x: Json): x is Record<string, Json> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Deep equality of two JSON values. */
export function jsonEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ak = Object.keys(a);
  const bo = b as Record<string, Json>;
  if (ak.length !== Object.keys(bo).length) return false;
  for (const k of ak) if (!(k in bo) || !jsonEqual((a as Record<string, Json>)[k], bo[k])) return false;
  return true;
}

/** The operations that turn `a` into `b` (empty when they are equal). */
export function diff(a: Json, b: Json): PatchOp[] {
  const out: Out = { ops: [], lens: [] };
  walk(a, b, [], out);
  return out.ops;
}

/**
 * The ops found so far and, beside each, its JSON length once some enclosing level needed it
 * (-1 until then): a level deciding "whole or changes" sums lengths instead of
 * stringifying its changes again at every level above.
 */
interface Out {
  ops: PatchOp[];
  lens: number[];
}

/** The walk keeps one path and pushes and pops on it; an op gets its own copy. */
function emit(out: Out, op: PatchOp): void {
  out.ops.push(op);
  out.lens.push(-1);
}

function at(path: Path, key: string | number): Path {
  const copy = path.slice();
  copy.push(key);
  return copy;
}

/** JSON length of ops[from..] as one array, exactly `JSON.stringify(ops.slice(from)).length`. */
function opsLength(out: Out, from: number): number {
  let n = 1 + (out.ops.length - from); // brackets and commas
  for (let i = from; i < out.ops.length; i++) {
    let len = out.lens[i]!;
    if (len < 0) out.lens[i] = len = jsonLength(out.ops[i]);
    n += len;
  }
  return n;
}

/**
 * The changes inside one object or array, or the whole new value when that is shorter
 * (a trick replaced by the next one is cheaper whole than as a dozen field changes).
 */
function walkInside(a: Json, b: Json, path: Path, out: Out): void {
  const from = out.ops.length;
  walkInto(a, b, path, out);
  if (out.ops.length - from > 1) {
    // `[path,b]` is shorter than the changes when b's JSON fits in what is left of their
    // length; counting stops there, so a big view is not stringified to learn that.
    const frame = jsonLength(path) + 3;
    const budget = opsLength(out, from) - frame;
    const len = jsonLength(b, budget);
    if (len < budget) {
      out.ops.length = out.lens.length = from;
      out.ops.push([path.slice(), b]);
      out.lens.push(frame + len);
    }
  }
}

/**
 * `JSON.stringify(x).length` for a JSON-like value, except that counting stops once it
 * reaches `limit` (the result is then some number >= limit).
 */
export function jsonLength(x: Json, limit = Infinity): number {
  // Leaves and keys are counted without making their JSON: this runs over every view on every move.
  if (typeof x === 'string') return stringJsonLength(x);
  if (typeof x === 'number' && Number.isSafeInteger(x)) return integerLength(x);
  if (typeof x === 'boolean') return x ? 4 : 5;
  if (typeof x !== 'object' || x === null) return x === undefined ? 0 : (JSON.stringify(x)?.length ?? 0);
  if (typeof (x as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(x).length;
  let n = 1;
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length && n < limit; i++) {
      const v: Json = x[i];
      // Inside an array, what JSON cannot hold is written as null.
      n += (i > 0 ? 1 : 0) + (v === undefined || typeof v === 'function' || typeof v === 'symbol' ? 4 : jsonLength(v, limit - n));
    }
    return n + 1;
  }
  let first = true;
  for (const k in x) {
    if (n >= limit) break;
    const v = (x as Record<string, Json>)[k];
    // Inside an object, such fields are left out.
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    n += (first ? 0 : 1) + stringJsonLength(k) + 1 + jsonLength(v, limit - n);
    first = false;
  }
  return n + 1;
}

/** `JSON.stringify(n).length` for a safe integer (no -0: JSON writes it as 0). */
function integerLength(n: number): number {
  let len = n < 0 ? 2 : 1;
  for (let m = Math.abs(n); m >= 10; m = Math.floor(m / 10)) len++;
  return len;
}

/** `JSON.stringify(s).length`: quotes, two-character escapes, \u escapes for other controls and lone surrogates. */
function stringJsonLength(s: string): number {
  let n = s.length + 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c && (c < 0xd800 || c > 0xdfff)) continue;
    if (c === 0x22 || c === 0x5c || c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d) n += 1;
    else if (c < 0x20) n += 5;
    else if (c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00)
      i++; // a pair: as is
    else n += 5; // a lone surrogate
  }
  return n;
}

function walk(a: Json, b: Json, path: Path, out: Out): void {
  if (a === b) return;
  // Two different primitives (the common leaf): no deep compare needed.
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) emit(out, [path.slice(), b]);
  else if ((isObject(a) && isObject(b)) || (Array.isArray(a) && Array.isArray(b))) walkInside(a, b, path, out);
  else emit(out, [path.slice(), b]);
}

function walkInto(a: Json, b: Json, path: Path, out: Out): void {
  if (isObject(a) && isObject(b)) {
    // for-in rather than Object.keys: views are plain objects, and this runs for every seat
    // on every move, so the key arrays it would allocate add up.
    for (const k in b) {
      if (!(k in a)) emit(out, [at(path, k), b[k]]);
      else {
        const x = a[k];
        const y = b[k];
        if (x === y) continue;
        path.push(k);
        walk(x, y, path, out);
        path.pop();
      }
    }
    for (const k in a) if (!(k in b)) emit(out, [at(path, k)]);
    return;
  }
  const x = a as Json[];
  const y = b as Json[];
  if (x.length === y.length) {
    for (let i = 0; i < x.length; i++) {
      if (x[i] === y[i]) continue;
      path.push(i);
      walk(x[i], y[i], path, out);
      path.pop();
    }
    return;
  }
  // Grown at the end with the start unchanged (a trick, a log, a discard pile): append.
  if (y.length > x.length && x.every((v, i) => jsonEqual(v, y[i]))) {
    for (let i = x.length; i < y.length; i++) emit(out, [at(path, i), y[i]]);
    return;
  }
  // One element gone (a card played from the hand): delete it by index.
  if (y.length === x.length - 1) {
    let i = 0;
    while (i < y.length && jsonEqual(x[i], y[i])) i++;
    let same = true;
    for (let j = i; j < y.length && same; j++) same = jsonEqual(x[j + 1], y[j]);
    if (same) {
      emit(out, [at(path, i)]);
      return;
    }
  }
  emit(out, [path.slice(), b]);
}

/** A new value with the operations applied; the input is not changed (unchanged branches are shared). */
export function applyPatch<T>(root: T, ops: readonly PatchOp[]): T {
  let out: Json = root;
  for (const op of ops) out = setIn(out, op[0], 0, op.length === 2, op[1]);
  return out as T;
}

function setIn(node: Json, path: Path, i: number, set: boolean, value: Json): Json {
  if (i === path.length) return set ? value : undefined;
  const key = path[i]!;
  if (Array.isArray(node)) {
    const copy = node.slice();
    const idx = Number(key);
    if (i === path.length - 1 && !set) copy.splice(idx, 1);
    else copy[idx] = setIn(node[idx], path, i + 1, set, value);
    return copy;
  }
  const obj: Record<string, Json> = isObject(node) ? { ...node } : {};
  if (i === path.length - 1 && !set) delete obj[String(key)];
  else obj[String(key)] = setIn(obj[String(key)], path, i + 1, set, value);
  return obj;
}
