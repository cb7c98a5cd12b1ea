import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  createConfirmedUser,
  openDatabase,
  restoreBackup,
  schema,
  stateOfHtml,
  writeBackup,
  type Database,
} from '@reqloom/server';
import { generateProject, SCALES, type ScaleName } from './generate';
import { benchArgs, writeResults } from './harness';
import { percentile } from './load-worker';
import { postgresDatabase } from './database';

// Backup and restore (decisions §17) of the bench project (20k: 20 documents × 1,000 requirements, 20,000 links), with
// up to 1,000 shared descriptions (collaboration states) and 20 images of 256 KB, on each database:
// - backup: `writeBackup` of the whole database to a file (what `npm run reqloom -- backup` does);
// - restore: `restoreBackup` of that file into an empty database of the same kind.
// Each run is a process of its own, so its peak resident set is the operation's (with the database opened: for
// PGlite, the whole embedded PostgreSQL). PGlite runs on a folder, as a server's DATA_DIR.
// Results: bench/results/backup-<scale>-<date>[-<label>].{json,md}.

const args = benchArgs(
  'npm run bench:backup -- [--scale small|20k|100k] [--runs 3] [--database pglite|postgres|both] [--label name]',
  {
    scale: { type: 'string', default: '20k' },
    runs: { type: 'string', default: '3' },
    database: { type: 'string', default: 'both' },
    // Internal: one measured operation, in a child process.
    child: { type: 'string' },
    target: { type: 'string' },
    file: { type: 'string' },
  },
);
const scale = args.scale as ScaleName;
if (!(scale in SCALES)) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(', ')}`);
const RUNS = Math.max(1, Number(args.runs));
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reqloom_bench_backup';
const IMAGES = 20;
const IMAGE_BYTES = 256 * 1024;
const SHARED_DESCRIPTIONS = 1000;

type Operation = 'backup' | 'restore';
type Run = { seconds: number; peak_rss_mb: number; rss_before_mb: number; rows: number; bytes: number };
type Figures = {
  operation: Operation;
  database: 'pglite' | 'postgres';
  requirements: number;
  rows: number;
  file_mb: number;
  runs: number;
  p50_s: number;
  max_s: number;
  peak_rss_mb: number;
  rss_before_mb: number;
  /** PostgreSQL only: pg_dump -Fc (backup) or pg_restore (restore) of the same database, the bare reference. */
  bare_p50_s?: number;
};

const postgresUrl = (name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${url.pathname.slice(1)}${name}`;
  return url.toString();
};

/** Opens the database of a run: PGlite on its folder, or PostgreSQL by URL. */
const open = (target: string): Promise<Database> =>
  target.startsWith('postgres')
    ? openDatabase({ databaseUrl: target, dataDir: null })
    : openDatabase({ dataDir: target });

async function measureChild(operation: Operation, target: string, file: string): Promise<Run> {
  const database = await open(target);
  const before = process.resourceUsage().maxRSS;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const began = performance.now();
  try {
    const rows =
      operation === 'backup' ? (await writeBackup(database, file)).rows : (await restoreBackup(database, file)).rows;
    const seconds = (performance.now() - began) / 1000;
    return {
      seconds,
      rows,
      bytes: fs.statSync(file).size,
      rss_before_mb: Math.round(before / 1024),
      peak_rss_mb: Math.round(Math.max(process.resourceUsage().maxRSS * 1024, peak) / 1024 / 1024),
    };
  } finally {
    clearInterval(sampler);
    await database.close();
  }
}

if (args.child) {
  const run = await measureChild(args.child as Operation, args.target!, args.file!);
  process.stdout.write(`${JSON.stringify(run)}\n`);
  process.exit(0);
}

function child(operation: Operation, target: string, file: string): Run {
  const output = execFileSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--child', operation, '--target', target, '--file', file],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(output.trim().split('\n').pop()!) as Run;
}

/** The bench project, its shared descriptions and images, in a new database of the kind asked. */
async function prepare(kind: 'pglite' | 'postgres', work: string): Promise<string> {
  const target = kind === 'pglite' ? path.join(work, 'source') : postgresUrl('_source');
  const database = kind === 'pglite' ? await open(target) : await postgresDatabase(target);
  try {
    const db = database.db;
    const user = await createConfirmedUser(db, {
      name: 'Bench',
      username: 'bench',
      email: 'bench@example.com',
      password: 'correct horse battery staple',
    });
    if (!('id' in user)) throw new Error(JSON.stringify(user.errors));
    const { projectId, requirementIds } = await generateProject(db, user.id, SCALES[scale]);
    const some = requirementIds.flat().slice(0, SHARED_DESCRIPTIONS);
    const [{ description }] = (await db
      .select({ description: schema.requirements.description })
      .from(schema.requirements)
      .limit(1)) as [{ description: string }];
    const state = stateOfHtml(description);
    for (let i = 0; i < some.length; i += 500)
      await db
        .insert(schema.collaborationStates)
        .values(some.slice(i, i + 500).map((requirementId) => ({ requirementId, state })));
    for (let i = 0; i < IMAGES; i++)
      await db.insert(schema.attachments).values({
        projectId,
        fileName: `${randomBytes(16).toString('hex')}.png`,
        originalName: `image-${i}.png`,
        contentType: 'image/png',
        size: IMAGE_BYTES,
        // Random bytes do not compress: the file grows by what the images weigh.
        data: randomBytes(IMAGE_BYTES),
        authorId: user.id,
      });
    await db.execute(sql`analyze`);
    return target;
  } finally {
    await database.close();
  }
}

/**
 * The bare reference on PostgreSQL: its own tools on the same database, each a process as the bench's runs are:
 * pg_dump -Fc of the source, and pg_restore of that into an empty database.
 */
async function bareRun(source: string, work: string): Promise<{ dump: number; restore: number }> {
  const dumpFile = path.join(work, 'bare.dump');
  let began = performance.now();
  execFileSync('pg_dump', ['-Fc', '-f', dumpFile, source]);
  const dump = (performance.now() - began) / 1000;
  const target = postgresUrl('_bare');
  const { default: pg } = await import('pg');
  const admin = new URL(baseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const name = new URL(target).pathname.slice(1).replace(/\W/g, '');
  await client.query(`DROP DATABASE IF EXISTS ${name}`);
  await client.query(`CREATE DATABASE ${name}`);
  began = performance.now();
  execFileSync('pg_restore', ['--no-owner', '-d', target, dumpFile]);
  const restore = (performance.now() - began) / 1000;
  await client.query(`DROP DATABASE ${name}`);
  await client.end();
  return { dump, restore };
}

/** An empty, migrated database of the kind asked, for one restore. */
async function emptyTarget(kind: 'pglite' | 'postgres', work: string, run: number): Promise<string> {
  if (kind === 'pglite') {
    const dir = path.join(work, `restore-${run}`);
    fs.rmSync(dir, { recursive: true, force: true });
    await (await open(dir)).close();
    return dir;
  }
  const url = postgresUrl('_target');
  await (await postgresDatabase(url)).close();
  return url;
}

const results: Figures[] = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-bench-backup-'));
try {
  for (const kind of ['pglite', 'postgres'] as const) {
    if (args.database !== 'both' && args.database !== kind) continue;
    console.error(`${kind}: generating the ${scale} project…`);
    const source = await prepare(kind, work);
    const file = path.join(work, `${kind}.backup`);
    const runs: Record<Operation, Run[]> = { backup: [], restore: [] };
    const bare: Record<Operation, number[]> = { backup: [], restore: [] };
    for (let i = 0; i < RUNS; i++) {
      if (kind === 'postgres') {
        const { dump, restore } = await bareRun(source, work);
        bare.backup.push(dump);
        bare.restore.push(restore);
      }
      runs.backup.push(child('backup', source, file));
      runs.restore.push(child('restore', await emptyTarget(kind, work, i), file));
      console.error(
        `${kind} run ${i + 1}: backup ${runs.backup.at(-1)!.seconds.toFixed(2)} s, restore ${runs.restore.at(-1)!.seconds.toFixed(2)} s`,
      );
    }
    for (const operation of ['backup', 'restore'] as const) {
      const list = runs[operation];
      const times = list.map((r) => r.seconds).sort((a, b) => a - b);
      results.push({
        operation,
        database: kind,
        requirements: SCALES[scale].documents * SCALES[scale].requirementsPerDocument,
        rows: list[0]!.rows,
        file_mb: Number((list[0]!.bytes / 1024 / 1024).toFixed(1)),
        runs: list.length,
        p50_s: Number(percentile(times, 50).toFixed(2)),
        max_s: Number(times.at(-1)!.toFixed(2)),
        peak_rss_mb: Math.max(...list.map((r) => r.peak_rss_mb)),
        rss_before_mb: Math.max(...list.map((r) => r.rss_before_mb)),
        ...(bare[operation].length > 0
          ? {
              bare_p50_s: Number(
                percentile(
                  [...bare[operation]].sort((a, b) => a - b),
                  50,
                ).toFixed(2),
              ),
            }
          : {}),
      });
    }
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

const load = os.loadavg()[0]!.toFixed(1);
const report = {
  at: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  load,
  loadavg: os.loadavg().map((l) => Math.round(l * 100) / 100),
  scale,
  results,
};
const md = [
  `# Backup and restore (${report.at}, Node ${report.node}, ${report.cpus} CPUs, load average ${load} at the end)`,
  '',
  `The ${scale} bench project (${SCALES[scale].documents} documents × ${SCALES[scale].requirementsPerDocument} requirements, ` +
    `${SCALES[scale].links} links) with ${Math.min(SHARED_DESCRIPTIONS, SCALES[scale].documents * SCALES[scale].requirementsPerDocument)} shared descriptions and ${IMAGES} images of ` +
    `${IMAGE_BYTES / 1024} KB. Each run is a process of its own; peak memory is its peak resident set (the database ` +
    'opened: for PGlite the whole embedded PostgreSQL), "before" what it held once the database was open.',
  '',
  '| operation | database | rows | file | runs | p50 | max | RSS before | peak RSS | bare pg_dump / pg_restore p50 |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.operation} | ${r.database} | ${r.rows} | ${r.file_mb} MB | ${r.runs} | ${r.p50_s} s | ${r.max_s} s | ${r.rss_before_mb} MB | ${r.peak_rss_mb} MB | ${r.bare_p50_s === undefined ? '–' : `${r.bare_p50_s} s`} |`,
  ),
  '',
].join('\n');
writeResults({ scenario: 'backup', scale, args, json: report, markdown: md });
console.log(md);
process.exit(0);
