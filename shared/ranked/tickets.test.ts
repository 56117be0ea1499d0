import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TICKET_PATTERN } from '../protocol/queue';
import { hashToken, newToken } from '../room/core';
import { hashTicket, newTicket, TICKET_BYTES } from './tickets';

describe('ranked tickets', () => {
  it('are well formed and the same text and hash the ranked room knows a seat token by', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: TICKET_BYTES, maxLength: TICKET_BYTES }), (bytes) => {
        const ticket = newTicket(bytes);
        expect(ticket).toMatch(TICKET_PATTERN);
        expect(ticket).toBe(newToken(bytes));
        expect(hashTicket(ticket)).toBe(hashToken(ticket));
      }),
    );
  });

  it('refuse a wrong amount of randomness', () => {
    expect(() => newTicket(new Uint8Array(16))).toThrow(RangeError);
  });
});
