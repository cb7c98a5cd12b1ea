import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '@reqloom/server';
import { generateProject, SCALES, type ScaleName } from './generate';
import { benchArgs, openBenchDatabase, startBenchApp, writeResults } from './harness';
import { percentile } from './load-worker';

// Baselines (decisions §22) at scale, through the API: POST baselines of the whole bench project (20k: 20 documents ×
// 1,000 requirements, 20,000 links; varied names and descriptions), the first and then nine more of the unchanged
// project; the storage of one against ten (pg_total_relation_size of the baseline tables, indexes included); a
// baseline after 1% of the requirements changed, and what it added; GET baselines/compare of two baselines and of one
// against now; GET baselines/requirements of one document beside GET documents/requirements of it. Aims (issue 35):
// creation ≤ 3 s, comparison ≤ 2 s at 20,000 requirements; ten baselines of an unchanged project ≤ 1.1 × one.
// Bare references beside them: the same rows copied by one INSERT … SELECT per table in one transaction (the floor of
// a snapshot that shares nothing), and the rows of two sides read whole (the floor of a comparison that reads both).
// Results: bench/results/baselines-<scale>-<date>[-<label>].{json,md}.

const args = benchArgs(
  'npm run bench:baselines -- [--scale small|20k|100k] [--runs 5] [--database pglite|postgres] [--label name]',
  {
    scale: { type: 'string', default: '20k' },
    runs: { type: 'string', default: '5' },
    database: { type: 'string', default: 'postgres' },
  },
);
const scale = args.scale as ScaleName;
if (!(scale in SCALES)) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(', ')}`);
const RUNS = Math.max(3, Number(args.runs));
const kind = args.database === 'pglite' ? 'pglite' : 'postgres';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reqloom_bench_c';
const TABLES = [
  'baselines',
  'baseline_documents',
  'baseline_manifests',
  'baseline_manifest_categories',
  'baseline_states',
];

/** The rows of a statement, as either driver answers them. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows);
const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50_ms: round(percentile(sorted, 50)), max_ms: round(sorted[sorted.length - 1]!) };
};

async function storage(db: Database['db']): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  for (const table of TABLES) {
    const result: unknown = await db.execute(sql`select pg_total_relation_size(${table}::regclass)::bigint as bytes`);
    sizes[table] = Number(rowsOf<{ bytes: string }>(result)[0]!.bytes);
  }
  return sizes;
}
const total = (sizes: Record<string, number>) => Object.values(sizes).reduce((a, b) => a + b, 0);
const kb = (bytes: number) => round(bytes / 1024);

const database = await openBenchDatabase(kind, databaseUrl);
const bench = await startBenchApp(database, { name: 'baselines' });
const { app, db } = bench;
try {
  const shape = { ...SCALES[scale], varied: true };
  const { projectId, documentIds } = await generateProject(db, bench.userId, shape);
  await db.execute(sql`analyze`);
  const requirements = shape.documents * shape.requirementsPerDocument;

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const t0 = performance.now();
    const res = await app.inject({ method, url, headers: bench.headers, ...(payload ? { payload } : {}) });
    const ms = performance.now() - t0;
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms, data: res.json<{ data: Record<string, unknown> }>().data };
  };
  let made = 0;
  const create = async () => call('POST', '/api/baselines', { project_id: projectId, name: `Baseline ${++made}` });

  // The bare floor of a snapshot: every row copied as it is, in one transaction, nothing shared, nothing computed.
  const bareCreate: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`create temp table bare_r on commit drop as
        select * from requirements where document_id in (select id from documents where project_id = ${projectId})`);
      await tx.execute(sql`create temp table bare_c on commit drop as
        select * from categories where document_id in (select id from documents where project_id = ${projectId})`);
      await tx.execute(sql`create temp table bare_l on commit drop as
        select * from requirement_links where project_id = ${projectId}`);
    });
    bareCreate.push(performance.now() - t0);
  }

  const empty = await storage(db);
  const first = await create();
  const firstId = first.data.id as number;
  const afterOne = await storage(db);
  const unchanged: number[] = [];
  for (let n = 2; n <= 10; n++) unchanged.push((await create()).ms);
  const afterTen = await storage(db);
  const one = total(afterOne) - total(empty);
  const ten = total(afterTen) - total(empty);

  // 1% of the requirements change (name and status, as an edit does), then one more baseline.
  const changedCount = Math.round(requirements / 100);
  await db.execute(sql`update requirements set name = name || ' (changed)', status = (status + 1) % 4,
      updated_at = now() where id in (select r.id from requirements r join documents d on d.id = r.document_id
      where d.project_id = ${projectId} order by r.id limit ${changedCount})`);
  const afterChange = await create();
  const changedId = afterChange.data.id as number;
  const afterEleven = await storage(db);

  const compareTwo: number[] = [];
  const compareNow: number[] = [];
  let counts: unknown;
  for (let run = 0; run < RUNS; run++) {
    const two = await call('GET', `/api/baselines/compare/${firstId}?to=${changedId}`);
    counts = two.data.counts;
    compareTwo.push(two.ms);
    compareNow.push((await call('GET', `/api/baselines/compare/${firstId}`)).ms);
  }
  const bareCompare: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    for (let side = 0; side < 2; side++)
      await db.execute(sql`select r.id, r.name, r.description, r.status, r.category_id from requirements r
          join documents d on d.id = r.document_id where d.project_id = ${projectId}`);
    bareCompare.push(performance.now() - t0);
  }

  // Every requirement changed: the comparison that reads every content on both sides.
  await db.execute(sql`update requirements set name = name || ' (again)', updated_at = now()
      where document_id in (select id from documents where project_id = ${projectId})`);
  const allChanged = await create();
  const compareAll: number[] = [];
  for (let run = 0; run < RUNS; run++)
    compareAll.push((await call('GET', `/api/baselines/compare/${firstId}?to=${allChanged.data.id as number}`)).ms);

  const document = documentIds[Math.floor(documentIds.length / 2)]!;
  const keptRead: number[] = [];
  const liveRead: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    keptRead.push((await call('GET', `/api/baselines/requirements/${firstId}?document_id=${document}`)).ms);
    liveRead.push((await call('GET', `/api/documents/requirements/${document}`)).ms);
  }

  const report = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadavg: os.loadavg(),
    database: kind,
    requirements,
    documents: shape.documents,
    links: shape.links,
    create: {
      first_ms: round(first.ms),
      unchanged_project: stats(unchanged),
      after_1_percent_changed_ms: round(afterChange.ms),
      after_all_changed_ms: round(allChanged.ms),
      bare_copy: stats(bareCreate),
    },
    storage: {
      one_baseline_kb: kb(one),
      ten_baselines_kb: kb(ten),
      ratio_ten_to_one: round(ten / one, 3),
      eleventh_after_1_percent_changed_kb: kb(total(afterEleven) - total(afterTen)),
      tables_after_ten_kb: Object.fromEntries(Object.entries(afterTen).map(([t, b]) => [t, kb(b - (empty[t] ?? 0))])),
    },
    compare: {
      two_baselines_1_percent: stats(compareTwo),
      baseline_to_now: stats(compareNow),
      two_baselines_all_changed: stats(compareAll),
      counts,
      bare_read_both_sides: stats(bareCompare),
    },
    read_document: { baseline: stats(keptRead), live: stats(liveRead) },
  };
  const c = report.create;
  const cmp = report.compare;
  const md = [
    `# Baselines (${report.at}, ${kind}, Node ${report.node}, ${report.cpus} CPUs, load ${report.loadavg
      .map((l) => l.toFixed(1))
      .join(' ')})`,
    '',
    `${requirements.toLocaleString('en')} requirements in ${shape.documents} documents, ${shape.links.toLocaleString('en')} links; ` +
      `${RUNS} runs where repeated. The machine is shared by several sessions and loaded: the figures vary between runs.`,
    '',
    '| create (POST baselines) | time |',
    '|---|---:|',
    `| first baseline (every state stored) | ${c.first_ms} ms |`,
    `| 9 more of the unchanged project, p50 / max | ${c.unchanged_project.p50_ms} / ${c.unchanged_project.max_ms} ms |`,
    `| after 1% of the requirements changed | ${c.after_1_percent_changed_ms} ms |`,
    `| after every requirement changed | ${c.after_all_changed_ms} ms |`,
    `| bare: the rows copied by INSERT … SELECT, p50 | ${c.bare_copy.p50_ms} ms |`,
    '',
    '| storage (tables and indexes) | size |',
    '|---|---:|',
    `| one baseline | ${report.storage.one_baseline_kb} KB |`,
    `| ten baselines of the unchanged project | ${report.storage.ten_baselines_kb} KB (× ${report.storage.ratio_ten_to_one}) |`,
    `| an eleventh after 1% changed adds | ${report.storage.eleventh_after_1_percent_changed_kb} KB |`,
    '',
    '| compare (GET baselines/compare), p50 / max | time |',
    '|---|---:|',
    `| two baselines, 1% changed | ${cmp.two_baselines_1_percent.p50_ms} / ${cmp.two_baselines_1_percent.max_ms} ms |`,
    `| a baseline against now | ${cmp.baseline_to_now.p50_ms} / ${cmp.baseline_to_now.max_ms} ms |`,
    `| two baselines, every requirement changed | ${cmp.two_baselines_all_changed.p50_ms} / ${cmp.two_baselines_all_changed.max_ms} ms |`,
    `| bare: both sides' rows read whole | ${cmp.bare_read_both_sides.p50_ms} / ${cmp.bare_read_both_sides.max_ms} ms |`,
    '',
    `| read one document (${shape.requirementsPerDocument} requirements), p50 | time |`,
    '|---|---:|',
    `| GET baselines/requirements | ${report.read_document.baseline.p50_ms} ms |`,
    `| GET documents/requirements (live) | ${report.read_document.live.p50_ms} ms |`,
    '',
  ].join('\n');
  console.log(md);
  writeResults({ scenario: 'baselines', scale, args, json: report, markdown: md });
} finally {
  await bench.close();
  await database.close();
}
process.exit(0);
