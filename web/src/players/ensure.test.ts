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
    await (await import('./ensure')).default();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // No name used yet: the server gives a default one, in no language.
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ body: '{}' });
  });

  it('knows of a player only once the first request is answered: a question about the player never goes before it', async () => {
    const store = browserGlobals();
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((done) => (answer = done)));
    const { playerKnown } = await import('./ensure');
    let known: boolean | null = null;
    void playerKnown().then((k) => (known = k));
    await new Promise((r) => setTimeout(r, 10));
    expect(known).toBeNull();
    answer(new Response('{}', { status: 201 }));
    await new Promise((r) => setTimeout(r, 10));
    expect(known).toBe(true);
    expect(store['cardroom:player']).toBeDefined();
    // Refused: no player to ask about.
    vi.resetModules();
    browserGlobals();
    fetchMock.mockImplementationOnce(async () => new Response('{}', { status: 503 }));
    expect(await (await import('./ensure')).playerKnown()).toBe(false);
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
