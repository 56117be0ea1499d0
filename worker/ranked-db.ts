/**
 * Kept for worker/room.ts only, until its ranked code moves onto the ports (the room engineer's
 * change): D1 lives in worker/d1/. Delete this file when room.ts no longer imports it.
 */
export { clearActive, pendingRankedTable } from './d1/tables';
export { recordEscape } from './d1/penalties';
