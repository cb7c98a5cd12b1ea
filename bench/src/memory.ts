import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchArgs, machineNow, writeResults } from './harness';

// Issue 39 §4: where the resident memory of the embedded server goes, holding the 20,000-requirement project
// (SCALES['20k']). The project is generated into a data folder by one process; a second process then starts as the
// server does on it (modules, the database opened and migrated, the app), reads a document, exports it to Word (which
// starts the export thread), waits until that thread is stopped for want of jobs, then warms both threads as
// WARM_THREADS=true would; its memory is taken after each step: resident set, V8 heap, external memory and array buffers, and PGlite's WASM
// memory (an ArrayBuffer that grows and never shrinks). `--in-memory` measures the bench's in-memory PGlite too,
// where the database's files themselves sit in the process (the interchange bench's figures).
// Results: bench/results/memory-20k-<date>[-<label>].{json,md}.

const args = benchArgs('npm run bench:memory -- [--in-memory] [--label name]', {
  'in-memory': { type: 'boolean', default: false },
  // Internal: the steps run in child processes.
  phase: { type: 'string' },
  dir: { type: 'string' },
});

type Snapshot = {
  step: string;
  rss_mb: number;
  heap_used_mb: number;
  external_mb: number;
  array_buffers_mb: number;
  wasm_mb: number | null;
};

/** The bench's idle time of the export thread (the server's is ten minutes: THREAD_IDLE_MS). */
const IDLE_MS = 5_000;

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function snapshot(step: string, wasm: () => number | null): Snapshot {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  const w = wasm();
  return {
    step,
    rss_mb: mb(m.rss),
    heap_used_mb: mb(m.heapUsed),
    external_mb: mb(m.external),
    array_buffers_mb: mb(m.arrayBuffers),
    wasm_mb: w === null ? null : mb(w),
  };
}

/** The measured process: the server's start on the database, step by step. */
async function measure(dir: string | null) {
  const steps: Snapshot[] = [];
  // PGlite's Emscripten module, once the database is open: its HEAP8 spans the whole WASM memory.
  const pglite: { client?: { mod?: { HEAP8?: Int8Array } } } = {};
  const wasm = () => pglite.client?.mod?.HEAP8?.byteLength ?? null;
  steps.push(snapshot('node and tsx', wasm));
  const server = await import('@reqloom/server');
  const { generateProject, SCALES } = await import('./generate');
  steps.push(snapshot('server modules imported', wasm));
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-bench-memory-app-'));
  const config = server.loadConfig({ DATA_DIR: dir ?? appDir, LOG_LEVEL: 'silent' });
  const database = await server.openDatabase({ dataDir: dir });
  pglite.client = (database as unknown as typeof pglite).client;
  steps.push(snapshot('database opened (migrated)', wasm));
  let userId: number;
  if (dir === null) {
    const user = await server.createConfirmedUser(database.db, {
      name: 'Bench',
      username: 'bench',
      email: 'bench@example.com',
      password: 'bench password',
    });
    if ('errors' in user) throw new Error(JSON.stringify(user.errors));
    userId = user.id;
    await generateProject(database.db, userId, SCALES['20k']);
    steps.push(snapshot('20k project generated in it', wasm));
  } else {
    const [user] = await database.db.select().from(server.schema.users);
    userId = user!.id;
  }
  // The export thread's idle time made short, so that the bench sees the stop it would see after ten minutes.
  const built = await server.buildApp(config, {
    database,
    exportLimits: { ...server.EXPORT_LIMITS, idleMs: IDLE_MS },
  });
  await built.app.ready();
  steps.push(snapshot('app built (the default: no thread started)', wasm));
  const session = await server.openSession(database.db, userId);
  const [document] = await database.db.select().from(server.schema.documents).limit(1);
  const cookie = `${server.SESSION_COOKIE}=${session.token}`;
  const read = async (url: string) => {
    const res = await built.app.inject({ url, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    return res;
  };
  await read(`/api/documents/requirements/${document!.id}`);
  steps.push(snapshot('one document read (1,000 requirements)', wasm));
  const { url } = (await read(`/api/documents/exportmsword/${document!.id}`)).json<{ url: string }>();
  await read(url);
  steps.push(snapshot('its Word export (the export thread started)', wasm));
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS + 2_000));
  steps.push(snapshot(`the export thread stopped after ${IDLE_MS / 1000} s without a job`, wasm));
  await built.warmUp();
  steps.push(snapshot('both threads warmed (WARM_THREADS=true)', wasm));
  const peak = mb(process.resourceUsage().maxRSS * 1024);
  await built.app.close();
  await database.close();
  fs.rmSync(appDir, { recursive: true, force: true });
  return { steps, peak_rss_mb: peak };
}

/** The generating process: the 20k project written into the data folder `dir`. */
async function generate(dir: string) {
  const server = await import('@reqloom/server');
  const { generateProject, SCALES } = await import('./generate');
  const database = await server.openDatabase({ dataDir: dir });
  const user = await server.createConfirmedUser(database.db, {
    name: 'Bench',
    username: 'bench',
    email: 'bench@example.com',
    password: 'bench password',
  });
  if ('errors' in user) throw new Error(JSON.stringify(user.errors));
  await generateProject(database.db, user.id, SCALES['20k']);
  await database.close();
}

const self = fileURLToPath(import.meta.url);
const child = (phase: string, dir: string) =>
  execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, '--phase', phase, '--dir', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });

if (args.phase === 'generate') {
  await generate(args.dir!);
  process.exit(0);
}
if (args.phase === 'measure') {
  const figures = await measure(args.dir === 'memory' ? null : args.dir!);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  process.exit(0);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-bench-memory-'));
try {
  console.log(`generating the 20k project in ${dataDir}…`);
  child('generate', dataDir);
  type Run = { database: string; steps: Snapshot[]; peak_rss_mb: number };
  const measured = (dir: string) => JSON.parse(child('measure', dir)) as Omit<Run, 'database'>;
  const runs: Run[] = [];
  console.log('measuring the server on it…');
  runs.push({ database: 'PGlite in DATA_DIR (the default)', ...measured(dataDir) });
  if (args['in-memory']) {
    console.log('measuring an in-memory PGlite (the benches)…');
    runs.push({ database: 'PGlite in memory (benches)', ...measured('memory') });
  }
  const date = new Date();
  const machine = machineNow();
  const table = (run: (typeof runs)[number]) =>
    [
      `## ${run.database}`,
      '',
      '| step | RSS | V8 heap used | external | array buffers | PGlite WASM memory |',
      '|---|---:|---:|---:|---:|---:|',
      ...run.steps.map(
        (s) =>
          `| ${s.step} | ${s.rss_mb} MB | ${s.heap_used_mb} MB | ${s.external_mb} MB | ${s.array_buffers_mb} MB | ` +
          `${s.wasm_mb === null ? '–' : `${s.wasm_mb} MB`} |`,
      ),
      '',
      `Peak resident set of the process: ${run.peak_rss_mb} MB.`,
      '',
    ].join('\n');
  writeResults({
    scenario: 'memory',
    scale: '20k',
    args,
    date,
    json: { date: date.toISOString(), node: process.version, machine, runs },
    markdown: [
      `# Memory of the embedded server with the 20k project (${date.toISOString()}, Node ${process.version}, ` +
        `${machine.cpus} CPUs, load ${machine.load_average.join(' ')})`,
      '',
      'After each step, after a full garbage collection. External memory includes the array buffers, and these',
      "include PGlite's WASM memory.",
      '',
      ...runs.map(table),
    ].join('\n'),
  });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
