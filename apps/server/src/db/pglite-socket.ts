import fs from 'node:fs';
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

// Serves the server's PGlite to other local processes (the command line) over the PostgreSQL wire protocol on
// a unix socket inside DATA_DIR, so that what they do is seen by the server at once and nothing opens the
// folder twice. `@electric-sql/pglite-socket` does this, but every release pins an exact PGlite (0.2.17 wants
// 0.5.14, we run 0.5.16) and several extensions as peers; the part we need is small, so it lives here.
//
// PGlite is one session: a connection holds it whole (both of PGlite's locks, in the order its own
// transactions take them) from the handshake until it closes, and rolls back what it left open. A
// connection idle for a minute is closed, so a stuck client cannot stall the server.

/** The path `pg` connects to for `host: dataDir` (and the default port). */
export const socketPathIn = (dataDir: string) => `${dataDir}/.s.PGSQL.5432`;

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const IDLE_MS = 60_000;

function message(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8');

/** What PostgreSQL sends after a successful startup; PGlite has no users or passwords to check. */
function startupAnswer(): Buffer {
  const parameters = {
    server_version: '17.0',
    server_encoding: 'UTF8',
    client_encoding: 'UTF8',
    DateStyle: 'ISO, MDY',
    integer_datetimes: 'on',
    standard_conforming_strings: 'on',
    TimeZone: 'UTC',
  };
  const key = Buffer.alloc(8);
  key.writeInt32BE(process.pid, 0);
  return Buffer.concat([
    message('R', Buffer.from([0, 0, 0, 0])),
    ...Object.entries(parameters).map(([name, value]) => message('S', Buffer.concat([cstring(name), cstring(value)]))),
    message('K', key),
    message('Z', Buffer.from('I')),
  ]);
}

/** The transaction status of the last ReadyForQuery at the end of an answer ('I' idle, 'T' or 'E' inside one). */
function readyStatus(answer: Uint8Array, previous: string): string {
  const n = answer.length;
  if (n >= 6 && answer[n - 6] === 0x5a && answer[n - 2] === 5) return String.fromCharCode(answer[n - 1]!);
  return previous;
}

function serveConnection(db: PGlite, socket: net.Socket): void {
  let buffer = Buffer.alloc(0);
  let started = false;
  let status = 'I';
  let queue: Promise<unknown> = Promise.resolve();
  let release: (() => void) | undefined;
  let closed = false;

  const hold = () =>
    new Promise<void>((acquired) => {
      void db._runExclusiveTransaction(() =>
        db.runExclusive(
          () =>
            new Promise<void>((resolve) => {
              release = resolve;
              acquired();
            }),
        ),
      );
    });

  const finish = async () => {
    if (closed) return;
    closed = true;
    await queue.catch(() => undefined);
    if (release) {
      if (status !== 'I') await db.execProtocolRaw(message('Q', cstring('ROLLBACK'))).catch(() => undefined);
      release();
    }
  };

  const handle = async (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    while (!closed) {
      if (!started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        buffer = buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) {
          socket.end();
          return;
        }
        await hold();
        if (closed) return;
        started = true;
        socket.write(startupAnswer());
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer.length < length + 1) return;
      const frame = buffer.subarray(0, length + 1);
      buffer = buffer.subarray(length + 1);
      if (frame[0] === 0x58 /* Terminate */) {
        socket.end();
        return;
      }
      const answer = await db.execProtocolRaw(new Uint8Array(frame));
      status = readyStatus(answer, status);
      if (answer.length > 0 && !socket.destroyed) socket.write(answer);
    }
  };

  socket.setTimeout(IDLE_MS, () => socket.destroy());
  socket.on('data', (chunk: Buffer) => {
    queue = queue.then(() => handle(chunk)).catch(() => socket.destroy());
  });
  socket.on('close', () => void finish());
  socket.on('error', () => socket.destroy());
}

export type PGliteSocketServer = { close(): Promise<void> };

/** Listens on the socket of `dataDir`; the caller must own the folder (see data-dir-lock.ts). */
export async function servePGliteSocket(db: PGlite, dataDir: string): Promise<PGliteSocketServer> {
  const socketPath = socketPathIn(dataDir);
  // A socket file left by a killed owner would make listen fail; we own the folder, so it is ours to remove.
  fs.rmSync(socketPath, { force: true });
  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    serveConnection(db, socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Connections end with the server: their holds are released by their 'close' handlers.
        for (const socket of open) socket.destroy();
      }),
  };
}
