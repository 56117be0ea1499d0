/**
 * Close codes only ever reported to an endpoint, never sent in a frame (RFC 6455 §7.4.1): 1005
 * (the peer's frame had no code), 1006 (the connection dropped) and 1015 (TLS failed), and 1004,
 * reserved. Sending one throws.
 */
const REPORTED_ONLY = new Set([1004, 1005, 1006, 1015]);

/**
 * Answers a peer's close frame with one of the same code and reason (a code that cannot be sent
 * is answered with 1000). Under the hibernation API the room must: a socket whose close is never
 * answered sits in CLOSING until the browser gives up and reports 1006.
 */
export function answerClose(ws: WebSocket, code: number, reason: string): void {
  // Already answered (the runtime does so for sockets accepted outside hibernation).
  if (ws.readyState === WebSocket.CLOSED) return;
  const sendable = code >= 1000 && code <= 4999 && !REPORTED_ONLY.has(code);
  try {
    ws.close(sendable ? code : 1000, sendable ? reason : '');
  } catch {
    // Closed under us (the connection dropped): nothing to answer.
  }
}
