import { describe, expect, it, vi } from 'vitest';
import { NAME_KEY } from '../offline/saved';
import { adoptName, NAME_ASKED_KEY, nameForPlay, type OneNameDeps } from './one-name';

function deps(store: Record<string, string>, recorded: string | Error, answer: string | null) {
  const storage = { getItem: (k: string) => store[k] ?? null, setItem: (k: string, v: string) => void (store[k] = v) };
  return {
    storage,
    me: vi.fn(async () => {
      if (recorded instanceof Error) throw recorded;
      return { player: { name: recorded } };
    }),
    rename: vi.fn(async () => undefined),
    ask: vi.fn(async () => answer),
  } satisfies OneNameDeps;
}

describe('one name, asked once', () => {
  it('asks a new player once, prefilled with their default name, and renames the record to the answer', async () => {
    const store: Record<string, string> = {};
    const d = deps(store, '♠ 4827', 'Sara');
    expect(await nameForPlay(d)).toBe('Sara');
    expect(d.ask).toHaveBeenCalledWith('♠ 4827');
    expect(d.rename).toHaveBeenCalledWith('Sara');
    expect(store[NAME_KEY]).toBe('Sara');
    // The second game: no question, the record's name.
    const again = deps(store, 'Sara', 'Other');
    expect(await nameForPlay(again)).toBe('Sara');
    expect(again.ask).not.toHaveBeenCalled();
    expect(again.rename).not.toHaveBeenCalled();
  });

  it('prefills the name last typed at a table, and a skip keeps the default without renaming', async () => {
    const typed = deps({ [NAME_KEY]: 'Noura' }, '♥ 1018', 'Noura');
    expect(await nameForPlay(typed)).toBe('Noura');
    expect(typed.ask).toHaveBeenCalledWith('Noura');
    expect(typed.rename).toHaveBeenCalledWith('Noura');
    const store: Record<string, string> = {};
    const skipped = deps(store, '♥ 1018', null);
    expect(await nameForPlay(skipped)).toBe('♥ 1018');
    expect(skipped.rename).not.toHaveBeenCalled();
    expect(store[NAME_ASKED_KEY]).toBe('1');
  });

  it('without the server, the name this browser last used; a refused rename still seats the person', async () => {
    const d = deps({ [NAME_KEY]: 'Ali', [NAME_ASKED_KEY]: '1' }, new Error('offline'), null);
    expect(await nameForPlay(d)).toBe('Ali');
    const refused = deps({}, '♣ 2000', 'Badr');
    refused.rename.mockRejectedValueOnce(new Error('bad_name'));
    expect(await adoptName(refused, 'Badr', '♣ 2000')).toBe('Badr');
  });
});
