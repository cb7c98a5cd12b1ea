import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import {
  buildApp,
  createConfirmedUser,
  CSRF_COOKIE,
  CSRF_HEADER,
  loadConfig,
  openSession,
  schema,
  SESSION_COOKIE,
  type BuiltApp,
} from '@reqloom/server';
import type { EditorsReport, EditorsTask } from './collaboration-worker';
import { postgresDatabase } from './database';
import { benchArgs, writeResults } from './harness';
import { percentile } from './load-worker';

// Issue 10 §5: simulated editors (Hocuspocus providers in one worker thread) type into one requirement's
// description, each `rate` keystrokes a second for `seconds`; the time from a keystroke in one editor to its
// arrival in every other is measured:
//  - on one app instance;
//  - on two app instances sharing PostgreSQL and Redis, the editors split between them.
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/reqloom_bench_collab) and,
// for the second part, Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379).
// Results: bench/results/collaboration-<editors>-editors-<date>[-<label>].{json,md}.

const args = benchArgs('npm run bench:collab -- [--editors 50] [--rate 3] [--seconds 10] [--label name]', {
  editors: { type: 'string', default: '50' },
  rate: { type: 'string', default: '3' },
  seconds: { type: 'string', default: '10' },
});
const EDITORS = Math.max(2, Number(args.editors));
const RATE = Math.max(0.1, Number(args.rate));
const SECONDS = Math.min(120, Math.max(1, Number(args.seconds)));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reqloom_bench_collab';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

type Figures = {
  instances: number;
  editors: number;
  keystrokes: number;
  lost_deliveries: number;
  all_others_p50_ms: number;
  all_others_p99_ms: number;
  delivery_p50_ms: number;
  delivery_p99_ms: number;
  delivery_max_ms: number;
  server_loop_delay_p99_ms: number;
  server_loop_delay_max_ms: number;
};

async function runEditors(task: EditorsTask): Promise<EditorsReport> {
  const worker = new Worker(new URL('./collaboration-worker.ts', import.meta.url), { workerData: task });
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', (m: { type: 'report'; report: EditorsReport } | { type: 'error'; message: string }) =>
        m.type === 'report' ? resolve(m.report) : reject(new Error(m.message)),
      );
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

async function scenario(instances: number): Promise<Figures> {
  const database = await postgresDatabase(databaseUrl);
  const apps: BuiltApp[] = [];
  const bases: string[] = [];
  for (let i = 0; i < instances; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-bench-collab-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      ...(instances > 1 ? { REDIS_URL: redisUrl } : {}),
    });
    // The first instance migrates; the others open the same database through their own pool.
    const built = await buildApp(config, i === 0 ? { database } : {});
    apps.push(built);
    bases.push(await built.app.listen({ host: '127.0.0.1', port: 0 }));
  }
  const db = database.db;
  const xsrf = 'benchxsrftoken0123456789abcdef';
  const users: { id: number; cookie: string }[] = [];
  for (let i = 0; i < EDITORS; i++) {
    const created = await createConfirmedUser(db, {
      name: `Editor ${i + 1}`,
      username: `editor${i + 1}`,
      email: `editor${i + 1}@example.com`,
      password: 'bench password',
    });
    if ('errors' in created) throw new Error(JSON.stringify(created.errors));
    users.push({ id: created.id, cookie: `${SESSION_COOKIE}=${(await openSession(db, created.id)).token}` });
  }
  const owner = users[0]!;
  const inject = async <T>(url: string, payload: object): Promise<T> => {
    const res = await apps[0]!.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { cookie: `${owner.cookie}; ${CSRF_COOKIE}=${xsrf}`, [CSRF_HEADER]: xsrf },
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return (JSON.parse(res.body) as { data: T }).data;
  };
  const project = await inject<{ id: number }>('/api/projects', {
    name: 'Collaboration bench',
    acronym: 'CB',
    slug: 'collaboration-bench',
    group_id: null,
  });
  const document = await inject<{ id: number }>('/api/documents', { project_id: project.id, name: 'D', acronym: 'D' });
  const requirement = await inject<{ id: number }>('/api/requirements', {
    document_id: document.id,
    category_id: null,
    name: 'Shared',
    description: '<p>Typed together.</p>',
  });
  await db
    .insert(schema.projectUsers)
    .values(users.slice(1).map((u) => ({ projectId: project.id, userId: u.id, role: 'editor' as const })))
    .onConflictDoNothing();

  console.log(`\n${instances} instance(s), ${EDITORS} editors, ${RATE} keystrokes/s each for ${SECONDS} s…`);
  // The servers' event loop (this thread): how long a message waited behind other work.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const report = await runEditors({
    editors: users.map((u, i) => ({ base: bases[i % instances]!, cookie: u.cookie })),
    documentName: `requirement.${requirement.id}`,
    keystrokesPerSecond: RATE,
    seconds: SECONDS,
  });
  loop.disable();
  for (const built of apps) await built.app.close();
  await database.close();

  const allOthers = [...report.allOthers].sort((a, b) => a - b);
  const deliveries = [...report.deliveries].sort((a, b) => a - b);
  const figures: Figures = {
    instances,
    editors: EDITORS,
    keystrokes: report.keystrokes,
    lost_deliveries: report.lost,
    all_others_p50_ms: percentile(allOthers, 50),
    all_others_p99_ms: percentile(allOthers, 99),
    delivery_p50_ms: percentile(deliveries, 50),
    delivery_p99_ms: percentile(deliveries, 99),
    delivery_max_ms: percentile(deliveries, 100),
    server_loop_delay_p99_ms: Math.round(loop.percentile(99) / 1e5) / 10,
    server_loop_delay_max_ms: Math.round(loop.max / 1e5) / 10,
  };
  console.log(
    `  ${figures.keystrokes} keystrokes; in every other editor: p50 ${figures.all_others_p50_ms} ms, ` +
      `p99 ${figures.all_others_p99_ms} ms; per delivery p50 ${figures.delivery_p50_ms} ms, ` +
      `p99 ${figures.delivery_p99_ms} ms, max ${figures.delivery_max_ms} ms; ${figures.lost_deliveries} not delivered; ` +
      `server loop delay p99 ${figures.server_loop_delay_p99_ms} ms, max ${figures.server_loop_delay_max_ms} ms`,
  );
  return figures;
}

const started = new Date();
const results = [await scenario(1), await scenario(2)];
const load = os.loadavg().map((n) => Math.round(n * 100) / 100);
const out = {
  started_at: started.toISOString(),
  machine: { cpus: os.cpus().length, load_average: load, node: process.version },
  editors: EDITORS,
  keystrokes_per_second_each: RATE,
  seconds: SECONDS,
  results,
};
const lines = [
  '# Collaboration bench',
  '',
  `${started.toISOString()}, ${os.cpus().length} CPUs, load average after the run ${load.join(' / ')}. ` +
    `${EDITORS} editors (Hocuspocus providers in one worker thread) typing ${RATE} keystrokes/s each for ${SECONDS} s ` +
    'into one requirement; PostgreSQL; two instances share it and Redis.',
  '',
  '| instances | keystrokes | all others p50 | all others p99 | delivery p50 | delivery p99 | max | not delivered | server loop delay p99 / max |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...results.map(
    (r) =>
      `| ${r.instances} | ${r.keystrokes} | ${r.all_others_p50_ms} ms | ${r.all_others_p99_ms} ms | ` +
      `${r.delivery_p50_ms} ms | ${r.delivery_p99_ms} ms | ${r.delivery_max_ms} ms | ${r.lost_deliveries} | ` +
      `${r.server_loop_delay_p99_ms} / ${r.server_loop_delay_max_ms} ms |`,
  ),
  '',
];
writeResults({
  scenario: 'collaboration',
  scale: `${EDITORS}-editors`,
  args,
  date: started,
  json: out,
  markdown: lines.join('\n'),
});
process.exit(0);
