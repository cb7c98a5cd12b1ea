import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_LIMIT_BYTES } from '@reqloom/domain';
import { cookieOf, createTestApp, type SignedUp, type TestApp } from '../../test/harness';
import { png } from '../../test/images';
import { workingArea } from '../../test/working-area';

// Over a real connection: an upload that passes the limit, or comes from someone who may not upload, is answered
// at once and the connection closed, while the client is still sending; the server neither keeps nor reads the rest.

let t: TestApp;
let owner: SignedUp;
let stranger: SignedUp;
let projectId: number;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  stranger = await t.signUp();
  projectId = (await workingArea(owner).project()).id;
  await owner.agent.ensureCsrf();
  await stranger.agent.ensureCsrf();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

const DECLARED = 1024 * 1024 * 1024;
const MB = 1024 * 1024;

type Outcome = { answer: string; closedAfterMs: number; serverRead: number };

/**
 * Sends the start of a form that announces 1 GB, then its file as fast as the connection takes it, and goes on
 * after the answer, as a careless client would. Resolves once the server has closed the connection, with the
 * answer, how long after it the connection was closed, and how many bytes the server read from it.
 */
function sendLargeUpload(who: SignedUp): Promise<Outcome> {
  const boundary = 'cutoffboundary';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="big.png"\r\n` +
    'Content-Type: image/png\r\n\r\n';
  const cookies = cookieOf(who);
  return new Promise((resolve, reject) => {
    let serverSocket: net.Socket | undefined;
    t.app.server.once('connection', (s: net.Socket) => (serverSocket = s));
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let answeredAt = 0;
    socket.on('data', (data) => {
      answer += data.toString('latin1');
      answeredAt ||= Date.now();
    });
    socket.on('error', () => undefined); // the server cutting the connection while we write: expected
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the connection was not cut; answer so far: ${answer.slice(0, 80)}`));
    }, 10_000);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: Date.now() - answeredAt, serverRead: serverSocket?.bytesRead ?? -1 });
    });
    socket.write(
      `POST /api/attachments HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookies}\r\n` +
        `X-XSRF-TOKEN: ${who.agent.cookies.get('XSRF-TOKEN')}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${DECLARED}\r\n\r\n${head}`,
    );
    socket.write(png());
    const chunk = Buffer.alloc(64 * 1024, 1);
    let sent = 0;
    const pump = () => {
      while (!socket.destroyed && sent < DECLARED - MB) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

describe('an upload that must be refused is cut off', () => {
  it('answers 413 once the file passes 2 MB, without waiting for the 1 GB announced, and cuts the connection', async () => {
    const { answer, closedAfterMs, serverRead } = await sendLargeUpload(owner);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('{"message":"The file is too large (> 2MB)."}');
    // Read: the form's start, the 2 MB kept, then at most 4 MB dropped while the answer had time to arrive.
    expect(serverRead).toBeGreaterThan(IMAGE_UPLOAD_LIMIT_BYTES);
    expect(serverRead).toBeLessThan(IMAGE_UPLOAD_LIMIT_BYTES + 8 * MB);
    expect(closedAfterMs).toBeLessThan(2_000);
  });

  it('answers 403 to a non-member before reading the file, and cuts the connection', async () => {
    const { answer, closedAfterMs, serverRead } = await sendLargeUpload(stranger);
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer).toContain('{"message":"This action is unauthorized."}');
    expect(serverRead).toBeLessThan(6 * MB);
    expect(closedAfterMs).toBeLessThan(2_000);
  });
});
