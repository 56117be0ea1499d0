import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TICKET_PATTERN } from '../protocol/queue';
import { hashTicket, newTicket, TICKET_BYTES } from './tickets';

describe('ranked tickets', () => {
  it('are the random bytes as unpadded base64url, well formed, and hashed as hex SHA-256', async () => {
    const { createHash } = await import('node:crypto');
    fc.assert(
      fc.property(fc.uint8Array({ minLength: TICKET_BYTES, maxLength: TICKET_BYTES }), (bytes) => {
        const ticket = newTicket(bytes);
        expect(ticket).toMatch(TICKET_PATTERN);
        expect(ticket).toBe(Buffer.from(bytes).toString('base64url'));
        expect(hashTicket(ticket)).toBe(createHash('sha256').update(ticket).digest('hex'));
      }),
    );
  });

  it('refuse a wrong amount of randomness', () => {
    expect(() => newTicket(new Uint8Array(16))).toThrow(RangeError);
  });
});
