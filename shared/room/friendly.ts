/**
 * The friendly mode (every room but ranked ones): seats by the seat form, the first person
 * seated is the host, the host adds bots, changes settings, starts and plays again, and may
 * list the room on the public tables.
 */
import { listingOf } from '../lobby/listing';
import { seatJoin } from './joining';
import { ordinaryHooks, type RoomMode } from './mode';

export const friendlyMode: RoomMode = {
  ...ordinaryHooks,
  id: 'friendly',
  create: (_settings, game) => ({ seats: Math.max(...game.playerCounts), record: {} }),
  join: seatJoin,
  listing: (r) => listingOf(r.room),
};
