import { describe, expect, it, vi } from 'vitest';
import { ensurePlayer, fetchLeaderboard, fetchMe, fetchProfile, postReport, reportReason, seatPlayedBy } from './api';

const reply = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stub = (...answers: Response[]) => {
  const f = vi.fn<typeof fetch>();
  for (const a of answers) f.mockResolvedValueOnce(a);
  return f;
};

const player = { id: 'SaraSaraSaraSaraSara01', name: 'Sara', avatar: { initials: 'S', colour: '#a33' } };

describe('ranked API clients', () => {
  it('reads a leaderboard and asks the right route', async () => {
    const board = {
      game: 'eights',
      top: [{ rank: 1, player, rating: 27.5, games: 12, provisional: false }],
      me: { rank: 1, rating: 27.5, games: 12, provisional: false },
    };
    const f = stub(reply(200, board));
    const r = await fetchLeaderboard('eights', f);
    expect(r).toEqual({ ok: true, data: board });
    expect(f.mock.calls[0]![0]).toBe('/api/leaderboard/eights');
  });

  it('refuses a reply that does not read as its schema', async () => {
    const r = await fetchLeaderboard('eights', stub(reply(200, { game: 'eights', top: [{ rank: '1' }], me: null })));
    expect(r).toMatchObject({ ok: false, code: 'unreadable' });
  });

  it("keeps the server's refusal code and message", async () => {
    const r = await fetchProfile('nobody', stub(reply(404, { code: 'no_such_player', message: 'No such player.' })));
    expect(r).toEqual({ ok: false, status: 404, code: 'no_such_player', message: 'No such player.' });
  });

  it('says network when the server cannot be reached', async () => {
    const f = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline'));
    expect(await fetchMe(f)).toMatchObject({ ok: false, status: 0, code: 'network' });
  });

  it('reads the player with its ban (null: none), as GET /api/players/me answers it', async () => {
    const banned = { player, passkeys: 1, ban: { until: 1_700_000_000_000 } };
    expect(await fetchMe(stub(reply(200, banned)))).toEqual({ ok: true, data: banned });
    expect(await fetchMe(stub(reply(200, { player, passkeys: 0, ban: null })))).toEqual({ ok: true, data: { player, passkeys: 0, ban: null } });
    // A player id that is not one the server makes is not drawn.
    expect(await fetchMe(stub(reply(200, { player: { ...player, id: 'p1' }, passkeys: 0, ban: null })))).toMatchObject({ ok: false, code: 'unreadable' });
  });

  it('makes a player only when there is none', async () => {
    const f = stub(reply(401, { code: 'no_player', message: 'No player.' }), reply(201, { player, passkeys: 0, ban: null }));
    expect(await ensurePlayer(f)).toMatchObject({ ok: true, data: { player: { id: player.id } } });
    expect(f.mock.calls[1]![0]).toBe('/api/players');
    expect(f.mock.calls[1]![1]).toMatchObject({ method: 'POST', body: '{}' });
    const g = stub(reply(200, { player, passkeys: 0, ban: null }));
    await ensurePlayer(g);
    expect(g).toHaveBeenCalledTimes(1);
  });

  it('posts a report with its reason', async () => {
    const f = stub(reply(200, { ok: true }));
    const r = await postReport('ABCDEFGHJKMN', 2, reportReason('stalling', '  waited out every turn  '), f);
    expect(r.ok).toBe(true);
    expect(f.mock.calls[0]![0]).toBe('/api/ranked/ABCDEFGHJKMN/2/report');
    expect(JSON.parse(String(f.mock.calls[0]![1]!.body))).toEqual({ reason: 'stalling: waited out every turn' });
    expect(reportReason('other', '   ')).toBe('other');
    expect(reportReason('abuse', 'x'.repeat(900)).length).toBe('abuse: '.length + 500);
  });

  it("finds the reader's seat in a rated game by their player on another device, not only by the seat token", () => {
    const changes = [
      { seat: 0, player: 'a'.repeat(22) },
      { seat: 1, player: 'b'.repeat(22) },
    ];
    expect(seatPlayedBy(changes, 0, null)).toBe(0);
    expect(seatPlayedBy(changes, null, 'b'.repeat(22))).toBe(1);
    expect(seatPlayedBy(changes, null, 'c'.repeat(22))).toBeNull();
    expect(seatPlayedBy(changes, null, null)).toBeNull();
  });
});
