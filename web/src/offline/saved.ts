/**
 * Saved offline games, in localStorage: a small index for the home page's list, and each
 * game's stored records (snapshot + move tail) under its own key. Tiny on purpose: the home
 * page imports this, never the room or the rules.
 */
import type { BotLevel } from '../../../shared/engine/types';
import type { BotPace } from '../../../shared/protocol';
import type { SavedRoomData } from './local-room';
import { INDEX_KEY } from './saved-list';

export interface SavedGameMeta {
  id: string;
  game: string;
  createdAt: number;
  updatedAt: number;
  status: 'new' | 'lobby' | 'playing' | 'finished';
  /** Pass-and-play: the people sharing the device (so the list tells their games apart). */
  people?: string[];
}

export interface SavedGame extends SavedGameMeta {
  options: Record<string, unknown>;
  clock: number | null;
  pace: BotPace;
  /** The person's name (against bots). */
  name: string;
  /** Pass-and-play: the people sharing the device, by name, in seat order (absent: one person, `name`). */
  people?: string[];
  players: number;
  /** Pass-and-play: each person's seat, as chosen (partners or opponents); absent, the first seats in order. */
  seats?: number[];
  /** "How to play": dealt from the game's tutorial, never listed with the saved games (the lesson page deletes it when it closes). */
  tutorial?: boolean;
  /** How hard the bots play (absent in older saves: Normal). */
  level?: BotLevel;
  data: SavedRoomData | null;
}

/**
 * The bot level a person last chose for games against bots ("Play now" plays at it). Read as it
 * is by the home page (each byte there counts); `botLevelOf` checks it where the game starts.
 */
export const BOT_LEVEL_KEY = 'cardroom:botLevel';

/** A level as stored (by this code or by hand): any other value plays Normal. */
export function botLevelOf(stored: unknown): BotLevel {
  return stored === 'easy' || stored === 'strong' ? stored : 'normal';
}

/** The name a person last took a seat with (the lobby remembers it; offline games use it too). */
export const NAME_KEY = 'cardroom:name';

const gameKey = (id: string) => `cardroom:offline:${id}`;

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Newest first. */
export function listSavedGames(): SavedGameMeta[] {
  return (read<SavedGameMeta[]>(INDEX_KEY) ?? []).slice().sort((a, b) => b.updatedAt - a.updatedAt);
}

function writeIndex(list: SavedGameMeta[]): void {
  localStorage.setItem(INDEX_KEY, JSON.stringify(list));
}

function metaOf(g: SavedGame): SavedGameMeta {
  return {
    id: g.id,
    game: g.game,
    createdAt: g.createdAt,
    updatedAt: g.updatedAt,
    status: g.status,
    ...(g.people && g.people.length > 1 ? { people: g.people } : {}),
  };
}

export function newSavedGame(init: Omit<SavedGame, 'id' | 'createdAt' | 'updatedAt' | 'status' | 'data'>): SavedGame {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const id = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  const now = Date.now();
  const game: SavedGame = { ...init, id, createdAt: now, updatedAt: now, status: 'new', data: null };
  localStorage.setItem(gameKey(id), JSON.stringify(game));
  if (!game.tutorial) writeIndex([...listSavedGames().filter((g) => g.id !== id), metaOf(game)]);
  return game;
}

export function loadSavedGame(id: string): SavedGame | null {
  return read<SavedGame>(gameKey(id));
}

/** Store a room's records; false when the game was deleted meanwhile or storage is full. */
export function saveRoomData(id: string, data: SavedRoomData): boolean {
  const game = loadSavedGame(id);
  if (!game) return false;
  game.data = data;
  game.updatedAt = Date.now();
  game.status = data.status ?? 'finished';
  try {
    localStorage.setItem(gameKey(id), JSON.stringify(game));
    if (!game.tutorial) writeIndex([...listSavedGames().filter((g) => g.id !== id), metaOf(game)]);
    return true;
  } catch {
    return false;
  }
}

/** A new game with a saved one's settings and people (a finished game's "New game"); null when it is gone. */
export function newGameLike(id: string): SavedGame | null {
  const old = loadSavedGame(id);
  if (!old) return null;
  const { options, clock, pace, name, people, players, game, seats } = old;
  return newSavedGame({ game, options, clock, pace, name, players, ...(people ? { people } : {}), ...(seats ? { seats } : {}) });
}

export function deleteSavedGame(id: string): void {
  localStorage.removeItem(gameKey(id));
  writeIndex(listSavedGames().filter((g) => g.id !== id));
}
