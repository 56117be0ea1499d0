/**
 * Creating a room from the home page's form (POST /api/rooms), loaded when Create is pressed so
 * the first screen does not carry it. Answers the new room's code, or throws with a sentence in
 * the reader's language (no network, too many rooms, the server's own refusal).
 */
import { i18n } from '../i18n';
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
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string; limit?: number };
  if (res.status === 429 && body.code === 'too_many_rooms') throw new Error(t('home.tooManyRooms', { limit: body.limit ?? 10 }));
  if (!res.ok || !body.code) throw new Error(body.message ?? `The server said ${res.status}.`);
  return body.code;
}
