/**
 * Compact changes between two JSON views, so an update carries only what a move changed
 * for a seat. The room computes `diff(lastSent, next)`; the browser applies it with
 * `applyPatch`. Arrays of plain values that change length are sent whole (a hand losing one
 * card from the middle is cheaper whole than as shifted indices).
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

function walk(a: Json, b: Json, path: Path, ops: PatchOp[]): void {
  if (a === b) return;
  if (isObject(a) && isObject(b)) {
    for (const k of Object.keys(b)) {
      if (!(k in a)) ops.push([[...path, k], b[k]]);
      else walk(a[k], b[k], [...path, k], ops);
    }
    for (const k of Object.keys(a)) if (!(k in b)) ops.push([[...path, k]]);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const nested = b.some((x) => typeof x === 'object' && x !== null);
    if (a.length === b.length) {
      let changed = 0;
      for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) changed++;
      if (changed === 0) return;
      // Plain values mostly changed: the whole array is shorter than many single sets.
      if (!nested && changed * 2 > a.length) {
        ops.push([path, b]);
        return;
      }
      for (let i = 0; i < a.length; i++) walk(a[i], b[i], [...path, i], ops);
      return;
    }
    // Grown at the end with the start unchanged (a trick, a log, a discard pile): append.
    if (b.length > a.length && a.every((x, i) => jsonEqual(x, b[i]))) {
      for (let i = a.length; i < b.length; i++) ops.push([[...path, i], b[i]]);
      return;
    }
    ops.push([path, b]);
    return;
  }
  if (!jsonEqual(a, b)) ops.push([path, b]);
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
