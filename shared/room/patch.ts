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
  const ops: PatchOp[] = [];
  walk(a, b, [], ops);
  return ops;
}

/** JSON length of a list of operations, without building the string twice for a single op. */
const opsLength = (ops: readonly PatchOp[]) => JSON.stringify(ops).length;

/**
 * The changes inside one object or array, or the whole new value when that is shorter
 * (a trick replaced by the next one is cheaper whole than as a dozen field changes).
 */
function walkInside(a: Json, b: Json, path: Path, ops: PatchOp[]): void {
  const inner: PatchOp[] = [];
  walkInto(a, b, path, inner);
  if (inner.length > 1) {
    const whole: PatchOp = [path, b];
    if (JSON.stringify(whole).length < opsLength(inner)) {
      ops.push(whole);
      return;
    }
  }
  for (const op of inner) ops.push(op);
}

function walk(a: Json, b: Json, path: Path, ops: PatchOp[]): void {
  if (a === b) return;
  if ((isObject(a) && isObject(b)) || (Array.isArray(a) && Array.isArray(b))) walkInside(a, b, path, ops);
  else if (!jsonEqual(a, b)) ops.push([path, b]);
}

function walkInto(a: Json, b: Json, path: Path, ops: PatchOp[]): void {
  if (isObject(a) && isObject(b)) {
    for (const k of Object.keys(b)) {
      if (!(k in a)) ops.push([[...path, k], b[k]]);
      else walk(a[k], b[k], [...path, k], ops);
    }
    for (const k of Object.keys(a)) if (!(k in b)) ops.push([[...path, k]]);
    return;
  }
  const x = a as Json[];
  const y = b as Json[];
  if (x.length === y.length) {
    for (let i = 0; i < x.length; i++) walk(x[i], y[i], [...path, i], ops);
    return;
  }
  // Grown at the end with the start unchanged (a trick, a log, a discard pile): append.
  if (y.length > x.length && x.every((v, i) => jsonEqual(v, y[i]))) {
    for (let i = x.length; i < y.length; i++) ops.push([[...path, i], y[i]]);
    return;
  }
  // One element gone (a card played from the hand): delete it by index.
  if (y.length === x.length - 1) {
    let i = 0;
    while (i < y.length && jsonEqual(x[i], y[i])) i++;
    let same = true;
    for (let j = i; j < y.length && same; j++) same = jsonEqual(x[j + 1], y[j]);
    if (same) {
      ops.push([[...path, i]]);
      return;
    }
  }
  ops.push([path, b]);
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
