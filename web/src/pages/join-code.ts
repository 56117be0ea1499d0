import { ROOM_CODE_PATTERN } from '../../../shared/protocol/room-code';
import { roomCodeOf } from '../../../shared/site/routes';

/**
 * The room code in what someone typed or pasted into "Join by code": the bare code (any case,
 * spaces around it), or a whole invite link. null when it cannot be a room code.
 */
export function parseJoinCode(input: string): string | null {
  const text = input.trim();
  let candidate = text.toLowerCase();
  if (text.includes('/')) {
    let path = text;
    try {
      path = new URL(text, 'https://x.invalid').pathname;
    } catch {
      return null;
    }
    candidate = (roomCodeOf(path) ?? '').toLowerCase();
  }
  return ROOM_CODE_PATTERN.test(candidate) ? candidate : null;
}
