import { describe, expect, it, vi } from 'vitest';
import { deriveSeed, newCommitment, type Reveal } from '../../../shared/fair';
import type { ClientMessage, RoomInfo } from '../../../shared/protocol';
import { createFairDeal } from './fair-deal';

let counter = 0;
const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + ++counter) % 256);

function room(status: RoomInfo['status'], commitment: RoomInfo['commitment']): RoomInfo {
  return {
    code: 'ABCD',
    game: 'eights',
    status,
    options: {},
    clock: null,
    pace: 'relaxed',
    public: false,
    seats: [
      { name: 'Ana', kind: 'human', connected: true, botPlaying: false },
      { name: 'Bot', kind: 'bot', connected: true, botPlaying: false },
    ],
    teams: null,
    hostSeat: 0,
    spectators: 0,
    totals: [0, 0],
    gamesPlayed: 0,
    outcome: null,
    commitment,
    ranked: null,
  };
}

function setup() {
  const sent: ClientMessage[] = [];
  let connection = 1;
  const fair = createFairDeal({ send: (m) => (sent.push(m), true), connection: () => connection, random: bytes });
  return { fair, sent, reconnect: () => connection++ };
}

/** A reveal as an honest room makes it from its commitment and the nonces it was sent. */
function reveal(game: number, c: { salt: string; secret: string; hash: string }, nonces: { seat: number; nonce: string }[]): Reveal {
  return { game, commitment: c.hash, salt: c.salt, secret: c.secret, nonces, seed: deriveSeed(c.secret, nonces) };
}

const nonceOf = (sent: ClientMessage[]) => sent.flatMap((m) => (m.t === 'nonce' ? [m.nonce] : []));

describe('the fair-deal check', () => {
  it("adds this browser's nonce once per connection before the deal, and finds it in an honest reveal", async () => {
    const { fair, sent, reconnect } = setup();
    const c = newCommitment(bytes);
    fair.noteRoom(room('lobby', { game: 1, hash: c.hash }), 0);
    fair.noteRoom(room('lobby', { game: 1, hash: c.hash }), 0);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const [mine] = nonceOf(sent);
    expect(mine).toMatch(/^[0-9a-f]{32}$/);
    // A new connection sends the same nonce again (the room may not have stored it).
    reconnect();
    fair.noteRoom(room('lobby', { game: 1, hash: c.hash }), 0);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(nonceOf(sent)).toEqual([mine, mine]);
    fair.noteRoom(room('playing', { game: 1, hash: c.hash }), 0);
    await fair.checkReveal(reveal(1, c, [{ seat: 0, nonce: mine! }]));
    expect(fair.fairCheck.value).toMatchObject({ ok: true, problems: [], seenBefore: true, contributed: true });
  });

  it('sends nothing for a spectator, a bot seat or a game already dealt', async () => {
    const { fair, sent } = setup();
    const hash = newCommitment(bytes).hash;
    fair.noteRoom(room('lobby', { game: 1, hash }), null);
    fair.noteRoom(room('lobby', { game: 1, hash }), 1);
    fair.noteRoom(room('playing', { game: 1, hash }), 0);
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([]);
  });

  it('catches a commitment swapped after it was shown, and a nonce left out', async () => {
    const { fair, sent } = setup();
    const shown = newCommitment(bytes);
    fair.noteRoom(room('lobby', { game: 2, hash: shown.hash }), 0);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const other = newCommitment(bytes);
    await fair.checkReveal(reveal(2, other, [{ seat: 1, nonce: 'ab'.repeat(16) }]));
    expect(fair.fairCheck.value?.ok).toBe(false);
    expect(fair.fairCheck.value?.problems).toEqual(expect.arrayContaining(['commitment_changed', 'nonce_missing']));
    expect(fair.fairCheck.value?.contributed).toBe(false);
  });

  it('drops a check that a new game overtook, and a late nonce is not claimed', async () => {
    const { fair, sent } = setup();
    const c = newCommitment(bytes);
    fair.noteRoom(room('lobby', { game: 3, hash: c.hash }), 0);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    fair.nonceLate(3);
    const check = fair.checkReveal(reveal(3, c, []));
    fair.noteRoom(room('playing', { game: 4, hash: c.hash }), 0);
    await check;
    expect(fair.fairCheck.value).toBeNull();
    await fair.checkReveal(reveal(3, c, []));
    expect(fair.fairCheck.value).toMatchObject({ ok: true, contributed: false });
  });
});
