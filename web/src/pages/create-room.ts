/**
 * Creating a room from the home page's form (POST /api/rooms), loaded when Create is pressed so
 * the first screen does not carry it. Answers the new room's code, or throws with a sentence in
 * the reader's language (no network, too many rooms, the server's own refusal).
 */
import type { Router } from 'vue-router';
import type { Refusal } from '../../../shared/engine/types';
import { askNameOnce } from '../players/one-name';
import { refusalLocale, wordRefusal } from '../games/refusals';
import { i18n } from '../i18n';
import { ROOM_REFUSALS, UNKNOWN_REFUSAL } from '../i18n/room/refusals';
import { installMessages } from '../i18n/install';
import { CREATE_ROOM_MESSAGES } from './messages';

installMessages(CREATE_ROOM_MESSAGES);

/** `language`: the host's, shown with the room if they make it public. */
export async function postRoom(settings: {
  game: string;
  options: Record<string, unknown>;
  clock: number | null;
  pace: string;
  language: string;
}): Promise<string> {
  const t = i18n.global.t;
  const res = await fetch('/api/rooms', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  }).catch(() => {
    throw new Error(navigator.onLine ? t('home.networkError') : t('offline.createRoom'));
  });
  const body = (await res.json().catch(() => ({}))) as Partial<Refusal> & { limit?: number };
  if (res.status === 429 && body.code === 'too_many_rooms') throw new Error(t('home.tooManyRooms', { limit: body.limit ?? 10 }));
  // A refusal is worded from its code and parameters; the answer's English `message` is for other callers.
  if (!res.ok || typeof body.code !== 'string') {
    const locale = refusalLocale();
    throw new Error(
      wordRefusal(
        { code: typeof body.code === 'string' ? body.code : 'internal', ...body } as Refusal,
        [ROOM_REFUSALS],
        { names: [] },
        locale,
        UNKNOWN_REFUSAL[locale],
      ),
    );
  }
  return body.code;
}

/** The history state a new room's page is opened with: its creator is seated at once under this name (LobbyView). */
export interface NewRoomState {
  seatAs?: string;
}

/**
 * "Play with friends" / Create: the person's name (asked once, which also makes sure their
 * player exists, so the room knows its creator and keeps the host for them), the room, and its
 * lobby with the creator seated.
 */
export async function openNewRoom(router: Router, settings: Parameters<typeof postRoom>[0]): Promise<void> {
  const name = await askNameOnce();
  const code = await postRoom(settings);
  await router.push({ path: `/r/${code}`, state: { seatAs: name } satisfies NewRoomState });
}
