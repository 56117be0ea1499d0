import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListedRoom } from '../../../shared/lobby/listing';
import { fetchList, POLL_MS, pollPublicRooms, type Lists, type PollDeps } from './poll';

const room = (code: string, free = 2): ListedRoom => ({ code, game: 'eights', host: 'Rana', seats: 4, free, clock: 10, language: 'ar', listedAt: 1 });

function fakeDeps(answer: (url: string) => unknown) {
  let visible = true;
  const listeners = new Set<() => void>();
  const urls: string[] = [];
  const deps: PollDeps = {
    fetch: (url) => {
      urls.push(url);
      const body = answer(url);
      return body instanceof Error ? Promise.reject(body) : Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    },
    visible: () => visible,
    onVisibility: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const setVisible = (v: boolean) => {
    visible = v;
    for (const l of listeners) l();
  };
  return { deps, urls, setVisible, listeners };
}

describe('public tables: polling while visible', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches every game at once and then every 3 s, and the latest lists reach the page', async () => {
    let n = 0;
    const { deps, urls } = fakeDeps((url) => ({ rooms: url.endsWith('/eights') ? [room(`r${n++}`)] : [] }));
    const seen: Lists[] = [];
    const stop = pollPublicRooms(['eights', 'baloot'], (l) => seen.push(l), deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toEqual(['/api/public/eights', '/api/public/baloot']);
    expect(seen.at(-1)!.eights!.map((r) => r.code)).toEqual(['r0']);
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(urls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(urls).toHaveLength(4);
    expect(seen.at(-1)!.eights!.map((r) => r.code)).toEqual(['r1']);
    stop();
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(urls).toHaveLength(4);
  });

  it('stops while the page is hidden and refreshes at once when it shows again', async () => {
    const { deps, urls, setVisible, listeners } = fakeDeps(() => ({ rooms: [] }));
    const stop = pollPublicRooms(['eights'], () => undefined, deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toHaveLength(1);
    setVisible(false);
    await vi.advanceTimersByTimeAsync(POLL_MS * 10);
    expect(urls).toHaveLength(1);
    setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(urls).toHaveLength(3);
    stop();
    expect(listeners.size).toBe(0);
  });

  it('a failed request keeps that game’s last list; a malformed entry is left out', async () => {
    let fail = false;
    const { deps } = fakeDeps(() => (fail ? new Error('offline') : { rooms: [room('a'), { code: 'b', host: 3 }] }));
    const seen: Lists[] = [];
    const stop = pollPublicRooms(['eights'], (l) => seen.push(l), deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)!.eights!.map((r) => r.code)).toEqual(['a']);
    fail = true;
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(seen).toHaveLength(2);
    expect(seen.at(-1)!.eights!.map((r) => r.code)).toEqual(['a']);
    stop();
  });

  it('a refused answer reads as no list', async () => {
    expect(await fetchList(() => Promise.resolve(new Response('{}', { status: 404 })), 'chess')).toBeNull();
  });
});
