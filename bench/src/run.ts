import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@reqloom/server';
import { postgresDatabase } from './database';
import { generateProject, SCALES, type ScaleName } from './generate';
import { benchArgs, BENCH_XSRF, startBenchApp, writeResults } from './harness';
import { percentile } from './load-worker';
import { printProfile, startProfile } from './profile';
import { realtimeScenario } from './realtime';
import { markdownReport } from './report';
import { bareRunner, bareRunnerAfterWork, recordStatements } from './statements';
import { throughputScenario } from './throughput';

// Generates a project (20 documents × 1,000 requirements and 20,000 links at 20k; 20 × 5,000 and 100,000
// at 100k), then measures on each driver:
//  - the main reads and writes through the whole stack in process (Fastify inject with a session):
//    routing, session, access check, validation, service, presenter, JSON;
//  - on PostgreSQL, over loopback HTTP: the throughput of an authenticated read against a bare
//    Fastify + pg route reading the same row (throughput.ts), and a realtime scenario (realtime.ts: 100 Socket.IO
//    clients subscribed to the project while 100 users read and write in it).
// Every loop is bounded in count and in time. Results: bench/results/api-<scale>-<date>[-<label>].{json,md}.

const USAGE = `npm run bench -- [--scale small|20k|100k] [--driver pglite|postgres|both] [--label name]
  [--no-throughput] [--no-realtime] [--profile-realtime] [--profile-read] [--nice-sockets N]
  [--realtime-rounds N] [--batch-window-max-ms N] [--iterations N] [--duration-ms N]`;

const args = benchArgs(USAGE, {
  scale: { type: 'string', default: process.env.BENCH_SMALL ? 'small' : '20k' },
  driver: { type: 'string' },
  iterations: { type: 'string', default: process.env.BENCH_ITERATIONS ?? '40' },
  'no-throughput': { type: 'boolean', default: false },
  'no-realtime': { type: 'boolean', default: false },
  'duration-ms': { type: 'string', default: '5000' },
  // Where the server's thread spent each realtime run (self time by function), to see what the sockets cost it.
  'profile-realtime': { type: 'boolean', default: false },
  // Where the server's thread spends GET requirements/{id} (self time by function), beside the SQL it needs.
  'profile-read': { type: 'boolean', default: false },
  // A nice value for the bench's socket-client thread (Linux), which stands for 100 browsers on other machines:
  // at 10 it takes only what the server, PostgreSQL and the HTTP clients leave of the two cores.
  'nice-sockets': { type: 'string', default: '0' },
  // Rounds of the realtime scenario: each is a run with sockets followed by one without (after a first without).
  'realtime-rounds': { type: 'string', default: '3' },
  // The longest realtime batch window (the app's default unless given), to compare windows on one machine.
  'batch-window-max-ms': { type: 'string' },
});
if (!(args.scale in SCALES)) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(', ')}`);
const scale = args.scale as ScaleName;
const shape = SCALES[scale];
const iterations = Number(args.iterations);
const durationMs = Math.min(30_000, Number(args['duration-ms']));
const throughputMs = Math.min(durationMs, 3000);
// PGlite at 100k takes long to generate and says little more: PostgreSQL alone unless asked.
const driverArg = args.driver ?? (scale === '100k' ? 'postgres' : 'both');
const MEASURE_BUDGET_MS = 60_000;
const realtimeRounds = Math.max(1, Math.min(10, Number(args['realtime-rounds'])));
const batchWindowMaxMs = args['batch-window-max-ms'] === undefined ? null : Number(args['batch-window-max-ms']);

type Measured = { p50_ms: number; p95_ms: number; iterations: number; response_bytes: number };
type Answer = { statusCode: number; body: string };

async function measure(
  name: string,
  callOnce: (i: number) => Promise<Answer>,
  options: { iterations?: number; warmup?: number } = {},
): Promise<Measured> {
  for (let i = 0; i < (options.warmup ?? 3); i++) await callOnce(-1 - i);
  const times: number[] = [];
  let bytes = 0;
  const deadline = performance.now() + MEASURE_BUDGET_MS;
  const count = options.iterations ?? iterations;
  for (let i = 0; i < count && performance.now() < deadline; i++) {
    const started = performance.now();
    const res = await callOnce(i);
    times.push(performance.now() - started);
    if (res.statusCode >= 300) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    bytes = res.body.length;
  }
  times.sort((a, b) => a - b);
  const result = {
    p50_ms: percentile(times, 50),
    p95_ms: percentile(times, 95),
    iterations: times.length,
    response_bytes: bytes,
  };
  console.log(
    `  ${name.padEnd(44)} p50 ${String(result.p50_ms).padStart(7)} ms   p95 ${String(result.p95_ms).padStart(7)} ms` +
      `   ${(bytes / 1024).toFixed(1).padStart(8)} kB`,
  );
  return result;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

async function runOn(driver: 'pglite' | 'postgres', database: Database, databaseUrl?: string) {
  console.log(
    `\n${driver}: generating ${shape.documents} × ${shape.requirementsPerDocument} requirements, ${shape.links} links…`,
  );
  const bench = await startBenchApp(database, {
    name: 'api',
    configure: (config) => {
      if (batchWindowMaxMs !== null) config.realtimeBatchWindowMaxMs = batchWindowMaxMs;
    },
  });
  const { app, db, cookie, headers, sessionCookie } = bench;
  const started = performance.now();
  const data = await generateProject(db, bench.userId, shape);
  const links = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from requirement_links`));
  console.log(`  generated in ${Math.round(performance.now() - started)} ms, ${links[0]?.n} links stored`);
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers });

  const middle = Math.floor(data.documentIds.length / 2);
  const doc = data.documentIds[middle]!;
  const reqs = data.requirementIds[middle]!;
  const reqAt = (i: number) => reqs[(Math.abs(i) * 13) % reqs.length]!;
  const results: Record<string, Measured> = {};
  const add = async (
    name: string,
    callOnce: (i: number) => Promise<Answer>,
    options?: { iterations?: number; warmup?: number },
  ) => {
    results[name] = await measure(name, callOnce, options);
  };
  // Calls under a millisecond: 40 of them, just after the bulk load, gave p50s that moved by half from run to run.
  const single = { iterations: Math.max(iterations, 1000), warmup: 200 };
  await add(`GET documents/requirements/{id} (${shape.requirementsPerDocument} req.)`, () =>
    inject('GET', `/api/documents/requirements/${doc}`),
  );
  await add('GET documents/{id}', () => inject('GET', `/api/documents/${doc}`));
  await add('GET projects/requirementlinks/{id}', () =>
    inject('GET', `/api/projects/requirementlinks/${data.projectId}`),
  );
  await add('GET projects/requirementlinks/{id}?document_id=', () =>
    inject('GET', `/api/projects/requirementlinks/${data.projectId}?document_id=${doc}`),
  );
  await add('GET projects/structure/{id}', () => inject('GET', `/api/projects/structure/${data.projectId}`));
  const readProfiler = args['profile-read'] ? await startProfile() : undefined;
  await add('GET requirements/{id}', (i) => inject('GET', `/api/requirements/${reqAt(i)}`), single);
  if (readProfiler) await printProfile(readProfiler, 'GET requirements/{id}', single.iterations + single.warmup);
  await add(
    'bare SQL: one requirement by id',
    async (i) => {
      const rows = rowsOf(await db.execute(sql`select * from requirements where id = ${reqAt(i)}`));
      return { statusCode: 200, body: JSON.stringify(rows[0]) };
    },
    single,
  );
  // The statements the call itself sends (its session, then its read with everything the answer shows: links,
  // tags, revisions), recorded once and run bare on the driver: what the route costs above the SQL it needs.
  const ownStatements = await recordStatements(database, () => inject('GET', `/api/requirements/${reqAt(0)}`));
  const runOwn = bareRunner(database, ownStatements);
  await add(
    `its ${ownStatements.length} statements, bare`,
    async () => {
      await runOwn();
      return { statusCode: 200, body: '' };
    },
    single,
  );
  // The same statements' round trips, each after 0.1 ms of other work (what the route does between them): the
  // part of the route's time above its statements run bare that this machine adds to any round trip after work.
  const runOwnAfterWork = bareRunnerAfterWork(database, ownStatements, 0.1);
  const waits: number[] = [];
  for (let i = 0; i < single.warmup; i++) await runOwnAfterWork();
  for (let i = 0; i < single.iterations; i++) waits.push(await runOwnAfterWork());
  waits.sort((a, b) => a - b);
  const afterWorkP50 = percentile(waits, 50);
  console.log(
    `  its ${ownStatements.length} statements' round trips, each after 0.1 ms of work: p50 ${afterWorkP50} ms`,
  );
  await add('POST requirements', (i) =>
    inject('POST', '/api/requirements', {
      document_id: doc,
      category_id: null,
      name: `Bench ${i}`,
      description: '<p>bench</p>',
    }),
  );
  await add('PUT requirements/{id} (status)', (i) =>
    inject('PUT', `/api/requirements/${reqs[(Math.abs(i) * 7) % reqs.length]}`, { status: (Math.abs(i) % 3) + 1 }),
  );
  const one = results['GET requirements/{id}']!;
  const bareSql = results['bare SQL: one requirement by id']!;
  const own = results[`its ${ownStatements.length} statements, bare`]!;
  const ratio = (a: number, b: number) => Math.round((a / Math.max(0.01, b)) * 10) / 10;
  const derived: Record<string, number> = {
    requirement_by_id_over_bare_sql_p50: ratio(one.p50_ms, bareSql.p50_ms),
    requirement_by_id_over_own_statements_p50: ratio(one.p50_ms, own.p50_ms),
    requirement_by_id_statements: ownStatements.length,
    own_statements_round_trips_after_work_p50_ms: afterWorkP50,
  };
  console.log(
    `  GET requirements/{id} ÷ bare SQL (p50): ${derived.requirement_by_id_over_bare_sql_p50}×; ` +
      `÷ its own ${ownStatements.length} statements run bare: ${derived.requirement_by_id_over_own_statements_p50}×`,
  );

  const out: Record<string, unknown> = { latency: results, derived };
  if (driver === 'postgres' && databaseUrl && !(args['no-throughput'] && args['no-realtime'])) {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    if (!args['no-throughput'])
      out.throughput = await throughputScenario(databaseUrl, base, reqs, cookie, throughputMs);
    if (!args['no-realtime'])
      out.realtime = await realtimeScenario(database, data, base, sessionCookie, BENCH_XSRF, {
        durationMs,
        rounds: realtimeRounds,
        batchWindowMaxMs,
        profile: args['profile-realtime'],
        niceSockets: Number(args['nice-sockets']),
      });
  }
  await bench.close();
  await database.close();
  return out;
}

const startedAt = new Date();
const report: Record<string, unknown> = {
  date: startedAt.toISOString(),
  label: args.label ?? null,
  machine: {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    // As the run ended: the benchmark page shows it beside the figures (a loaded machine's are slower than the code's).
    load_average: os.loadavg().map((l) => Math.round(l * 100) / 100),
    node: process.version,
  },
  scale,
  shape,
  method:
    'latency: in-process HTTP (Fastify inject) with a session, times per call after 3 warm-up calls; ' +
    'throughput and realtime: loopback HTTP and Socket.IO from a worker thread, closed loop, after 1 s of warm-up',
  results: {},
};
const results = report.results as Record<string, unknown>;
if (driverArg === 'pglite' || driverArg === 'both')
  results.pglite = await runOn('pglite', await openDatabase({ dataDir: null }));
if (driverArg === 'postgres' || driverArg === 'both') {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reqloom_bench';
  try {
    results.postgres = await runOn('postgres', await postgresDatabase(pgUrl), pgUrl);
  } catch (error) {
    // Asked for by name, PostgreSQL must run; in `both` mode a machine without a server still gets PGlite figures.
    if (driverArg === 'postgres') throw error;
    console.log(`\nPostgreSQL skipped: ${(error as Error).stack}`);
    results.postgres = { skipped: (error as Error).message };
  }
}
// The driver is part of the scale when only one ran (api-20k-pg-…): figures of PGlite and PostgreSQL differ.
const driverTag = { pglite: '-pglite', postgres: '-pg' }[driverArg] ?? '';
writeResults({
  scenario: 'api',
  scale: `${scale}${driverTag}`,
  args,
  date: startedAt,
  json: report,
  markdown: markdownReport(report),
});
process.exit(0);
