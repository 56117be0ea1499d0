// The hostile socket of the abuse benchmark (e2e/load/abuse.bench.ts), in its own process so
// that its flood never delays the victim's event loop: a raw TCP WebSocket client that floods
// hellos, 100 KB frames and garbage as fast as the kernel takes them, and ignores the room's
// close frame (a hostile client owes no close handshake); with ABUSE_POLITE=1 it drops the
// connection when the close frame comes, as a browser would. When the room refuses or drops the
// connection it reconnects at once. Commands on stdin: "go" floods, "pause" stops sending
// (keeping the socket), "room CODE" moves to another room, "stop" prints its counts as JSON and exits.
//   node e2e/load/abuse-attacker.mjs PORT ROOM_CODE
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { createInterface } from 'node:readline';

const [port, firstCode] = process.argv.slice(2);
const POLITE = process.env.ABUSE_POLITE === '1';
/** The attacker's own address, as Cloudflare would name it (wrangler dev passes the header on): the
 * players connect from 127.0.0.1, so limits keyed by address fall on the attacker alone, as they would on the Internet. */
const ATTACKER_ADDRESS = '198.51.100.66';
/** The first byte of an unfragmented close frame (the room's frames are ASCII JSON, so it appears nowhere else). */
const CLOSE_OPCODE = Buffer.from([0x88]);
let code = firstCode;

/** One masked client frame (opcode 1 text, 2 binary). */
function frame(payload, opcode = 1) {
  const data = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  const n = data.length;
  let head;
  if (n < 126) head = Buffer.from([0x80 | opcode, 0x80 | n]);
  else if (n < 65536) head = Buffer.from([0x80 | opcode, 0x80 | 126, n >> 8, n & 255]);
  else {
    head = Buffer.alloc(10);
    head[0] = 0x80 | opcode;
    head[1] = 0x80 | 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  const mask = randomBytes(4);
  const body = Buffer.alloc(n);
  for (let i = 0; i < n; i++) body[i] = data[i] ^ mask[i & 3];
  return Buffer.concat([head, mask, body]);
}

const FRAMES = [
  frame(JSON.stringify({ t: 'hello', token: 'A'.repeat(43) })),
  frame(JSON.stringify({ t: 'chat', text: 'x'.repeat(100 * 1024) })),
  frame('{not json'),
  frame(JSON.stringify({ t: 'hello', token: 'bad token' })),
  frame(JSON.stringify({ t: 'teleport' })),
  frame(Buffer.from([1, 2, 3]), 2),
  frame(JSON.stringify({ t: 'move', version: 'x' })),
];

const counts = { frames: 0, bytes: 0, opened: 0, refusedOpens: 0, dropped: 0, closeFramesIgnored: 0 };
let flooding = false;
let stopped = false;
let socket = null;
let upgraded = false;
let i = 0;

function pump() {
  // Write until the kernel's buffer is full, then wait for it to drain: the fastest a socket can send.
  while (flooding && upgraded && socket && !socket.destroyed) {
    const f = FRAMES[i++ % FRAMES.length];
    counts.frames++;
    counts.bytes += f.length;
    if (!socket.write(f)) {
      socket.once('drain', pump);
      return;
    }
  }
}

function connect() {
  if (stopped) return;
  upgraded = false;
  const s = net.connect(Number(port), '127.0.0.1');
  socket = s;
  s.setNoDelay(true);
  s.on('connect', () => {
    const key = randomBytes(16).toString('base64');
    s.write(
      `GET /api/rooms/${code}/ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCF-Connecting-IP: ${ATTACKER_ADDRESS}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
  s.on('data', (d) => {
    if (!upgraded) {
      if (d.toString('latin1', 0, 12) === 'HTTP/1.1 101') {
        upgraded = true;
        counts.opened++;
        pump();
      } else {
        // 429 while the address cools off, or 503 when the room is crowded.
        counts.refusedOpens++;
        s.destroy();
      }
      return;
    }
    // The room's frames (errors, the warning, its close frame) are read and ignored, unless polite.
    if (d.includes(CLOSE_OPCODE)) {
      if (POLITE) s.destroy();
      else counts.closeFramesIgnored++;
    }
  });
  s.on('error', () => {});
  s.on('close', () => {
    if (upgraded) counts.dropped++;
    socket = null;
    // Reconnect at once while flooding; a paused attacker waits for the next "go".
    if (!stopped && flooding) setImmediate(connect);
  });
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const cmd = line.trim();
  if (cmd === 'go') {
    flooding = true;
    if (!socket) connect();
    else pump();
  } else if (cmd.startsWith('room ')) {
    // The victim's game ended and a new room took its place: flood that one.
    code = cmd.slice(5);
    if (socket) socket.destroy();
    else if (flooding) connect();
  } else if (cmd === 'pause') {
    flooding = false;
  } else if (cmd === 'stop') {
    stopped = true;
    flooding = false;
    socket?.destroy();
    process.stdout.write(`${JSON.stringify(counts)}\n`);
    process.exit(0);
  }
});
