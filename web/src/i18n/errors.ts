import { installRoomMessages } from './room';

installRoomMessages();

/** Codes of room refusals that have their own translated text (`roomErrors.<code>` in ./room/messages.ts). */
export const TRANSLATED_ERRORS = ['not_sent', 'stale_move', 'rate_limited', 'room_crowded', 'cooling_off', 'handback_pending', 'unreadable_frame'] as const;

/** What a toast shows for a refusal: the translation for a known code, else the server's own message. */
export function errorText(error: { code: string; message: string }, t: (key: string) => string): string {
  return (TRANSLATED_ERRORS as readonly string[]).includes(error.code) ? t(`roomErrors.${error.code}`) : error.message;
}
