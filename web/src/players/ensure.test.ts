import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** localStorage and navigator as a browser has them, fresh for each test. */
function browserGlobals(store: Record<string, string> = {}) {
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store[k] ?? null,
    setItem: (k: string, v: string) => void (store[k] = v),
    removeItem: (k: string) => void delete store[k],
  });
  vi.stubGlobal('navigator', { onLine: true });
  return store;
}

describe('a player from the first visit', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.resetModules();
    fetchMock = vi.fn(async () => new Response('{}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks once per page load however many callers, with the name last used at a table, and notes when', async () => {
    const store = browserGlobals({ 'cardroom:name': '  Sara ' });
    const { default: ensurePlayer } = await import('./ensure');
    await Promise.all([ensurePlayer(), ensurePlayer()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/players');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ name: 'Sara' }) });
    expect(Number(store['cardroom:player'])).toBeGreaterThan(Date.now() - 1000);
  });

  it('does not ask again within a week, and asks after', async () => {
    browserGlobals({ 'cardroom:player': String(Date.now() - 3600_000) });
    await (await import('./ensure')).default();
    expect(fetchMock).not.toHaveBeenCalled();
    vi.resetModules();
    browserGlobals({ 'cardroom:player': String(Date.now() - 8 * 24 * 3600_000) });
    await (await import('./ensure')).default('ar');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // No name used yet: the page's language, for a default name in it.
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ body: '{"language":"ar"}' });
  });

  it('notes nothing when the server refused or could not be reached, so the next load asks again', async () => {
    const store = browserGlobals();
    fetchMock.mockImplementationOnce(async () => new Response('{}', { status: 500 }));
    await (await import('./ensure')).default();
    expect(store['cardroom:player']).toBeUndefined();
    vi.resetModules();
    fetchMock.mockImplementationOnce(async () => Promise.reject(new TypeError('offline')));
    await expect((await import('./ensure')).default()).resolves.toBeUndefined();
    expect(store['cardroom:player']).toBeUndefined();
  });
});
