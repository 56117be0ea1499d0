/**
 * A room page's socket, opened by the entry script as soon as it runs (issue 12: a table's
 * largest contentful paint within 2 s on a phone). The room page's own code — store, socket
 * library, table — is still downloading then; by the time it runs, the room has usually
 * answered the hello, so the table paints without another round trip. The room store adopts
 * this socket as its first connection (`takeEarlySocket`); reconnecting stays the store's.
 * Kept tiny: it is part of every page's first script.
 */

export const tokenKey = (code: string) => `cardroom:seat:${code}`;

export interface EarlySocket {
  code: string;
  socket: WebSocket;
  /** Frames that arrived before the store took the socket, oldest first. */
  frames: string[];
  /** Stops the buffering (the store listens for itself from then on); the hello is still sent on open. */
  release: () => void;
}

let early: EarlySocket | null = null;
/** The store has asked for its first connection: an early socket opened after that would be nobody's. */
let claimed = false;

/** Open `code`'s socket and say hello at once (the same hello the store would send). */
export function openEarlySocket(code: string): void {
  if (early || claimed || typeof WebSocket === 'undefined') return;
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  let socket: WebSocket;
  try {
    socket = new WebSocket(`${proto}://${location.host}/api/rooms/${code}/ws`);
  } catch {
    return;
  }
  const frames: string[] = [];
  // The same hello the store would send, and the log and chat with it (as the store asks).
  const onOpen = () => {
    socket.send(JSON.stringify({ t: 'hello', token: localStorage.getItem(tokenKey(code)) ?? undefined, ping: true }));
    socket.send(JSON.stringify({ t: 'history' }));
  };
  const onMessage = (e: MessageEvent) => frames.push(String(e.data));
  socket.addEventListener('open', onOpen);
  socket.addEventListener('message', onMessage);
  early = {
    code,
    socket,
    frames,
    release: () => socket.removeEventListener('message', onMessage),
  };
}

/** The early socket of room `code` when it is still open or opening (then it is the caller's), else null. */
export function takeEarlySocket(code: string): EarlySocket | null {
  const taken = early;
  early = null;
  claimed = true;
  if (!taken) return null;
  if (taken.code === code && taken.socket.readyState <= WebSocket.OPEN) return taken;
  taken.release();
  taken.socket.close();
  return null;
}
