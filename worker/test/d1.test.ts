import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

describe('D1 migrations', () => {
  it('made the players tables, which take and give back a row', async () => {
    await env.DB.prepare('INSERT INTO players (id, secret_hash, name, created_at, seen_at) VALUES (?, ?, ?, ?, ?)')
      .bind('p-d1-test', 'hash', 'Noura', 1, 1)
      .run();
    const row = await env.DB.prepare('SELECT name FROM players WHERE id = ?').bind('p-d1-test').first<{ name: string }>();
    expect(row).toEqual({ name: 'Noura' });
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all<{ name: string }>();
    expect(tables.results.map((t) => t.name)).toEqual(expect.arrayContaining(['players', 'passkeys', 'passkey_challenges']));
  });
});
