import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isSpaRoute, roomCodeOf } from './routes';

describe('SPA routes known to the Worker', () => {
  it('covers every route of the router (all but the catch-all)', () => {
    const source = readFileSync(new URL('../../web/src/router.ts', import.meta.url), 'utf8');
    const paths = [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!).filter((p) => !p.includes('pathMatch'));
    expect(paths.length).toBeGreaterThanOrEqual(4);
    for (const p of paths) expect(isSpaRoute(p.replace(/:\w+/g, 'abcdefghjkmn')), p).toBe(true);
  });

  it('accepts room links and their subpaths, with or without a trailing slash elsewhere', () => {
    for (const p of [
      '/',
      '/r/abcdefghjkmn',
      '/r/whatever',
      '/r/abcdefghjkmn/anything',
      '/mahjong',
      '/mahjong/',
      '/rummy/hotseat',
      '/rummy/hotseat/',
      '/offline/0123abcd',
      '/offline/0123abcd/',
      '/me',
      '/me/',
    ]) {
      expect(isSpaRoute(p), p).toBe(true);
    }
  });

  it('refuses everything else', () => {
    for (const p of [
      '/nope',
      '/r',
      '/r/',
      '/rummy',
      '/mahjong/x',
      '/index',
      '/api',
      '//',
      '/mahjongg',
      '/offline',
      '/offline/',
      '/offline/a/b',
      '/me/x',
      '/meh',
    ])
      expect(isSpaRoute(p), p).toBe(false);
  });

  it('reads the room code of an invite link', () => {
    expect(roomCodeOf('/r/abcdefghjkmn')).toBe('abcdefghjkmn');
    expect(roomCodeOf('/r/abcdefghjkmn/x')).toBe('abcdefghjkmn');
    expect(roomCodeOf('/mahjong')).toBeNull();
  });
});
