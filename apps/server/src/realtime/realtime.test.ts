import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { and, eq, sql } from 'drizzle-orm';
import type { RealtimeBatch, SubscribeAnswer } from '@reqloom/domain';
import { projectUsers, sessions } from '../db/schema';
import { cookieOf, createTestApp, listen, unique, type SignedUp, type TestApp } from '../test/harness';
import { REALTIME_LIMITS } from './realtime';
import { runWork } from '../core/work';
import * as access from '../policies/project-access';

// Real Socket.IO clients against the app listening on a real port.

let t: TestApp;
let base: string;
const sockets: Socket[] = [];
const BATCH_WINDOW_MS = 1_000;

beforeAll(async () => {
  // A wide batch window, so that the tests of batches do not depend on how fast this machine answers.
  t = await createTestApp({ realtimeBatchWindowMs: BATCH_WINDOW_MS });
  base = await listen(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

function open(user: SignedUp | null, auth?: { token: string }): Socket {
  const cookie = user ? cookieOf(user) : undefined;
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
  s.emitWithAck('subscribe', { project_id: projectId }) as Promise<SubscribeAnswer>;

const subscribeInBatches = (s: Socket, projectId: number) =>
  s.emitWithAck('subscribe', { project_id: projectId, batch: true }) as Promise<SubscribeAnswer>;

/** Collects the events a socket subscribed in batches receives, each with the batch it came in. */
function recordBatches(s: Socket) {
  const got: Array<{ batch: number; name: string; data: any }> = [];
  let count = 0;
  s.on('batch', (batch: RealtimeBatch) => {
    count += 1;
    for (const event of batch.events) got.push({ batch: count, name: event.name, data: event.payload });
  });
  return got;
}

/** Collects the named events a socket receives. */
function record(s: Socket, names: string[]) {
  const got: Array<{ name: string; data: any }> = [];
  for (const name of names) s.on(name, (data: unknown) => got.push({ name, data }));
  return got;
}

const settle = () => new Promise((r) => setTimeout(r, 300));

/** Ends a membership as the services do: the row goes, and MembershipEnded with it. */
const endMembership = (projectId: number, userId: number) =>
  runWork(t.ctx, { actor: { type: 'cli' } }, async (work) => {
    await work.tx
      .delete(projectUsers)
      .where(and(eq(projectUsers.projectId, projectId), eq(projectUsers.userId, userId)));
    work.record({ name: 'MembershipEnded', projectId, userId });
  });

async function project(owner: SignedUp) {
  return (await owner.agent.post('/api/projects', { name: 'Live', acronym: 'LV', slug: unique('prj') })).data.data;
}

/** An owner's project, a member who joined it, and the member's socket subscribed to it, recording ProjectUpdated. */
async function memberFollowing() {
  const owner = await t.signUp();
  const member = await t.signUp();
  const p = await project(owner);
  await member.agent.post(`/api/projects/join/${owner.username}/${p.slug}`, { token: p.join_token });
  const socket = open(member);
  await connected(socket);
  expect(await subscribe(socket, p.id)).toMatchObject({ ok: true });
  return { owner, member, p, socket, got: record(socket, ['ProjectUpdated']) };
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
    expect(await subscribe(ownerSocket, p.id)).toMatchObject({ ok: true });
    expect(await subscribe(memberSocket, p.id)).toMatchObject({ ok: true });
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
    expect(await subscribe(s, p.id)).toMatchObject({ ok: true });
    const got = record(s, ['ProjectDeleted', 'ProjectUpdated']);
    expect((await owner.agent.delete(`/api/projects/${p.id}`)).statusCode).toBe(204);
    await settle();
    expect(got).toEqual([{ name: 'ProjectDeleted', data: { project_id: p.id } }]);
    // Every payload names its project, so that a client following several can tell.
  });

  it('stops sending to a connection whose session has ended', async () => {
    const { owner, member, p, socket: s, got } = await memberFollowing();
    await owner.agent.put(`/api/projects/${p.id}`, { name: 'Seen' });
    await settle();
    expect(got).toHaveLength(1);
    await member.agent.post('/api/auth/logout');
    await owner.agent.put(`/api/projects/${p.id}`, { name: 'Not seen' });
    await settle();
    expect(got).toHaveLength(1);
    // The logout closed the connection itself.
    expect(s.connected).toBe(false);
  });

  it("tells a subscriber how long ago the project's last event was sent, so that older reads can catch up", async () => {
    const { owner, member, p } = await memberFollowing();
    await owner.agent.put(`/api/projects/${p.id}`, { name: 'Just now' });
    const late = open(member);
    await connected(late);
    const fresh = await subscribe(late, p.id);
    expect(fresh.ok).toBe(true);
    expect(fresh.quiet_ms).toBeGreaterThanOrEqual(0);
    expect(fresh.quiet_ms).toBeLessThan(5_000);
    await new Promise((r) => setTimeout(r, 400));
    const again = await subscribe(late, p.id);
    expect(again.quiet_ms).toBeGreaterThanOrEqual(fresh.quiet_ms! + 390);
    // Quietness is per project: another project's event does not count.
    const other = await project(owner);
    await owner.agent.put(`/api/projects/${other.id}`, { name: 'Elsewhere' });
    expect((await subscribe(late, p.id)).quiet_ms).toBeGreaterThanOrEqual(390);
  });

  it('refuses a subscription to a project that does not exist or a malformed one', async () => {
    const user = await t.signUp();
    const s = open(user);
    await connected(s);
    expect((await subscribe(s, 987654)).ok).toBe(false);
    expect((await s.emitWithAck('subscribe', 'garbage')).ok).toBe(false);
  });

  // Socket.IO hands an event's arguments to its listener with Function.prototype.apply: 200,000 of them (a 400 kB
  // frame, under the 1 MB a frame may hold) overflowed the stack in a tick of its own, and the server process died.
  it('drops a connection that sends an event with more arguments than any event takes, and stays up', async () => {
    const user = await t.signUp();
    const own = await project(user);
    const hostile = open(user);
    await connected(hostile);
    const dropped = new Promise((resolve) => hostile.once('disconnect', resolve));
    // Written as the frame itself: a call with that many arguments would overflow here first.
    const frame = JSON.stringify(['subscribe', { project_id: own.id }, ...Array.from({ length: 200_000 }, () => 1)]);
    hostile.io.engine.write(`2${frame}`);
    await dropped;
    const next = open(user);
    await connected(next);
    expect(await subscribe(next, own.id)).toMatchObject({ ok: true });
  });

  it('refuses a connection from another site’s page', async () => {
    const user = await t.signUp();
    const cookie = cookieOf(user);
    const s = connect(base, {
      transports: ['polling'],
      extraHeaders: { cookie, origin: 'https://evil.example' },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(s);
    await expect(connected(s)).rejects.toThrow();
  });

  it('honours X-Socket-ID only for a socket of the caller: a room name or another user’s socket silences no one', async () => {
    const { owner, member, p, socket: memberSocket, got } = await memberFollowing();
    for (const header of [`project.${p.id}`, memberSocket.id!, `user.${member.id}`]) {
      const res = await owner.agent.request(
        'PUT',
        `/api/projects/${p.id}`,
        { name: `Named ${header}` },
        {
          headers: { 'x-socket-id': header },
        },
      );
      expect(res.statusCode).toBe(200);
    }
    await settle();
    expect(got).toHaveLength(3);
  });

  it('closes the other sessions’ sockets on a password change, keeps the caller’s and the tokens’', async () => {
    const user = await t.signUp();
    const other = t.agent();
    expect((await other.post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    const token = (await user.agent.post('/api/auth/generatetoken', { name: 'live' })).data.data.token;
    const mine = open(user);
    const theirs = open({ ...user, agent: other });
    const byToken = open(null, { token });
    await Promise.all([connected(mine), connected(theirs), connected(byToken)]);
    const closed = new Promise((resolve) => theirs.once('disconnect', resolve));
    const res = await user.agent.post('/api/user/changepassword', {
      current_password: user.password,
      new_password: 'another horse battery',
      new_password_confirmation: 'another horse battery',
    });
    expect(res.statusCode).toBe(204);
    await closed;
    await settle();
    expect(mine.connected).toBe(true);
    expect(byToken.connected).toBe(true);
  });

  it('closes a token’s sockets when the token is revoked', async () => {
    const user = await t.signUp();
    await user.agent.post('/api/auth/generatetoken', { name: 'live' });
    const token = (await user.agent.post('/api/auth/generatetoken', { name: 'other' })).data.data.token;
    const listed = (await user.agent.get('/api/user/tokens')).data.data as Array<{ id: number; name: string }>;
    const socket = open(null, { token });
    const kept = open(user);
    await Promise.all([connected(socket), connected(kept)]);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    expect((await user.agent.delete(`/api/user/tokens/${listed.find((x) => x.name === 'other')!.id}`)).statusCode).toBe(
      204,
    );
    await closed;
    expect(kept.connected).toBe(true);
  });

  it('closes a session’s socket once the session has expired', async () => {
    const user = await t.signUp();
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 second'` })
      .where(eq(sessions.userId, user.id));
    const socket = open(user);
    await connected(socket);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    await closed;
    expect(socket.connected).toBe(false);
  });

  it('sends a subscriber in batches the same events, in order: a lone one at once, a burst together', async () => {
    const { owner, member, p, socket: plain } = await memberFollowing();
    const plainGot = record(plain, ['ProjectUpdated']);
    const batched = open(member);
    const mine = open(owner);
    await Promise.all([connected(batched), connected(mine)]);
    expect(await subscribeInBatches(batched, p.id)).toMatchObject({ ok: true });
    expect(await subscribeInBatches(mine, p.id)).toMatchObject({ ok: true });
    const got = recordBatches(batched);
    const mineGot = recordBatches(mine);
    const rename = (name: string) =>
      owner.agent.request('PUT', `/api/projects/${p.id}`, { name }, { headers: { 'x-socket-id': mine.id! } });

    expect((await rename('First')).statusCode).toBe(200);
    await vi.waitFor(() => expect(got).toHaveLength(1));
    for (const name of ['Second', 'Third', 'Fourth']) expect((await rename(name)).statusCode).toBe(200);
    // The three that followed within the window wait for its end and come in one frame.
    await settle();
    expect(got).toHaveLength(1);
    await vi.waitFor(() => expect(got).toHaveLength(4), { timeout: 2 * BATCH_WINDOW_MS });
    expect(got.map((e) => e.data.project.name)).toEqual(['First', 'Second', 'Third', 'Fourth']);
    expect(got.map((e) => e.batch)).toEqual([1, 2, 2, 2]);
    // The same payloads as one by one, each naming its project; the caller's own socket gets none of them.
    expect(got.map(({ name, data }) => ({ name, data }))).toEqual(plainGot);
    expect(got[0]!.data.project_id).toBe(p.id);
    expect(mineGot).toEqual([]);
  });

  it('takes a subscription made again in the other mode instead of the first: no event comes twice', async () => {
    const { owner, member, p, socket, got } = await memberFollowing();
    // Another subscriber in batches, so that the project's events wait in batches.
    const other = open(member);
    await connected(other);
    expect(await subscribeInBatches(other, p.id)).toMatchObject({ ok: true });
    const otherGot = recordBatches(other);
    await owner.agent.put(`/api/projects/${p.id}`, { name: 'At once' });
    await owner.agent.put(`/api/projects/${p.id}`, { name: 'Waiting' });
    await vi.waitFor(() => expect(got).toHaveLength(2));
    // One by one, the socket had both; in batches now, it does not get the one that waited again.
    expect(await subscribeInBatches(socket, p.id)).toMatchObject({ ok: true });
    const batched = recordBatches(socket);
    await vi.waitFor(() => expect(otherGot.map((e) => e.data.project.name)).toEqual(['At once', 'Waiting']));
    await owner.agent.put(`/api/projects/${p.id}`, { name: 'In a batch' });
    await vi.waitFor(() => expect(batched.map((e) => e.data.project.name)).toEqual(['In a batch']), {
      timeout: 2 * BATCH_WINDOW_MS,
    });
    expect(got.map((e) => e.data.project.name)).toEqual(['At once', 'Waiting']);
    // Back to one by one: what waits in a batch reaches it before it leaves the batches' room.
    await owner.agent.put(`/api/projects/${p.id}`, { name: 'Waiting again' });
    expect(await subscribe(socket, p.id)).toMatchObject({ ok: true });
    expect(batched.map((e) => e.data.project.name)).toEqual(['In a batch', 'Waiting again']);
    await owner.agent.put(`/api/projects/${p.id}`, { name: 'One by one' });
    await vi.waitFor(() => expect(got).toHaveLength(3));
    expect(got[2]!.data.project.name).toBe('One by one');
    expect(batched).toHaveLength(2);
  });

  it('sends batched subscribers the deletion of the project, then nothing more', async () => {
    const { owner, member, p } = await memberFollowing();
    const s = open(member);
    await connected(s);
    expect(await subscribeInBatches(s, p.id)).toMatchObject({ ok: true });
    const got = recordBatches(s);
    // Within one window: the rename waits in a batch when the deletion comes, and both arrive, in order.
    await owner.agent.put(`/api/projects/${p.id}`, { name: 'Opens the window' });
    await owner.agent.put(`/api/projects/${p.id}`, { name: 'Waits in the batch' });
    expect((await owner.agent.delete(`/api/projects/${p.id}`)).statusCode).toBe(204);
    // Sent at once, before the room was emptied: not at the window's end, to a room no one is in any more.
    await settle();
    expect(got.map((e) => e.name)).toEqual(['ProjectUpdated', 'ProjectUpdated', 'ProjectDeleted']);
    expect((await subscribeInBatches(s, p.id)).ok).toBe(false);
  });

  it('moves a user whose membership ended out of the project’s room, on the write that ends it', async () => {
    const { owner, member, p, socket: s, got } = await memberFollowing();
    const batched = open(member);
    await connected(batched);
    expect(await subscribeInBatches(batched, p.id)).toMatchObject({ ok: true });
    const batchedGot = recordBatches(batched);
    await endMembership(p.id, member.id);
    await settle();
    await owner.agent.put(`/api/projects/${p.id}`, { name: 'After the removal' });
    await settle();
    expect(got).toHaveLength(0);
    expect(batchedGot).toHaveLength(0);
    expect(s.connected).toBe(true);
    expect(await subscribe(s, p.id)).toEqual({ ok: false, message: 'This action is unauthorized.' });
  });

  it('refuses a subscription whose membership ended while its check was on its way', async () => {
    const owner = await t.signUp();
    const member = await t.signUp();
    const p = await project(owner);
    await member.agent.post(`/api/projects/join/${owner.username}/${p.slug}`, { token: p.join_token });
    const s = open(member);
    await connected(s);
    const got = record(s, ['ProjectUpdated']);
    // The check reads the membership; the removal commits and its event is handled before the check's answer comes
    // back: the write that ends the membership found no socket of the member in the project's room.
    const original = access.projectRole;
    const spy = vi.spyOn(access, 'projectRole').mockImplementationOnce(async (db, projectId, userId) => {
      const role = await original(db, projectId, userId);
      await endMembership(p.id, member.id);
      await settle();
      return role;
    });
    try {
      expect(await subscribe(s, p.id)).toEqual({ ok: false, message: 'This action is unauthorized.' });
    } finally {
      spy.mockRestore();
    }
    await owner.agent.put(`/api/projects/${p.id}`, { name: 'After the removal' });
    await settle();
    expect(got).toHaveLength(0);
  });

  describe('bounds what one user holds', () => {
    const limits = { ...REALTIME_LIMITS };
    afterAll(() => Object.assign(REALTIME_LIMITS, limits));

    it('refuses a connection beyond the sockets a user may have open, and takes one again once one closed', async () => {
      REALTIME_LIMITS.socketsPerUser = 3;
      const user = await t.signUp();
      const three = [open(user), open(user), open(user)];
      await Promise.all(three.map(connected));
      const fourth = open(user);
      await expect(connected(fourth)).rejects.toThrow('Too many connections.');
      // Another user is not counted with this one.
      const other = open(await t.signUp());
      await connected(other);
      three[0]!.disconnect();
      await settle();
      await connected(open(user));
    });

    it('refuses a subscription beyond the projects a socket may follow; following one again is no new one', async () => {
      REALTIME_LIMITS.projectsPerSocket = 2;
      const owner = await t.signUp();
      const [a, b, c] = [await project(owner), await project(owner), await project(owner)];
      const s = open(owner);
      await connected(s);
      expect(await subscribe(s, a.id)).toMatchObject({ ok: true });
      expect(await subscribeInBatches(s, b.id)).toMatchObject({ ok: true });
      expect(await subscribe(s, c.id)).toEqual({ ok: false, message: 'Too many subscriptions.' });
      expect(await subscribeInBatches(s, a.id)).toMatchObject({ ok: true });
      await s.emitWithAck('unsubscribe', { project_id: b.id });
      expect(await subscribe(s, c.id)).toMatchObject({ ok: true });
    });

    it('refuses subscriptions sent all at once beyond the checks a socket may have on their way', async () => {
      REALTIME_LIMITS.checksPerSocket = 2;
      const owner = await t.signUp();
      const p = await project(owner);
      const s = open(owner);
      await connected(s);
      const answers = await Promise.all(Array.from({ length: 6 }, () => subscribe(s, p.id)));
      expect(answers.filter((a) => a.ok)).toHaveLength(2);
      expect(answers.filter((a) => !a.ok)).toEqual(Array(4).fill({ ok: false, message: 'Too many requests.' }));
      // Once answered, the socket may ask again.
      expect(await subscribe(s, p.id)).toMatchObject({ ok: true });
    });
  });
});

describe('members and roles (decisions §20)', () => {
  it('sends ProjectMembersUpdated on a role change; a removed member leaves the room and hears ProjectDeleted', async () => {
    const { owner, member, p, socket } = await memberFollowing();
    const ownerSocket = open(owner);
    await connected(ownerSocket);
    expect(await subscribe(ownerSocket, p.id)).toMatchObject({ ok: true });
    const memberGot = record(socket, ['ProjectMembersUpdated', 'ProjectDeleted', 'ProjectUpdated']);
    const ownerGot = record(ownerSocket, ['ProjectMembersUpdated', 'ProjectDeleted']);
    expect((await owner.agent.put(`/api/projects/members/${p.id}/${member.id}`, { role: 'viewer' })).statusCode).toBe(
      200,
    );
    await vi.waitFor(() =>
      expect(memberGot.map((e) => e.name).sort()).toEqual(['ProjectMembersUpdated', 'ProjectUpdated']),
    );
    expect(memberGot.find((e) => e.name === 'ProjectUpdated')!.data.project).not.toHaveProperty('my_role');
    await vi.waitFor(() => expect(ownerGot).toEqual([{ name: 'ProjectMembersUpdated', data: { project_id: p.id } }]));
    memberGot.length = 0;
    ownerGot.length = 0;
    expect((await owner.agent.delete(`/api/projects/members/${p.id}/${member.id}`)).statusCode).toBe(204);
    await vi.waitFor(() => expect(memberGot).toContainEqual({ name: 'ProjectDeleted', data: { project_id: p.id } }));
    await vi.waitFor(() => expect(ownerGot).toEqual([{ name: 'ProjectMembersUpdated', data: { project_id: p.id } }]));
    // Out of the room: the project's next events do not reach the removed member.
    memberGot.length = 0;
    await owner.agent.put(`/api/projects/${p.id}`, { name: 'After removal' });
    await settle();
    expect(memberGot).toEqual([]);
  });
});
