import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import {
  buildApp,
  createConfirmedUser,
  loadConfig,
  openDatabase,
  openSession,
  SESSION_COOKIE,
  type Database,
} from '@reqloom/server';
import { generateProject } from './generate';
import { percentile } from './load-worker';
import { postgresDatabase } from './database';

// `npm run bench:interchange -- [--runs 5] [--database pglite|postgres|both]`
// Issue 12 §4: the Word export of a 1,000-requirement document (the middle one of three chained documents, so its
// export carries traceability both ways and two matrices), through the API: the link, then the download, as a
// browser does. Seconds per export and the peak JavaScript heap (sampled every 5 ms) above a collected
// start. Results: bench/results/interchange-latest.{json,md}.

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    database: { type: 'string', default: 'both' },
    only: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(args.runs));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reqloom_bench_interchange';

type Figures = {
  database: string;
  requirements: number;
  runs: number;
  bytes: number;
  p50_s: number;
  max_s: number;
  peak_rss_before_mb: number;
  peak_rss_mb: number;
};

async function measure(label: string, database: Database): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-bench-interchange-'));
  const { app } = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { database });
  try {
    const db = database.db;
    const user = await createConfirmedUser(db, {
      name: 'Bench',
      username: 'bench',
      email: 'bench@example.com',
      password: 'correct horse battery staple',
    });
    if (!('id' in user)) throw new Error(JSON.stringify(user.errors));
    const cookie = `${SESSION_COOKIE}=${(await openSession(db, user.id)).token}`;
    const shape = { documents: 3, requirementsPerDocument: 1000, categoriesPerDocument: 20, links: 2000 };
    const { documentIds } = await generateProject(db, user.id, shape);
    const documentId = documentIds[1]!;
    const times: number[] = [];
    let bytes = 0;
    let peak = 0;
    // Each database runs in a process of its own (see the end), so the process's peak resident set is this
    // measure's: before the exports (the app, the database, the generated data) and at its highest after them.
    const before = process.resourceUsage().maxRSS;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      for (let run = 0; run < RUNS + 1; run++) {
        const began = performance.now();
        const link = await app.inject({
          method: 'GET',
          url: `/api/documents/exportmsword/${documentId}`,
          headers: { cookie },
        });
        const { url } = link.json<{ url: string }>();
        const file = await app.inject({ method: 'GET', url, headers: { cookie } });
        if (file.statusCode !== 200) throw new Error(`export answered ${file.statusCode}`);
        // The first run warms up (module loading, prepared statements): it is not counted.
        if (run > 0) times.push((performance.now() - began) / 1000);
        bytes = file.rawPayload.length;
      }
    } finally {
      clearInterval(sampler);
    }
    times.sort((a, b) => a - b);
    return {
      database: label,
      requirements: shape.requirementsPerDocument,
      runs: RUNS,
      bytes,
      p50_s: Number(percentile(times, 50).toFixed(3)),
      max_s: Number(times[times.length - 1]!.toFixed(3)),
      peak_rss_before_mb: Math.round(before / 1024),
      peak_rss_mb: Math.round(Math.max(process.resourceUsage().maxRSS * 1024, peak) / 1024 / 1024),
    };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// One process per database: a peak resident set is a process's whole life.
const only = args.only;
if (only === 'pglite' || only === 'postgres') {
  const figures = await measure(
    only,
    only === 'pglite' ? await openDatabase({ dataDir: null }) : await postgresDatabase(databaseUrl),
  );
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  process.exit(0);
}
const results: Figures[] = [];
for (const name of ['pglite', 'postgres'] as const) {
  if (args.database !== 'both' && args.database !== name) continue;
  const output = execFileSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--only', name, '--runs', String(RUNS)],
    {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  results.push(JSON.parse(output.trim().split('\n').pop()!) as Figures);
}
const report = { at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, word_export: results };
const out = path.join(here, '..', 'results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'interchange-latest.json'), JSON.stringify(report, null, 2) + '\n');
const md = [
  `# Interchange (${report.at}, Node ${report.node}, ${report.cpus} CPUs)`,
  '',
  '## Word export of a 1,000-requirement document (link + download, through the API)',
  '',
  "Peak memory is the process's peak resident set: before the exports (app, database and data) and after them.",
  '',
  '| database | runs | file | p50 | max | peak RSS before | peak RSS after |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.database} | ${r.runs} | ${(r.bytes / 1024).toFixed(0)} KB | ${r.p50_s} s | ${r.max_s} s | ${r.peak_rss_before_mb} MB | ${r.peak_rss_mb} MB |`,
  ),
  '',
].join('\n');
fs.writeFileSync(path.join(out, 'interchange-latest.md'), md);
console.log(md);
process.exit(0);
