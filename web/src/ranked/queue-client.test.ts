import { describe, expect, it } from 'vitest';
import { createQueueClient, queuePath, socketUrl, waitedSeconds, type QueueSocket, type QueueState } from './queue-client';

const TICKET = 'a'.repeat(43);

function harness() {
  const sockets: (QueueSocket & { url: string; closed: number | null })[] = [];
  const states: QueueState[] = [];
  let now = 1000;
  const client = createQueueClient('ws://x/api/queue/eights/rabbit/4/ws', {
    open(url) {
      const s = {
        url,
        closed: null as number | null,
        onmessage: null,
        onclose: null,
        onerror: null,
        close(code?: number) {
          s.closed = code ?? 1000;
        },
      } as QueueSocket & { url: string; closed: number | null };
      sockets.push(s);
      return s;
    },
    now: () => now,
    onChange: (s) => states.push(s),
  });
  const frame = (f: unknown, i = sockets.length - 1) => sockets[i]!.onmessage?.({ data: JSON.stringify(f) });
  return { client, sockets, states, frame, tick: (ms: number) => (now += ms) };
}

describe('queue client', () => {
  it('builds the queue address from the page', () => {
    expect(socketUrl(queuePath('baloot', 'rocket', 4), { protocol: 'https:', host: 'cardroom.example' })).toBe(
      'wss://cardroom.example/api/queue/baloot/rocket/4/ws',
    );
    expect(socketUrl('/q', { protocol: 'http:', host: 'localhost:8787' })).toBe('ws://localhost:8787/q');
  });

  it('shows waiting frames and counts the time on between them', () => {
    const h = harness();
    h.client.start();
    expect(h.client.state).toEqual({ phase: 'connecting' });
    h.frame({ t: 'waiting', waitedMs: 4200, waiting: 3 });
    expect(h.client.state).toEqual({ phase: 'waiting', waitedMs: 4200, waiting: 3, at: 1000 });
    h.tick(1900);
    expect(waitedSeconds(h.client.state, 2900)).toBe(6);
  });

  it('hands over the room and ticket when matched, and closes the socket', () => {
    const h = harness();
    h.client.start();
    h.frame({ t: 'matched', room: 'abcdefghjkmn', ticket: TICKET });
    expect(h.client.state).toEqual({ phase: 'matched', room: 'abcdefghjkmn', ticket: TICKET });
    expect(h.sockets[0]!.closed).toBe(1000);
    // A cancel after the match changes nothing: the seat is taken.
    h.client.cancel();
    expect(h.client.state.phase).toBe('matched');
  });

  it('cancel closes the socket (leaving the queue) and ignores what comes after', () => {
    const h = harness();
    h.client.start();
    h.frame({ t: 'waiting', waitedMs: 0, waiting: 1 });
    h.client.cancel();
    expect(h.sockets[0]!.closed).toBe(1000);
    expect(h.client.state).toEqual({ phase: 'cancelled' });
    expect(h.sockets[0]!.onmessage).toBeNull();
  });

  it("keeps the queue's refusal code, and nothing in English for the page to show", () => {
    for (const code of ['replaced', 'room_failed'] as const) {
      const h = harness();
      h.client.start();
      h.frame({ t: 'error', code });
      expect(h.client.state).toEqual({ phase: 'refused', code });
    }
  });

  it('a refusal code the protocol does not know is unreadable (the page has no words for it)', () => {
    const h = harness();
    h.client.start();
    h.frame({ t: 'error', code: 'meteor' });
    expect(h.client.state).toEqual({ phase: 'refused', code: 'unreadable' });
  });

  it('a frame that is not the protocol ends the wait as unreadable', () => {
    const h = harness();
    h.client.start();
    h.frame({ t: 'waiting', waitedMs: 'soon' });
    expect(h.client.state).toMatchObject({ phase: 'refused', code: 'unreadable' });
    expect(h.sockets[0]!.closed).toBe(1000);
  });

  it('a socket closed by the server is lost; start again opens a new one', () => {
    const h = harness();
    h.client.start();
    h.sockets[0]!.onclose?.({ code: 1006, reason: '' });
    expect(h.client.state).toMatchObject({ phase: 'refused', code: 'lost' });
    h.client.start();
    expect(h.sockets).toHaveLength(2);
    expect(h.client.state).toEqual({ phase: 'connecting' });
  });

  it('a second start while connected opens no second socket', () => {
    const h = harness();
    h.client.start();
    h.client.start();
    expect(h.sockets).toHaveLength(1);
  });
});
