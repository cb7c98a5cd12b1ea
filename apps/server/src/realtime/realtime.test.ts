import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, unique, type SignedUp, type TestApp } from '../test/harness';

// Real Socket.IO clients against the app listening on a real port.

let t: TestApp;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

function open(user: SignedUp | null, auth?: { token: string }): Socket {
  const cookie = user ? [...user.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  const socket = connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: cookie ? { cookie } : {},
    auth,
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return socket;
}

const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });

const subscribe = (s: Socket, projectId: number) =>
  s.emitWithAck('subscribe', { project_id: projectId }) as Promise<{ ok: boolean; message?: string }>;

/** Collects the named events a socket receives. */
function record(s: Socket, names: string[]) {
  const got: Array<{ name: string; data: any }> = [];
  for (const name of names) s.on(name, (data: unknown) => got.push({ name, data }));
  return got;
}

const settle = () => new Promise((r) => setTimeout(r, 300));

async function project(owner: SignedUp) {
  return (await owner.agent.post('/api/projects', { name: 'Live', acronym: 'LV', slug: unique('prj') })).data.data;
}

describe('realtime', () => {
  it('refuses a connection without a session or token', async () => {
    const s = open(null);
    await expect(connected(s)).rejects.toThrow('Unauthenticated.');
  });

  it('sends ProjectUpdated to members, not to non-members nor to the caller that sent X-Socket-ID', async () => {
    const owner = await t.signUp();
    const member = await t.signUp();
    const outsider = await t.signUp();
    const p = await project(owner);
    await member.agent.post(`/api/projects/join/${owner.username}/${p.slug}`, { token: p.join_token });

    const ownerSocket = open(owner);
    const memberSocket = open(member);
    const outsiderSocket = open(outsider);
    await Promise.all([connected(ownerSocket), connected(memberSocket), connected(outsiderSocket)]);
    expect(await subscribe(ownerSocket, p.id)).toEqual({ ok: true });
    expect(await subscribe(memberSocket, p.id)).toEqual({ ok: true });
    expect(await subscribe(outsiderSocket, p.id)).toEqual({ ok: false, message: 'This action is unauthorized.' });

    const ownerGot = record(ownerSocket, ['ProjectUpdated']);
    const memberGot = record(memberSocket, ['ProjectUpdated']);
    const outsiderGot = record(outsiderSocket, ['ProjectUpdated', 'ProjectDeleted']);

    const res = await owner.agent.request(
      'PUT',
      `/api/projects/${p.id}`,
      { name: 'Renamed live' },
      {
        headers: { 'x-socket-id': ownerSocket.id! },
      },
    );
    expect(res.statusCode).toBe(200);
    await settle();
    expect(memberGot).toHaveLength(1);
    expect(memberGot[0]!.data.project).toMatchObject({ id: p.id, name: 'Renamed live' });
    // Every payload names its project, so that a client following several can tell them apart.
    expect(memberGot[0]!.data.project_id).toBe(p.id);
    expect(ownerGot).toHaveLength(0);
    expect(outsiderGot).toHaveLength(0);
  });

  it('accepts a Bearer token, sends ProjectDeleted and stops events for a deleted project', async () => {
    const owner = await t.signUp();
    const member = await t.signUp();
    const p = await project(owner);
    await member.agent.post(`/api/projects/join/${owner.username}/${p.slug}`, { token: p.join_token });
    const token = (await member.agent.post('/api/auth/generatetoken', { name: 'sock' })).data.data.token;
    const s = open(null, { token });
    await connected(s);
    expect(await subscribe(s, p.id)).toEqual({ ok: true });
    const got = record(s, ['ProjectDeleted', 'ProjectUpdated']);
    expect((await owner.agent.delete(`/api/projects/${p.id}`)).statusCode).toBe(204);
    await settle();
    expect(got).toEqual([{ name: 'ProjectDeleted', data: { project_id: p.id } }]);
    // Every payload names its project, so that a client following several can tell.
  });

  it('stops sending to a connection whose session has ended', async () => {
    const owner = await t.signUp();
    const member = await t.signUp();
    const p = await project(owner);
    await member.agent.post(`/api/projects/join/${owner.username}/${p.slug}`, { token: p.join_token });
    const s = open(member);
    await connected(s);
    expect(await subscribe(s, p.id)).toEqual({ ok: true });
    const got = record(s, ['ProjectUpdated']);
    await owner.agent.put(`/api/projects/${p.id}`, { name: 'Seen' });
    await settle();
    expect(got).toHaveLength(1);
    await member.agent.post('/api/auth/logout');
    await owner.agent.put(`/api/projects/${p.id}`, { name: 'Not seen' });
    await settle();
    expect(got).toHaveLength(1);
  });

  it('refuses a subscription to a project that does not exist or a malformed one', async () => {
    const user = await t.signUp();
    const s = open(user);
    await connected(s);
    expect((await subscribe(s, 987654)).ok).toBe(false);
    expect((await s.emitWithAck('subscribe', 'garbage')).ok).toBe(false);
  });

  it('refuses a connection from another site’s page', async () => {
    const user = await t.signUp();
    const cookie = [...user.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const s = connect(base, {
      transports: ['polling'],
      extraHeaders: { cookie, origin: 'https://evil.example' },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(s);
    await expect(connected(s)).rejects.toThrow();
  });
});
