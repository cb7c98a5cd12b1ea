import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import type { RealtimeBatch } from '@reqloom/domain';
import { buildApp, type BuiltApp } from '../app';
import type { CommittedWork } from '../events/bus';
import { projectUsers } from '../db/schema';
import { Agent } from '../test/agent';
import { cookieOf, createTestApp, unique, type SignedUp, type TestApp } from '../test/harness';
import { runWork } from '../core/work';

// Two instances of the app behind one Redis: an event caused on one reaches a socket on the other.
// Runs in the `redis` Vitest project, which exists when TEST_REDIS_URL is set (CI sets it).

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let a: TestApp;
let b: BuiltApp;
let socket: Socket | undefined;

const BATCH_WINDOW_MS = 1_000;
const sockets: Socket[] = [];

beforeAll(async () => {
  // A wide batch window, so that what waits in a batch does not depend on how fast this machine answers.
  a = await createTestApp({ redisUrl, realtimeBatchWindowMs: BATCH_WINDOW_MS });
  b = await buildApp({ ...a.ctx.config, redisUrl }, { database: a.ctx.database, mailer: a.ctx.mailer });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  socket?.disconnect();
  for (const s of sockets) s.disconnect();
  await b.app.close();
  await a.close();
});

describe('realtime across instances', () => {
  it('delivers ProjectUpdated from instance A to a member connected to instance B', async () => {
    const owner = await a.signUp();
    const project = (await owner.agent.post('/api/projects', { name: 'Shared', acronym: 'SH', slug: unique('p') })).data
      .data;
    const address = b.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const cookie = cookieOf(owner);
    socket = connect(`http://127.0.0.1:${address.port}`, {
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', resolve);
      socket!.once('connect_error', reject);
    });
    // Nothing happened in the project yet: no event to catch up on.
    expect(await socket.emitWithAck('subscribe', { project_id: project.id })).toEqual({ ok: true, quiet_ms: null });
    const received: Array<{ project: { name: string } }> = [];
    socket.on('ProjectUpdated', (data: { project: { name: string } }) => received.push(data));
    // A second socket there subscribes in batches, as the web client does.
    const batched = connect(`http://127.0.0.1:${address.port}`, {
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
    });
    await new Promise<void>((resolve) => batched.once('connect', resolve));
    expect(await batched.emitWithAck('subscribe', { project_id: project.id, batch: true })).toMatchObject({ ok: true });
    const inBatches: string[] = [];
    batched.on('batch', (batch: RealtimeBatch) => {
      for (const event of batch.events) if (event.name === 'ProjectUpdated') inBatches.push(event.payload.project.name);
    });
    await owner.agent.put(`/api/projects/${project.id}`, { name: 'Across instances' });
    await owner.agent.put(`/api/projects/${project.id}`, { name: 'Then in a batch' });
    await vi.waitFor(() => expect(inBatches).toHaveLength(2), { timeout: 2 * BATCH_WINDOW_MS });
    batched.disconnect();
    // Once: each instance sends every instance's work to its own sockets only.
    expect(received.map((r) => r.project.name)).toEqual(['Across instances', 'Then in a batch']);
    expect(inBatches).toEqual(['Across instances', 'Then in a batch']);
    // Instance B noted A's event: a page subscribing there now learns that its reads may have missed it.
    const again = (await socket.emitWithAck('subscribe', { project_id: project.id })) as { quiet_ms: number | null };
    expect(again.quiet_ms).toBeGreaterThanOrEqual(0);
    expect(again.quiet_ms).toBeLessThan(10_000);
  });

  it('keeps one order across instances: events waiting in a batch are not overtaken by another instance’s', async () => {
    const owner = await a.signUp();
    const project = (await owner.agent.post('/api/projects', { name: 'Order', acronym: 'OR', slug: unique('p') })).data
      .data;
    const [onA, onB] = await Promise.all([connectTo(a.app, owner), connectTo(b.app, owner)]);
    const names = { a: recordNames(onA), b: recordNames(onB) };
    for (const s of [onA, onB])
      expect(await s.emitWithAck('subscribe', { project_id: project.id, batch: true })).toMatchObject({ ok: true });
    // The owner's session, on instance B too.
    const ownerOnB = new Agent(b.app);
    for (const [key, value] of owner.agent.cookies) ownerOnB.cookies.set(key, value);
    const rename = (on: 'a' | 'b', name: string) =>
      (on === 'a' ? owner.agent : ownerOnB).put(`/api/projects/${project.id}`, { name });
    // The first goes at once everywhere; the second waits in the window on both instances, and the third, done on
    // the other instance, waits behind it there too.
    expect((await rename('a', 'one')).statusCode).toBe(200);
    await vi.waitFor(() => expect([names.a.length, names.b.length]).toEqual([1, 1]));
    expect((await rename('a', 'two')).statusCode).toBe(200);
    expect((await rename('b', 'three')).statusCode).toBe(200);
    await vi.waitFor(() => expect([names.a.length, names.b.length]).toEqual([3, 3]), {
      timeout: 2 * BATCH_WINDOW_MS,
    });
    expect(names.a).toEqual(['one', 'two', 'three']);
    expect(names.b).toEqual(['one', 'two', 'three']);
  });

  it('sends a removed member what waited in a batch on another instance, then nothing more', async () => {
    const owner = await a.signUp();
    const member = await a.signUp();
    const project = (await owner.agent.post('/api/projects', { name: 'Leave', acronym: 'LV', slug: unique('p') })).data
      .data;
    await member.agent.post(`/api/projects/join/${owner.username}/${project.slug}`, { token: project.join_token });
    const onB = await connectTo(b.app, member);
    const received = recordNames(onB);
    // The join's own event ("Leave", the project as it was) crosses the bus too and may reach B after this
    // subscription: it was committed before it, and is no part of what this test follows.
    const followed = () => received.filter((name) => name !== 'Leave');
    expect(await onB.emitWithAck('subscribe', { project_id: project.id, batch: true })).toMatchObject({ ok: true });
    await owner.agent.put(`/api/projects/${project.id}`, { name: 'at once' });
    await owner.agent.put(`/api/projects/${project.id}`, { name: 'waiting' });
    await runWork(a.ctx, { actor: { type: 'cli' } }, async (work) => {
      await work.tx
        .delete(projectUsers)
        .where(and(eq(projectUsers.projectId, project.id), eq(projectUsers.userId, member.id)));
      work.record({ name: 'MembershipEnded', projectId: project.id, userId: member.id });
    });
    await vi.waitFor(() => expect(followed()).toEqual(['at once', 'waiting']));
    await owner.agent.put(`/api/projects/${project.id}`, { name: 'after the removal' });
    await new Promise((r) => setTimeout(r, BATCH_WINDOW_MS + 300));
    expect(followed()).toEqual(['at once', 'waiting']);
  });

  it('carries the facts of a unit of work to the other instance’s listeners, after commit', async () => {
    const owner = await a.signUp();
    const project = (await owner.agent.post('/api/projects', { name: 'Facts', acronym: 'FC', slug: unique('p') })).data
      .data;
    const remote: CommittedWork[] = [];
    const stop = b.ctx.events.subscribe((work) => void remote.push(work));
    const doc = (
      await owner.agent.post('/api/documents', { project_id: project.id, name: 'D', acronym: 'D', parents_id: [] })
    ).data.data;
    const req = (
      await owner.agent.post('/api/requirements', {
        document_id: doc.id,
        category_id: null,
        name: 'R',
        description: '',
      })
    ).data.data;
    await new Promise((r) => setTimeout(r, 500));
    stop();
    expect(remote.every((w) => w.remote)).toBe(true);
    expect(remote.flatMap((w) => w.events)).toContainEqual({
      name: 'RequirementChanged',
      projectId: project.id,
      requirementId: req.id,
      description: true,
    });
  });
});

/** A socket of the user's session, connected to one instance. */
async function connectTo(app: BuiltApp['app'], user: SignedUp): Promise<Socket> {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const cookie = cookieOf(user);
  const s = connect(`http://127.0.0.1:${address.port}`, {
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', resolve);
    s.once('connect_error', reject);
  });
  return s;
}

/** The project names of the ProjectUpdated events a socket subscribed in batches receives, in order. */
function recordNames(s: Socket): string[] {
  const names: string[] = [];
  s.on('batch', (batch: RealtimeBatch) => {
    for (const event of batch.events) if (event.name === 'ProjectUpdated') names.push(event.payload.project.name);
  });
  return names;
}
