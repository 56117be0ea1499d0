import { SELF } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoomInfo } from '../../shared/protocol';
import { createRoom, ORIGIN, TestClient } from './client';

/** The room answers a client's close frame, so the client's socket ends cleanly instead of waiting in CLOSING. */

const open: TestClient[] = [];
afterEach(() => {
  for (const c of open.splice(0)) if (!c.closed) c.close();
});

/** A client that closes first and then waits for the room's close frame (it never finishes the handshake by itself). */
async function closingClient(code: string): Promise<{ client: TestClient; ended: Promise<CloseEvent> }> {
  const client = await TestClient.connect(code, undefined, false, undefined, true);
  open.push(client);
  const ended = new Promise<CloseEvent>((resolve) => client.ws.addEventListener('close', resolve));
  return { client, ended };
}

const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms))]);

describe("a client's close frame", () => {
  it('is answered with the same code and reason, cleanly, and the room forgets the socket', async () => {
    const code = await createRoom('eights');
    const { client, ended } = await closingClient(code);
    await client.join('Ana');
    client.ws.close(4000, 'leaving');
    const event = await within(ended, 3000, 'the room answering the close');
    expect(event.code).toBe(4000);
    expect(event.reason).toBe('leaving');
    expect(event.wasClean).toBe(true);
    const info = (await (await SELF.fetch(`${ORIGIN}/api/rooms/${code}`)).json()) as RoomInfo;
    expect(info.seats[0]).toMatchObject({ name: 'Ana', connected: false });
  });

  it('without a code (1005 on the wire) is answered with a normal close', async () => {
    const code = await createRoom('eights');
    const { client, ended } = await closingClient(code);
    client.ws.close();
    const event = await within(ended, 3000, 'the room answering the close');
    expect(event.code).toBe(1000);
    expect(event.wasClean).toBe(true);
  });
});
