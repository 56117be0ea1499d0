/**
 * The Web Worker that hosts one offline room (local-room.ts) for the page: frames in and
 * out as text, exactly as over a socket, the room's stored records after every change, and
 * (pass-and-play) who the device goes to next.
 */
import { LocalRoom, type NewLocalRoom, type SavedRoomData } from './local-room';

export type ToWorker = { t: 'new'; room: NewLocalRoom } | { t: 'resume'; data: SavedRoomData } | { t: 'frame'; text: string } | { t: 'reveal' };
export type FromWorker =
  { t: 'frame'; text: string } | { t: 'save'; data: SavedRoomData } | { t: 'pass'; to: string | null } | { t: 'failed'; message: string };

const scope = self as unknown as { postMessage(m: FromWorker): void; onmessage: ((e: MessageEvent<ToWorker>) => void) | null };

let room: LocalRoom | null = null;

scope.onmessage = (e) => {
  const msg = e.data;
  try {
    if (msg.t === 'frame') {
      room?.receive(msg.text);
      return;
    }
    if (msg.t === 'reveal') {
      room?.reveal();
      return;
    }
    room?.stop();
    room = new LocalRoom({
      randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
      random: () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32,
      onFrame: (text) => scope.postMessage({ t: 'frame', text }),
      onSave: (data) => scope.postMessage({ t: 'save', data }),
      onPass: (to) => scope.postMessage({ t: 'pass', to }),
    });
    if (msg.t === 'new') room.start(msg.room);
    else room.resume(msg.data);
  } catch (err) {
    scope.postMessage({ t: 'failed', message: err instanceof Error ? err.message : String(err) });
  }
};
