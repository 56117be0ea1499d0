import { describe, expect, it } from 'vitest';
import { errorText, TRANSLATED_ERRORS } from './errors';
import { ROOM_MESSAGES } from './room/messages';

const { en, ar } = ROOM_MESSAGES;

const lookup = (messages: { roomErrors: Record<string, string> }) => (key: string) => messages.roomErrors[key.replace('roomErrors.', '')] ?? key;

describe('room refusals in the toast', () => {
  it('shows the translated text for known codes, in English and Arabic', () => {
    for (const code of TRANSLATED_ERRORS) {
      expect(en.roomErrors[code], code).toBeTruthy();
      expect(ar.roomErrors[code], code).toMatch(/[\u0600-\u06ff]/);
    }
    expect(errorText({ code: 'not_sent', message: 'Not sent — reconnecting.' }, lookup(en))).toMatch(/^Not sent/);
    expect(errorText({ code: 'not_sent', message: 'Not sent — reconnecting.' }, lookup(ar))).toBe(ar.roomErrors.not_sent);
    expect(errorText({ code: 'stale_move', message: 'x' }, lookup(ar))).toBe(ar.roomErrors.stale_move);
    expect(errorText({ code: 'rate_limited', message: 'x' }, lookup(en))).toBe(en.roomErrors.rate_limited);
  });

  it("falls back to the server's message for other codes", () => {
    expect(errorText({ code: 'illegal_card', message: 'You cannot play that card now.' }, lookup(ar))).toBe('You cannot play that card now.');
  });
});
