import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { Session } from 'node:inspector/promises';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { DEFAULT_PREFERENCES, REALTIME_BATCH_WINDOW_MAX_MS } from '@reqloom/domain';
import {
  buildApp,
  createConfirmedUser,
  CSRF_COOKIE,
  CSRF_HEADER,
  loadConfig,
  openDatabase,
  openSession,
  schema,
  SESSION_COOKIE,
  type Database,
} from '@reqloom/server';
import { postgresDatabase } from './database';
import { generateProject, SCALES, type ScaleName } from './generate';
import type { HttpResult, HttpTask, SocketReport, SocketTask, WorkerMessage } from './load-worker';
import { percentile } from './load-worker';
import { markdownReport } from './report';
import { bareRunner, bareRunnerAfterWork, recordStatements } from './statements';

// `npm run bench -- [--scale small|20k|100k] [--driver pglite|postgres|both] [--label name]`
//   `[--no-throughput] [--no-realtime] [--profile-realtime] [--profile-read] [--nice-sockets N]`
//   `[--realtime-rounds N] [--batch-window-max-ms N]`
// Generates a project (20 documents × 1,000 requirements and 20,000 links at 20k; 20 × 5,000 and 100,000
// at 100k), then measures on each driver:
//  - the main reads and writes through the whole stack in process (Fastify inject with a session):
//    routing, session, access check, validation, service, presenter, JSON;
//  - on PostgreSQL, over loopback HTTP: the throughput of an authenticated read against a bare
//    Fastify + pg route reading the same row, and a realtime scenario (100 Socket.IO clients subscribed
//    to the project while 100 users read and write in it).
// Every loop is bounded in count and in time. Results: bench/results/latest.{json,md} (and <label>.*).

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: process.env.BENCH_SMALL ? 'small' : '20k' },
    driver: { type: 'string' },
    iterations: { type: 'string', default: process.env.BENCH_ITERATIONS ?? '40' },
    label: { type: 'string' },
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
  },
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
const REALTIME_USERS = 100;
const REALTIME_SOCKETS = 100;
const THROUGHPUT_ROUNDS = 3;
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

function runWorker(task: HttpTask): Promise<HttpResult> {
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    worker.once('message', (message: WorkerMessage) => {
      void worker.terminate();
      if (message.type === 'result') resolve(message.result);
      else reject(new Error(message.type === 'error' ? message.message : `unexpected ${message.type}`));
    });
    worker.once('error', reject);
    worker.postMessage(task);
  });
}

/** Starts the Socket.IO clients; resolves once every one has subscribed. */
function startSockets(task: SocketTask) {
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url));
  const next = () =>
    new Promise<WorkerMessage>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const ready = next().then((m) => {
    if (m.type !== 'ready') throw new Error(m.type === 'error' ? m.message : `unexpected ${m.type}`);
  });
  worker.postMessage(task);
  return {
    ready,
    async expect(writes: HttpResult['writes'], timeoutMs: number): Promise<SocketReport> {
      const answer = next();
      worker.postMessage({ type: 'expect', writes, timeoutMs });
      const m = await answer;
      if (m.type !== 'report') throw new Error(m.type === 'error' ? m.message : `unexpected ${m.type}`);
      return m.report;
    },
    async close() {
      worker.postMessage({ type: 'close' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await worker.terminate();
    },
  };
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

async function bareServer(url: string) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const bare = Fastify({ logger: false });
  bare.get<{ Params: { id: string } }>('/bare/requirements/:id', async (request) => {
    const { rows } = await pool.query<Record<string, unknown>>('select * from requirements where id = $1', [
      Number(request.params.id),
    ]);
    return { data: rows[0] };
  });
  const address = await bare.listen({ host: '127.0.0.1', port: 0 });
  return {
    address,
    async close() {
      await bare.close();
      await pool.end();
    },
  };
}

async function runOn(driver: 'pglite' | 'postgres', database: Database, databaseUrl?: string) {
  console.log(
    `\n${driver}: generating ${shape.documents} × ${shape.requirementsPerDocument} requirements, ${shape.links} links…`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-bench-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) };
  if (batchWindowMaxMs !== null) config.realtimeBatchWindowMaxMs = batchWindowMaxMs;
  const { app } = await buildApp(config, { database });
  const db = database.db;
  const created = await createConfirmedUser(db, {
    name: 'Bench',
    username: 'bench',
    email: 'bench@example.com',
    password: 'bench password',
  });
  if ('errors' in created) throw new Error(JSON.stringify(created.errors));
  const started = performance.now();
  const data = await generateProject(db, created.id, shape);
  const links = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from requirement_links`));
  console.log(`  generated in ${Math.round(performance.now() - started)} ms, ${links[0]?.n} links stored`);

  const xsrf = 'benchxsrftoken0123456789abcdef';
  const sessionCookie = async (userId: number) =>
    `${SESSION_COOKIE}=${(await openSession(db, userId)).token}; ${CSRF_COOKIE}=${xsrf}`;
  const cookie = await sessionCookie(created.id);
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { cookie, [CSRF_HEADER]: xsrf } });

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
    const readPaths = reqs.slice(0, 500).map((id) => `/api/requirements/${id}`);
    if (!args['no-throughput']) {
      // Bare and authenticated runs alternate, three rounds each, so that a change in the machine's load
      // during the bench weighs on both sides alike; the ratio is that of the summed requests.
      const bare = await bareServer(databaseUrl);
      const common = {
        kind: 'http' as const,
        connections: 32,
        warmupMs: 500,
        durationMs: throughputMs,
        maxRequests: 200_000,
      };
      const bareTask: HttpTask = {
        ...common,
        base: bare.address,
        users: [{ cookie: '' }],
        reads: reqs.slice(0, 500).map((id) => `/bare/requirements/${id}`),
      };
      const appTask: HttpTask = { ...common, base, users: [{ cookie }], reads: readPaths };
      const rounds: { bare: HttpResult; app: HttpResult }[] = [];
      for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
        rounds.push({ bare: await runWorker(bareTask), app: await runWorker(appTask) });
      }
      await bare.close();
      const total = (runs: HttpResult[]) => {
        const requests = runs.reduce((n, r) => n + r.requests, 0);
        const seconds = runs.reduce((n, r) => n + r.seconds, 0);
        const errors = runs.reduce((n, r) => n + r.errors, 0);
        return {
          requests,
          seconds: Math.round(seconds * 100) / 100,
          errors,
          per_second: Math.round(requests / seconds),
        };
      };
      const bareRun = total(rounds.map((r) => r.bare));
      const appRun = total(rounds.map((r) => r.app));
      const ratio = Math.round((appRun.per_second / Math.max(1, bareRun.per_second)) * 1000) / 1000;
      const perRound = rounds.map((r) => Math.round((r.app.per_second / Math.max(1, r.bare.per_second)) * 1000) / 1000);
      console.log(
        `  throughput: bare Fastify + pg ${bareRun.per_second}/s, authenticated GET requirements/{id} ` +
          `${appRun.per_second}/s (${appRun.errors} errors): ratio ${ratio} (rounds ${perRound.join(', ')})`,
      );
      out.throughput = {
        connections: common.connections,
        rounds: rounds.map((r, i) => ({
          bare_per_second: r.bare.per_second,
          authenticated_per_second: r.app.per_second,
          ratio: perRound[i],
          authenticated_p50_ms: r.app.p50_ms,
          authenticated_p99_ms: r.app.p99_ms,
        })),
        bare: bareRun,
        authenticated_read: appRun,
        ratio,
      };
    }
    if (!args['no-realtime']) out.realtime = await realtimeScenario(database, data, base, sessionCookie, xsrf);
  }
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return out;
}

/**
 * 100 users read and write (every fifth call renames a requirement) in the project, first alone, then
 * with 100 Socket.IO clients subscribed to it; every rename must reach every socket.
 */
/**
 * CPU time the server's thread (this process's main thread) has had so far, in seconds, from Linux's
 * /proc/self/task/<pid>/stat (user + system; null elsewhere). Unlike the event loop's utilization it does not count
 * the time the thread waited for a CPU while the others used both.
 */
function serverThreadCpu(): number | null {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime and stime, in ticks of 1/100 s (USER_HZ)
  } catch {
    return null;
  }
}

/** The machine's CPU time so far, idle and in all (ms, summed over its CPUs). */
function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

async function startProfile(): Promise<Session> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return session;
}

/** `--profile-realtime`: the server thread's heaviest functions (self time) in a run, per request served. */
async function printProfile(session: Session, what: string, requests: number): Promise<void> {
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url.split('node_modules/').pop()!.split('/').slice(0, 3).join('/');
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}`;
    const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
    self.set(key, (self.get(key) ?? 0) + ms);
    const pkg = frame.url.includes('node_modules/')
      ? file
          .split('/')
          .slice(0, file.startsWith('@') ? 2 : 1)
          .join('/')
      : frame.url
        ? 'app or node'
        : '(native)';
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
  });
  console.log(
    `      by package: ${[...byPackage]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([k, v]) => `${k} ${Math.round(v)}`)
      .join(', ')}`,
  );
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`    profile ${what}: ${Math.round(total)} ms sampled, ${Math.round(requests)} requests`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`      ${String(Math.round(ms)).padStart(6)} ms  ${key}`);
}

async function realtimeScenario(
  database: Database,
  data: { projectId: number; documentIds: number[]; requirementIds: number[][] },
  base: string,
  sessionCookie: (userId: number) => Promise<string>,
  xsrf: string,
) {
  const db = database.db;
  const people = await db
    .insert(schema.users)
    .values(
      Array.from({ length: REALTIME_USERS + REALTIME_SOCKETS }, (_, i) => ({
        name: `Realtime ${i}`,
        username: `realtime${i}`,
        email: `realtime${i}@example.com`,
        passwordHash: 'not-a-hash',
        preferences: DEFAULT_PREFERENCES,
        confirmedAt: new Date(),
      })),
    )
    .returning({ id: schema.users.id });
  await db.insert(schema.projectUsers).values(people.map((p) => ({ projectId: data.projectId, userId: p.id })));
  const cookies = await Promise.all(people.map((p) => sessionCookie(p.id)));
  const httpUsers = cookies.slice(0, REALTIME_USERS).map((cookie) => ({ cookie, xsrf }));
  const socketCookies = cookies.slice(REALTIME_USERS);
  const doc = data.documentIds.length - 1;
  const reqs = data.requirementIds[doc]!;
  const reads = [
    ...reqs.slice(0, 40).map((id) => `/api/requirements/${id}`),
    `/api/documents/${data.documentIds[doc]}`,
    `/api/documents/categories/${data.documentIds[doc]}`,
  ];
  const task: HttpTask = {
    kind: 'http',
    base,
    connections: REALTIME_USERS,
    warmupMs: 1000,
    durationMs,
    maxRequests: 100_000,
    users: httpUsers,
    reads,
    writes: { ids: Array.from({ length: REALTIME_USERS }, (_, u) => reqs[(50 + u * 3) % reqs.length]!), every: 5 },
  };
  // Extra figures: how busy the server's thread (this one) was during each run, beside the clients' own.
  // And how much of the machine's CPUs stayed idle: none left means the bench's clients and PostgreSQL take their
  // share from the server's thread.
  const busy = async (run: () => Promise<HttpResult>, what: string) => {
    const profiler = args['profile-realtime'] ? await startProfile() : undefined;
    const start = performance.eventLoopUtilization();
    const cpusBefore = cpuTimes();
    const threadBefore = serverThreadCpu();
    const result = await run();
    const threadAfter = serverThreadCpu();
    const cpusAfter = cpuTimes();
    const requests = result.per_second * (durationMs / 1000);
    // The server thread's CPU per HTTP call, in ms: what the sockets cost it, whatever the clients took.
    const cpuPerCall =
      threadBefore === null || threadAfter === null
        ? null
        : Math.round(((threadAfter - threadBefore) * 1000 * 1000) / Math.max(1, requests)) / 1000;
    if (profiler) await printProfile(profiler, what, requests);
    return {
      result,
      cpuPerCall,
      busy: Math.round(performance.eventLoopUtilization(start).utilization * 1000) / 1000,
      idle:
        Math.round(((cpusAfter.idle - cpusBefore.idle) / Math.max(1, cpusAfter.total - cpusBefore.total)) * 1000) /
        1000,
    };
  };
  // A round first that counts for nothing: the first round after the bulk load ran 20–40 % below the one after
  // the sockets', which the mean of the two then charged to the sockets.
  await runWorker(task);
  // Runs without sockets and with them alternate (without, with, without, …, without), so that a drift of the
  // machine's load during the scenario does not pass for the sockets' cost: one pair of 5 s runs moved the ratio
  // by ±0.15 on a quiet machine. Each round connects 100 fresh sockets, and every event must reach each of them.
  const without = [await busy(() => runWorker(task), 'without sockets')];
  const withs: Awaited<ReturnType<typeof busy>>[] = [];
  const deliveries: SocketReport[] = [];
  for (let round = 1; round <= realtimeRounds; round++) {
    const sockets = startSockets({
      kind: 'sockets',
      base,
      cookies: socketCookies,
      projectId: data.projectId,
      nice: Number(args['nice-sockets']),
    });
    await sockets.ready;
    const run = await busy(() => runWorker(task), `with sockets, round ${round}`);
    deliveries.push(await sockets.expect(run.result.writes, 30_000));
    await sockets.close();
    withs.push(run);
    without.push(await busy(() => runWorker(task), `without sockets, round ${round}`));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const round3 = (n: number) => Math.round(n * 1000) / 1000;
  const meanOf = (runs: typeof without, pick: (r: (typeof without)[number]) => number | null) => {
    const values = runs.map(pick);
    return values.some((v) => v === null) ? null : round3(mean(values as number[]));
  };
  const withoutPerSecond = Math.round(mean(without.map((r) => r.result.per_second)));
  const withPerSecond = Math.round(mean(withs.map((r) => r.result.per_second)));
  const ratio = round3(withPerSecond / Math.max(1, withoutPerSecond));
  // Each round's "with" against the mean of the runs without sockets on either side of it.
  const roundRatios = withs.map((r, i) =>
    round3(r.result.per_second / Math.max(1, (without[i]!.result.per_second + without[i + 1]!.result.per_second) / 2)),
  );
  const sum = (pick: (d: SocketReport) => number) => deliveries.reduce((n, d) => n + pick(d), 0);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  // Percentiles of several runs cannot be merged exactly: the median round's p50, and the worst round's p99.
  const delivery: SocketReport = {
    sockets: deliveries[0]!.sockets,
    events_expected: sum((d) => d.events_expected),
    deliveries_expected: sum((d) => d.deliveries_expected),
    deliveries: sum((d) => d.deliveries),
    missing: sum((d) => d.missing),
    after_request_p50_ms: median(deliveries.map((d) => d.after_request_p50_ms)),
    after_request_p99_ms: Math.max(...deliveries.map((d) => d.after_request_p99_ms)),
    after_answer_p50_ms: median(deliveries.map((d) => d.after_answer_p50_ms)),
    after_answer_p99_ms: Math.max(...deliveries.map((d) => d.after_answer_p99_ms)),
    max_ms: Math.max(...deliveries.map((d) => d.max_ms)),
    batches_per_socket: Math.round(mean(deliveries.map((d) => d.batches_per_socket))),
    events_per_batch: Math.round(mean(deliveries.map((d) => d.events_per_batch)) * 100) / 100,
    client_event_loop_utilization: round3(mean(deliveries.map((d) => d.client_event_loop_utilization))),
  };
  const withSockets = {
    per_second: withPerSecond,
    errors: withs.reduce((n, r) => n + r.result.errors, 0),
    client_event_loop_utilization: round3(mean(withs.map((r) => r.result.client_event_loop_utilization ?? 0))),
    runs: withs.map((r) => ({ ...r.result, writes: r.result.writes.length })),
  };
  console.log(
    `  realtime: ${REALTIME_USERS} users without sockets ${without.map((r) => r.result.per_second).join(' / ')}/s, ` +
      `with ${REALTIME_SOCKETS} sockets ${withs.map((r) => r.result.per_second).join(' / ')}/s ` +
      `(${withSockets.errors} errors, ${without.reduce((n, r) => n + r.result.errors, 0)} without)`,
  );
  console.log(
    `  realtime: ratio ${ratio} (rounds ${roundRatios.join(', ')}); ${delivery.deliveries}/${delivery.deliveries_expected} ` +
      `deliveries, p50 ${delivery.after_request_p50_ms} ms, p99 ${delivery.after_request_p99_ms} ms after the request; ` +
      `${delivery.batches_per_socket} batches per socket, ${delivery.events_per_batch} events per batch`,
  );
  const busyWithout = meanOf(without, (r) => r.busy)!;
  const busyWith = meanOf(withs, (r) => r.busy)!;
  const idleWithout = meanOf(without, (r) => r.idle)!;
  const idleWith = meanOf(withs, (r) => r.idle)!;
  const cpuWithout = meanOf(without, (r) => r.cpuPerCall);
  const cpuWith = meanOf(withs, (r) => r.cpuPerCall);
  console.log(
    `  realtime (extra): server thread busy ${busyWithout} / ${busyWith} (without / with), ` +
      `socket clients' thread ${delivery.client_event_loop_utilization}, ` +
      `HTTP clients' thread ${withSockets.client_event_loop_utilization} with sockets; ` +
      `machine's CPUs idle ${idleWithout} / ${idleWith}; server thread's CPU per call ${cpuWithout} / ${cpuWith} ms`,
  );
  return {
    users: REALTIME_USERS,
    sockets: REALTIME_SOCKETS,
    socket_clients_nice: Number(args['nice-sockets']),
    batch_window_max_ms: batchWindowMaxMs ?? REALTIME_BATCH_WINDOW_MAX_MS,
    write_every: task.writes!.every,
    rounds: realtimeRounds,
    round_ratios: roundRatios,
    without_sockets: {
      per_second: withoutPerSecond,
      errors: without.reduce((n, r) => n + r.result.errors, 0),
      runs: without.map((r) => ({ ...r.result, writes: r.result.writes.length })),
    },
    with_sockets: withSockets,
    ratio,
    busy: {
      server_without_sockets: busyWithout,
      server_with_sockets: busyWith,
      machine_idle_without_sockets: idleWithout,
      machine_idle_with_sockets: idleWith,
      server_cpu_ms_per_call_without_sockets: cpuWithout,
      server_cpu_ms_per_call_with_sockets: cpuWith,
    },
    delivery,
    deliveries_by_round: deliveries,
  };
}

const report: Record<string, unknown> = {
  date: new Date().toISOString(),
  label: args.label ?? null,
  machine: {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
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
const dir = path.join(here, '../results');
fs.mkdirSync(dir, { recursive: true });
const names = ['latest', ...(args.label ? [args.label.replace(/[^\w.-]/g, '_')] : [])];
for (const name of names) {
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, `${name}.md`), markdownReport(report));
}
console.log(
  `\nWritten to ${names.map((n) => path.relative(process.cwd(), path.join(dir, `${n}.{json,md}`))).join(', ')}`,
);
process.exit(0);
