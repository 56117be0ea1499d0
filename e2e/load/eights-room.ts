/**
 * What the room benchmarks (rooms.bench.ts, abuse.bench.ts) share: people on bare WebSockets
 * playing Eights in one room, each keeping its view up to date from the room's updates, and
 * one timed move at a time by whoever is to move.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { EightsView } from '../../shared/games/eights/types';
import type { ServerMessage } from '../../shared/protocol';
import { applyPatch } from '../../shared/room/patch';

export interface Sock {
  ws: WebSocket;
  seat: number | null;
  version: number;
  view: EightsView | null;
  /** Sizes of the updates and full views received (for the wire figures). */
  updateBytes: number[];
  fullBytes: number[];
  /** Called with true on the next update, false on an error. */
  onReply?: (ok: boolean) => void;
  /** Closed on purpose (its game ended), not lost. */
  retired?: boolean;
}

/** Called when a socket closes that nobody closed on purpose: the figures after it would be wrong. */
export type OnLost = (s: Sock, e: CloseEvent) => void;

export function openSocket(base: string, code: string, onLost: OnLost): Promise<Sock> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${base}/api/rooms/${code}/ws`);
    const s: Sock = { ws, seat: null, version: 0, view: null, updateBytes: [], fullBytes: [] };
    ws.onmessage = (e) => {
      const text = String(e.data);
      const msg = JSON.parse(text) as ServerMessage;
      if (msg.t === 'welcome') s.seat = msg.seat;
      if (msg.t === 'full') {
        s.version = msg.version;
        s.view = msg.view as EightsView;
        s.fullBytes.push(text.length);
      }
      if (msg.t === 'update') {
        // Updates carry what changed in this seat's view since the last one it was sent.
        s.version = msg.version;
        s.view = msg.view !== undefined ? (msg.view as EightsView) : msg.patch ? applyPatch(s.view, msg.patch) : s.view;
        s.updateBytes.push(text.length);
        s.onReply?.(true);
      }
      if (msg.t === 'error') {
        if (process.env.BENCH_DEBUG) console.error('refused:', JSON.stringify(msg).slice(0, 300));
        s.onReply?.(false);
      }
    };
    ws.onopen = () => {
      ws.send(JSON.stringify({ t: 'hello' }));
      resolve(s);
    };
    ws.onerror = () => reject(new Error('socket error'));
    ws.onclose = (e) => {
      if (!s.retired) onLost(s, e);
    };
  });
}

/** A started Eights game (no clock) with `people` seated sockets. */
export async function makeRoom(base: string, people: number, onLost: OnLost): Promise<{ code: string; socks: Sock[] }> {
  const res = await fetch(`http://${base}/api/rooms`, { method: 'POST', body: JSON.stringify({ game: 'eights', clock: null }) });
  const { code } = (await res.json()) as { code: string };
  const socks: Sock[] = [];
  for (let i = 0; i < people; i++) {
    const s = await openSocket(base, code, onLost);
    s.ws.send(JSON.stringify({ t: 'join', name: `P${i}` }));
    while (s.seat === null) await sleep(5);
    socks.push(s);
  }
  socks[0]!.ws.send(JSON.stringify({ t: 'start' }));
  while (socks.some((s) => !s.view || s.view.hand === null)) await sleep(10);
  return { code, socks };
}

function nextMove(view: EightsView) {
  const card = view.playable[0];
  if (card) return { type: 'play', card, color: card.startsWith('W') ? 'r' : undefined, lastCard: view.hand?.length === 2 };
  if (view.canDraw) return { type: 'draw' };
  return { type: 'keep' };
}

export const counts = { refused: 0 };

/** One move by whoever is to move: the round trip in ms, NaN if refused or lost, null when the game is over. */
export function moveOnce(room: Sock[]): Promise<number> | null {
  const turn = room[0]!.view?.turn;
  const mover = room.find((s) => s.seat === turn);
  if (!mover?.view || mover.view.winner !== null || turn === null || turn === undefined) return null;
  return new Promise((resolve) => {
    const t0 = performance.now();
    const timer = setTimeout(() => finish(false), 5000);
    function finish(ok: boolean) {
      clearTimeout(timer);
      mover!.onReply = undefined;
      if (!ok) counts.refused++;
      resolve(ok ? performance.now() - t0 : NaN);
    }
    mover.onReply = finish;
    mover.ws.send(JSON.stringify({ t: 'move', version: mover.version, move: nextMove(mover.view!) }));
  });
}

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
