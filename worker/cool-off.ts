/**
 * A room's cooling-off of addresses: an address whose socket the room closed for refused frames
 * (close 1008) may not open another one in this room for COOL_OFF_MS, so reconnecting floods are
 * refused before a socket is accepted. Memory only: a flood keeps the room awake.
 */
import { CLOSE_POLICY } from '../shared/room/types';

export const COOL_OFF_MS = 10_000;
/** Expired entries are swept once this many addresses are cooling off. */
const SWEEP_AT = 1000;

export class CoolingOff {
  /** Socket id → its client's address key. */
  private readonly addresses = new Map<string, string>();
  /** Address key → cooling off until when. */
  private readonly until = new Map<string, number>();

  /** The 429 answer for an address still cooling off, or null when it may open a socket. */
  refusal(address: string, now: number): Response | null {
    const until = this.until.get(address);
    if (until === undefined) return null;
    if (until <= now) {
      this.until.delete(address);
      return null;
    }
    const seconds = Math.ceil((until - now) / 1000);
    return Response.json(
      { code: 'cooling_off', seconds, message: `A connection from your address was closed for refused messages; try again in ${seconds} s.` },
      { status: 429, headers: { 'Retry-After': String(seconds) } },
    );
  }

  opened(id: string, address: string): void {
    this.addresses.set(id, address);
  }

  /** The socket is gone; closed by the room for refused frames (`code`), its address cools off. */
  gone(id: string, code?: number): void {
    const address = this.addresses.get(id);
    this.addresses.delete(id);
    if (code !== CLOSE_POLICY || address === undefined) return;
    const now = Date.now();
    if (this.until.size >= SWEEP_AT) for (const [key, until] of this.until) if (until <= now) this.until.delete(key);
    this.until.set(address, now + COOL_OFF_MS);
  }
}
