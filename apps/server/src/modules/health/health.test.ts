import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app';
import { loadConfig } from '../../config';
import { journalEntries } from '../../db/migration-state';
import { testDriver } from '../../test/database';
import { freshDatabase, type FreshDatabase } from '../../test/fresh-database';
import { createTestApp, type SignedUp, type TestApp } from '../../test/harness';
import { readiness } from './readiness';

let t: TestApp;
let owner: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(async () => {
  await t.close();
});

const scrape = (app: TestApp['app'], options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.inject({ method: 'GET', url: '/metrics', ...options });

describe('GET /metrics', () => {
  it("answers Prometheus' text format on the loopback, with HTTP requests by route template", async () => {
    const project = (await owner.agent.post('/api/projects', { name: 'Metered', acronym: 'MET', slug: 'metered' }))
      .data as { data: { id: number } };
    const id = project.data.id;
    expect((await owner.agent.get(`/api/projects/${id}`)).statusCode).toBe(200);
    expect((await owner.agent.get('/api/projects/999999')).statusCode).toBe(404);

    const res = await scrape(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain(
      'reqloom_http_request_duration_seconds_count{method="GET",route="/api/projects/:id",status="200"} 1',
    );
    expect(text).toContain(
      'reqloom_http_request_duration_seconds_count{method="GET",route="/api/projects/:id",status="404"} 1',
    );
    expect(text).toMatch(
      /reqloom_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/projects\/:id"/,
    );
    // The URL itself never becomes a label: one series per route, whatever the ids.
    expect(text).not.toContain(`/api/projects/${id}"`);
    expect(text).not.toContain('/api/projects/999999');
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'reqloom_db_pool_connections{state="total"}',
      'reqloom_socketio_sockets 0',
      'reqloom_collab_documents_open 0',
      'reqloom_collab_connections 0',
      'reqloom_session_cache_listener_up 1',
    ])
      expect(text).toContain(name);
    // A single instance has no Redis: no series rather than a misleading 0.
    expect(text).not.toMatch(/^reqloom_redis_up /m);
  });

  it('counts imports and exports by kind and outcome', async () => {
    const project = (await owner.agent.post('/api/projects', { name: 'Counted', acronym: 'CNT', slug: 'counted' }))
      .data as { data: { id: number } };
    const refused = await owner.agent.upload('/api/documents/importreqif', [
      { name: 'project_id', value: String(project.data.id) },
      { name: 'file', filename: 'empty.reqif', data: Buffer.from('not xml at all') },
    ]);
    expect(refused.statusCode).toBe(422);
    const text = (await scrape(t.app)).body;
    expect(text).toContain('reqloom_interchange_total{direction="import",kind="reqif",outcome="refused"} 1');
  });

  it('refuses a remote caller, and a proxied one even from the loopback and with TRUST_PROXY', async () => {
    expect((await scrape(t.app, { remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
    expect((await scrape(t.app, { remoteAddress: '::1' })).statusCode).toBe(200);
    const proxied = await createTestApp({ trustProxy: true });
    try {
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
        const res = await scrape(proxied.app, { remoteAddress: '127.0.0.1', headers: { [header]: '127.0.0.1' } });
        expect(res.statusCode, header).toBe(403);
        expect(res.json()).toEqual({ message: expect.any(String) });
      }
      expect((await scrape(proxied.app, { remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('answers only the bearer of METRICS_TOKEN when it is set, wherever the caller is', async () => {
    const guarded = await createTestApp({ metricsToken: 's3cret-token' });
    try {
      expect((await scrape(guarded.app)).statusCode).toBe(401);
      const wrong = { authorization: 'Bearer s3cret-tokem' };
      expect((await scrape(guarded.app, { headers: wrong })).statusCode).toBe(401);
      const basic = { authorization: 'Basic s3cret-token' };
      expect((await scrape(guarded.app, { headers: basic })).statusCode).toBe(401);
      const right = { authorization: 'Bearer s3cret-token' };
      const res = await scrape(guarded.app, { remoteAddress: '203.0.113.9', headers: right });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('reqloom_http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });
});

describe('health', () => {
  it('keeps /api/health, and answers live and ready', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: t.ctx.database.driver,
    });
    expect((await t.app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', listener: 'not required', redis: 'not required' },
    });
  });

  it('with REDIS_URL, needs the event bus connected to count as ready', async () => {
    // The same app's context, told it is one of several: its session listener is up, its bus has no Redis.
    const state = await readiness({ ...t.ctx, config: { ...t.ctx.config, redisUrl: 'redis://127.0.0.1:1' } });
    expect(state).toMatchObject({ ready: false, checks: { listener: 'ok', redis: 'failed' } });
  });

  describe('on a database of its own', () => {
    let fresh: FreshDatabase;
    let built: BuiltApp;
    let dataDir: string;
    beforeAll(async () => {
      fresh = await freshDatabase(testDriver);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-health-'));
      built = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { database: fresh.database });
      await built.app.ready();
    });
    afterAll(async () => {
      await built.app.close();
      await fresh.drop().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('is not ready while a migration of this code is missing from the database', async () => {
      const last = journalEntries().at(-1)!;
      await fresh.database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when}`);
      const res = await built.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'failed' },
        pending: [last.tag],
      });
      // Alive all the same: a restart would not help, a migration would.
      expect((await built.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    });

    it('is not ready once its database cannot be reached', async () => {
      await fresh.database.close();
      const res = await built.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not ready', checks: { database: 'failed', migrations: 'failed' } });
      expect((await built.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    });
  });
});
