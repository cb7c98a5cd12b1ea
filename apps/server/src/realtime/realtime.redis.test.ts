import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { RealtimeBatch } from '@reqloom/domain';
import { buildApp, type BuiltApp } from '../app';
import type { CommittedWork } from '../events/bus';
import { createTestApp, unique, type TestApp } from '../test/harness';

// Two instances of the app behind one Redis: an event caused on one reaches a socket on the other.
// Runs in the `redis` Vitest project, which exists when TEST_REDIS_URL is set (CI sets it).

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let a: TestApp;
let b: BuiltApp;
let socket: Socket | undefined;

beforeAll(async () => {
  a = await createTestApp({ redisUrl });
  b = await buildApp({ ...a.ctx.config, redisUrl }, { database: a.ctx.database, mailer: a.ctx.mailer });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  socket?.disconnect();
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
    const cookie = [...owner.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
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
    await new Promise((r) => setTimeout(r, 500));
    batched.disconnect();
    // Once: the instance that did the work sends it; the other does not send it again.
    expect(received.map((r) => r.project.name)).toEqual(['Across instances', 'Then in a batch']);
    expect(inBatches).toEqual(['Across instances', 'Then in a batch']);
    // Instance B noted A's event: a page subscribing there now learns that its reads may have missed it.
    const again = (await socket.emitWithAck('subscribe', { project_id: project.id })) as { quiet_ms: number | null };
    expect(again.quiet_ms).toBeGreaterThanOrEqual(0);
    expect(again.quiet_ms).toBeLessThan(10_000);
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
