import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@reqloom/server/src/app';
import { loadConfig } from '@reqloom/server/src/config';
import { openDatabase, type Database } from '@reqloom/server/src/db/client';
import { createConfirmedUser } from '@reqloom/server/src/modules/user/user-admin.service';
import { Agent } from '@reqloom/server/src/test/agent';
import { FULL, generateProject, type Shape } from './generate';

// `npm run bench`: generates a project of 20 documents × 1,000 requirements with 20,000 links, then
// measures the main reads and writes through the whole HTTP stack (routing, session, access check,
// validation, service, presenter, JSON), on PGlite and on PostgreSQL. Results: bench/results/latest.json.

const here = path.dirname(fileURLToPath(import.meta.url));
const shape: Shape = process.env.BENCH_SMALL
  ? { documents: 3, requirementsPerDocument: 100, categoriesPerDocument: 5, links: 200 }
  : FULL;
const iterations = Number(process.env.BENCH_ITERATIONS ?? 40);

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 10) / 10;
}

async function measure(name: string, call: (i: number) => Promise<{ statusCode: number; body: string }>) {
  for (let i = 0; i < 3; i++) await call(-1 - i); // warm-up
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    const res = await call(i);
    times.push(performance.now() - started);
    if (res.statusCode >= 300) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    bytes = res.body.length;
  }
  times.sort((a, b) => a - b);
  const result = { p50_ms: percentile(times, 50), p95_ms: percentile(times, 95), iterations, response_bytes: bytes };
  console.log(
    `  ${name.padEnd(34)} p50 ${String(result.p50_ms).padStart(7)} ms   p95 ${String(result.p95_ms).padStart(7)} ms`,
  );
  return result;
}

async function postgresDatabase(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS reqloom_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE reqloom_bench');
  await admin.end();
  const target = new URL(url);
  target.pathname = '/reqloom_bench';
  return openDatabase({ databaseUrl: target.toString(), dataDir: null });
}

async function runOn(driver: 'pglite' | 'postgres', database: Database) {
  console.log(
    `\n${driver}: generating ${shape.documents} × ${shape.requirementsPerDocument} requirements, ${shape.links} links…`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-bench-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) };
  const { app } = await buildApp(config, { database });
  const created = await createConfirmedUser(database.db, {
    name: 'Bench',
    username: 'bench',
    email: 'bench@example.com',
    password: 'bench password',
  });
  if ('errors' in created) throw new Error(JSON.stringify(created.errors));
  const started = performance.now();
  const data = await generateProject(database.db, created.id, shape);
  console.log(`  generated in ${Math.round(performance.now() - started)} ms`);
  const agent = new Agent(app);
  const login = await agent.post('/api/auth/login', { email: 'bench@example.com', password: 'bench password' });
  if (login.statusCode !== 200) throw new Error(login.body);
  const doc = data.documentIds[Math.floor(data.documentIds.length / 2)]!;
  const reqs = data.requirementIds[Math.floor(data.documentIds.length / 2)]!;
  const results = {
    'GET documents/requirements/{id}': await measure('GET documents/requirements/{id}', () =>
      agent.get(`/api/documents/requirements/${doc}`),
    ),
    'GET projects/requirementlinks/{id}': await measure('GET projects/requirementlinks/{id}', () =>
      agent.get(`/api/projects/requirementlinks/${data.projectId}`),
    ),
    'GET projects/structure/{id}': await measure('GET projects/structure/{id}', () =>
      agent.get(`/api/projects/structure/${data.projectId}`),
    ),
    'GET requirements/{id}': await measure('GET requirements/{id}', (i) =>
      agent.get(`/api/requirements/${reqs[Math.abs(i) % reqs.length]}`),
    ),
    'POST requirements': await measure('POST requirements', (i) =>
      agent.post('/api/requirements', {
        document_id: doc,
        category_id: null,
        name: `Bench ${i}`,
        description: '<p>bench</p>',
      }),
    ),
    'PUT requirements/{id} (status)': await measure('PUT requirements/{id} (status)', (i) =>
      agent.put(`/api/requirements/${reqs[(Math.abs(i) * 7) % reqs.length]}`, { status: (Math.abs(i) % 3) + 1 }),
    ),
  };
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return results;
}

const report: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  shape,
  method: 'in-process HTTP (Fastify inject) with a logged-in session; times per call, after 3 warm-up calls',
  results: {},
};
const results = report.results as Record<string, unknown>;
results.pglite = await runOn('pglite', await openDatabase({ dataDir: null }));
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
try {
  results.postgres = await runOn('postgres', await postgresDatabase(pgUrl));
} catch (error) {
  console.log(`\nPostgreSQL skipped: ${(error as Error).message}`);
  results.postgres = { skipped: (error as Error).message };
}
const out = path.join(here, '../results/latest.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nWritten to ${path.relative(process.cwd(), out)}`);
