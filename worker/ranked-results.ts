/**
 * Kept for worker/room.ts only, until its ranked code moves onto the ports (the room engineer's
 * change): D1 lives in worker/d1/. Delete this file when room.ts no longer imports it.
 */
export { BadRankedResult, recordRankedResult, type RankedChange } from './d1/ratings';
