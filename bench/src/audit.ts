import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@reqloom/domain';
import { schema, type Database } from '@reqloom/server';
import { benchArgs, openBenchDatabase, startBenchApp, writeResults } from './harness';
import { percentile } from './load-worker';

// Issue 34 §2: the audit trail at scale. GET projects/audit/{id} on a project of 1,000,000 entries (and a neighbour
// project of 200,000, so that the project filter counts), p50 and p95 of each filter; then the CSV export of 100,000
// entries, streamed through a real socket, with the heap sampled while it runs, beside the export of 10,000: constant
// memory means the same peak for both. Aim (issue 34): p95 ≤ 50 ms for any filter. Each database runs in its own
// process. Results: bench/results/audit-<entries>-<date>[-<label>].{json,md}.

const args = benchArgs(
  'npm run bench:audit -- [--entries 1000000] [--queries 60] [--database pglite|postgres|both] [--label name]',
  {
    entries: { type: 'string', default: '1000000' },
    queries: { type: 'string', default: '60' },
    database: { type: 'string', default: 'postgres' },
    only: { type: 'string' },
  },
);
const ENTRIES = Math.max(10_000, Number(args.entries));
const QUERIES = Math.max(10, Number(args.queries));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reqloom_bench_audit';
const ACTORS = 100;
const ELEMENTS = 20_000;
const SPAN_DAYS = 365;

type Query = { filter: string; p50_ms: number; p95_ms: number; mean_rows: number };
type Export = { entries: number; seconds: number; bytes: number; heap_before_mb: number; heap_peak_mb: number };
type Figures = { database: string; entries: number; fill_seconds: number; queries: Query[]; exports: Export[] };

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const mb = (bytes: number) => round(bytes / 1024 / 1024);

/**
 * Fills a project's trail in one statement: actors, actions, kinds of element and elements spread evenly, moments
 * over a year, newest last (as the trail grows), changes of the size a field's update has.
 */
async function fill(db: Database['db'], projectId: number, count: number, actorBase: number) {
  const actions = sql.raw(`array[${AUDIT_ACTIONS.map((a) => `'${a}'`).join(',')}]`);
  const kinds = sql.raw(`array[${AUDIT_ENTITY_TYPES.map((a) => `'${a}'`).join(',')}]`);
  await db.execute(sql`
    insert into audit_entries (project_id, at, actor_type, actor_id, actor_name, action, entity_type, entity_id,
                               entity_reference, document_id, changes)
    select ${projectId},
           now() - (${SPAN_DAYS} * interval '1 day') * (1 - i::float8 / ${count}),
           'user', ${actorBase} + i % ${ACTORS}, 'Person ' || (i % ${ACTORS}),
           (${actions})[1 + (i * 7 + i / ${ACTORS}) % ${AUDIT_ACTIONS.length}],
           (${kinds})[1 + (i * 13) % ${AUDIT_ENTITY_TYPES.length}],
           1 + (i * 31) % ${ELEMENTS}, 'D1_' || lpad(((i * 31) % ${ELEMENTS})::text, 3, '0'), 1 + i % 20,
           jsonb_build_object('name', jsonb_build_object('old', 'Name ' || i, 'new', 'Name ' || (i + 1)))
      from generate_series(1, ${count}) as i`);
}

async function measure(label: 'pglite' | 'postgres'): Promise<Figures> {
  const database: Database = await openBenchDatabase(label, databaseUrl);
  const bench = await startBenchApp(database, { name: 'audit' });
  const { app, db } = bench;
  try {
    const made = [];
    for (const slug of ['audit-big', 'audit-neighbour', 'audit-export']) {
      const [row] = await db
        .insert(schema.projects)
        .values({ ownerType: 'user', ownerId: bench.userId, name: slug, acronym: 'AUD', slug, joinToken: 'x' })
        .returning();
      await db.insert(schema.projectUsers).values({ projectId: row!.id, userId: bench.userId, role: 'maintainer' });
      made.push(row!.id);
    }
    const [big, neighbour, exported] = made as [number, number, number];
    const began = performance.now();
    for (let done = 0; done < ENTRIES; done += 250_000) await fill(db, big, Math.min(250_000, ENTRIES - done), 1000);
    await fill(db, neighbour, Math.round(ENTRIES / 5), 5000);
    await fill(db, exported, 100_000, 9000);
    await db.execute(sql`analyze audit_entries`);
    const fillSeconds = round((performance.now() - began) / 1000);

    const get = async (query: string) => {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/projects/audit/${big}?${query}`,
        headers: bench.headers,
      });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`audit answered ${res.statusCode}: ${res.body}`);
      const body = res.json<{ data: unknown[]; next_cursor: string | null }>();
      return { ms, rows: body.data.length, next: body.next_cursor };
    };
    // A cursor deep in the trail: the one after page 1 of a query for the oldest entries' neighbourhood.
    const oldAfter = new Date(Date.now() - (SPAN_DAYS - 3) * 86_400_000).toISOString();
    const deep = (await get(`before=${encodeURIComponent(oldAfter)}&limit=50`)).next;
    const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
    const filters: [string, (i: number) => string][] = [
      ['none (first page)', () => ''],
      ['actor', (i) => `actor_id=${1000 + (i % ACTORS)}`],
      ['action', (i) => `action=${AUDIT_ACTIONS[i % AUDIT_ACTIONS.length]}`],
      ['entity_type', (i) => `entity_type=${AUDIT_ENTITY_TYPES[i % AUDIT_ENTITY_TYPES.length]}`],
      ['one element', (i) => `entity_type=requirement&entity_id=${1 + ((i * 97) % ELEMENTS)}`],
      ['one day', (i) => `after=${day(10 + (i % 300))}&before=${day(9 + (i % 300))}`],
      [
        'actor + action',
        (i) => `actor_id=${1000 + (i % ACTORS)}&action=${AUDIT_ACTIONS[(i * 3) % AUDIT_ACTIONS.length]}`,
      ],
      ['actor + one month', (i) => `actor_id=${1000 + (i % ACTORS)}&after=${day(200)}&before=${day(170)}`],
      [
        'action + entity_type + month',
        (i) => `action=${AUDIT_ACTIONS[i % 5]}&entity_type=document&after=${day(100)}&before=${day(70)}`,
      ],
      ['deep cursor (a year back)', () => `cursor=${deep}`],
      ['limit 200', () => 'limit=200'],
    ];
    const queries: Query[] = [];
    for (const [name, query] of filters) {
      for (let i = 0; i < 3; i++) await get(query(i)); // warm-up
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < QUERIES; i++) {
        const answer = await get(query(i));
        times.push(answer.ms);
        rows += answer.rows;
      }
      times.sort((a, b) => a - b);
      queries.push({
        filter: name,
        p50_ms: round(percentile(times, 50)),
        p95_ms: round(percentile(times, 95)),
        mean_rows: round(rows / QUERIES),
      });
      console.error(JSON.stringify(queries[queries.length - 1]));
    }

    // The export through a real socket, read as it comes: light-my-request would hold the whole body.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;
    const exports: Export[] = [];
    for (const [projectId, filter, entries] of [
      [exported, 'after=2000-01-01&action=created', 100_000 / AUDIT_ACTIONS.length],
      [exported, '', 100_000],
    ] as const) {
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      let peak = heapBefore;
      // The live heap, collected before each sample (the bench runs with --expose-gc): what the export holds, not the
      // garbage it has not yet freed.
      const sampler = setInterval(() => {
        global.gc?.();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }, 100);
      const t0 = performance.now();
      const link = await app.inject({
        method: 'GET',
        url: `/api/projects/auditexport/${projectId}?${filter}`,
        headers: bench.headers,
      });
      const { url } = link.json<{ url: string }>();
      const res = await fetch(`${base}${url}`, { headers: { cookie: bench.headers.cookie! } });
      if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
      let bytes = 0;
      let lines = 0;
      const reader = res.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        bytes += read.value.byteLength;
        for (const byte of read.value) if (byte === 10) lines++;
      }
      clearInterval(sampler);
      // Each export is itself in the trail (an `exported` entry, written before its file streams).
      if (Math.abs(lines - 1 - entries) > exports.length + 1)
        throw new Error(`export gave ${lines - 1} lines, not about ${entries}`);
      exports.push({
        entries: lines - 1,
        seconds: round((performance.now() - t0) / 1000, 2),
        bytes,
        heap_before_mb: mb(heapBefore),
        heap_peak_mb: mb(peak),
      });
      console.error(JSON.stringify(exports[exports.length - 1]));
    }
    return { database: label, entries: ENTRIES, fill_seconds: fillSeconds, queries, exports };
  } finally {
    await bench.close();
    await database.close();
  }
}

if (args.only) {
  process.stdout.write(`${JSON.stringify(await measure(args.only as 'pglite' | 'postgres'))}\n`);
  process.exit(0);
}

const { execFileSync } = await import('node:child_process');
const results: Figures[] = [];
for (const label of ['pglite', 'postgres'] as const) {
  if (args.database !== 'both' && args.database !== label) continue;
  const output = execFileSync(
    process.execPath,
    [
      '--expose-gc',
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      '--only',
      label,
      '--entries',
      String(ENTRIES),
      '--queries',
      String(QUERIES),
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  results.push(JSON.parse(output.trim().split('\n').pop()!) as Figures);
}
const report = {
  at: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  loadavg: os.loadavg(),
  audit: results,
};
const md = [
  `# Audit trail (${report.at}, Node ${report.node}, ${report.cpus} CPUs, load ${report.loadavg.map((l) => l.toFixed(1)).join(' ')})`,
  '',
  `GET projects/audit/{id} through the API (limit 50 unless said), ${QUERIES} queries per filter, on a project of`,
  `${ENTRIES.toLocaleString('en')} entries beside one of ${(ENTRIES / 5).toLocaleString('en')}; then the CSV export through a real socket.`,
  '',
  ...results.flatMap((r) => [
    `## ${r.database} (filled in ${r.fill_seconds} s)`,
    '',
    '| filter | p50 | p95 | rows (mean) |',
    '|---|---:|---:|---:|',
    ...r.queries.map((q) => `| ${q.filter} | ${q.p50_ms} ms | ${q.p95_ms} ms | ${q.mean_rows} |`),
    '',
    '| export | time | size | heap before | heap peak |',
    '|---:|---:|---:|---:|---:|',
    ...r.exports.map(
      (e) =>
        `| ${e.entries.toLocaleString('en')} entries | ${e.seconds} s | ${mb(e.bytes)} MB | ${e.heap_before_mb} MB | ${e.heap_peak_mb} MB |`,
    ),
    '',
  ]),
].join('\n');
writeResults({
  scenario: 'audit',
  scale: ENTRIES >= 1_000_000 ? `${ENTRIES / 1_000_000}M` : ENTRIES,
  args,
  json: report,
  markdown: md,
});
