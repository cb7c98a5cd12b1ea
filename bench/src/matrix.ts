import os from 'node:os';
import { sql } from 'drizzle-orm';
import { generateProject } from './generate';
import { benchArgs, openBenchDatabase, startBenchApp, writeResults } from './harness';
import { percentile } from './load-worker';

// The traceability matrix (decisions §24, issue 37) through the API: GET projects/matrix of two documents of N
// requirements each (default 5,000; 50 categories each, 7,500 links between them, 5% of the parents changed since
// their links so that some are suspect), with each filter, and the .xlsx and .csv exports (the link, then the file;
// built on the export thread, one warm-up first).
// Aim: ≤ 300 ms for the matrix of two 5,000-requirement documents. Bare reference beside it: the plain SQL read of the
// same rows (the parent document's requirements, and the links between the two documents with their children),
// nothing computed. Results: bench/results/matrix-<n>-<date>[-<label>].{json,md}.

const args = benchArgs(
  'npm run bench:matrix -- [--requirements 5000] [--runs 10] [--database pglite|postgres] [--label name]',
  {
    requirements: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '10' },
    database: { type: 'string', default: 'postgres' },
  },
);
const N = Math.max(100, Number(args.requirements));
const RUNS = Math.max(3, Number(args.runs));
const kind = args.database === 'pglite' ? 'pglite' : 'postgres';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reqloom_bench_matrix';

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    max_ms: round(sorted.at(-1)!),
  };
};

const database = await openBenchDatabase(kind, databaseUrl);
const bench = await startBenchApp(database, { name: 'matrix' });
const { app, db } = bench;
try {
  const shape = { documents: 2, requirementsPerDocument: N, categoriesPerDocument: 50, links: Math.round(N * 1.5) };
  const { projectId, documentIds } = await generateProject(db, bench.userId, shape);
  const [parent, child] = documentIds as [number, number];
  // 5% of the parents changed after their links were made: their links are suspect (decisions §22).
  await db.execute(sql`update requirements set content_changed_at = now() + interval '1 minute'
      where document_id = ${parent} and id % 20 = 0`);
  await db.execute(sql`analyze`);

  const get = async (url: string) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: bench.headers });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms, res };
  };
  const q = `parent_document_id=${parent}&child_document_id=${child}`;
  const measure = async (url: string) => {
    await get(url); // warm
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) times.push((await get(url)).ms);
    return stats(times);
  };

  const all = await get(`/api/projects/matrix/${projectId}?${q}`);
  const answer = all.res.json<{ data: { rows: { links: { suspect: boolean }[] }[]; coverage: unknown } }>().data;
  const suspectLinks = answer.rows.reduce((n, r) => n + r.links.filter((l) => l.suspect).length, 0);
  const matrix = {
    all: await measure(`/api/projects/matrix/${projectId}?${q}&filter=all`),
    uncovered: await measure(`/api/projects/matrix/${projectId}?${q}&filter=uncovered`),
    suspect: await measure(`/api/projects/matrix/${projectId}?${q}&filter=suspect`),
    answer_kb: round(all.res.body.length / 1024),
  };

  const bare: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const t0 = performance.now();
    await Promise.all([
      db.execute(sql`select id, name, status, category_id, position, reference_number
          from requirements where document_id = ${parent}`),
      db.execute(sql`select l.parent_id, c.id, c.name, c.status, c.category_id, c.position, c.reference_number
          from requirements p join requirement_links l on l.parent_id = p.id join requirements c on c.id = l.child_id
         where p.document_id = ${parent} and c.document_id = ${child}`),
    ]);
    if (run > 0) bare.push(performance.now() - t0);
  }

  const exports: Record<string, ReturnType<typeof stats> & { kb: number }> = {};
  for (const format of ['xlsx', 'csv'] as const) {
    const times: number[] = [];
    let size = 0;
    // One warm-up first: the first file starts the export thread (its modules load in seconds), as a server does
    // once it listens (`warmUp`), which the bench app does not.
    for (let run = -1; run < Math.min(RUNS, 5); run++) {
      const t0 = performance.now();
      const link = await get(`/api/projects/matrixexport/${projectId}?${q}&format=${format}`);
      const file = await get(link.res.json<{ url: string }>().url);
      if (run >= 0) times.push(performance.now() - t0);
      size = file.res.rawPayload.length;
    }
    exports[format] = { ...stats(times), kb: round(size / 1024) };
  }

  const report = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadavg: os.loadavg(),
    database: kind,
    requirements_per_document: N,
    links: shape.links,
    rows: answer.rows.length,
    suspect_links: suspectLinks,
    coverage: answer.coverage,
    matrix,
    bare_sql: stats(bare),
    exports,
  };
  const ratio = round(matrix.all.p50_ms / report.bare_sql.p50_ms, 1);
  const md = [
    `# Traceability matrix (${report.at}, ${kind}, Node ${report.node}, ${report.cpus} CPUs, load ${report.loadavg
      .map((l) => l.toFixed(1))
      .join(' ')})`,
    '',
    `Two documents of ${N.toLocaleString('en')} requirements (50 categories each), ${shape.links.toLocaleString('en')} ` +
      `links between them, ${suspectLinks} suspect; ${RUNS} runs after one warm-up. Aim: ≤ 300 ms (issue 37).`,
    '',
    '| GET projects/matrix | p50 / p95 / max |',
    '|---|---:|',
    `| filter=all (${answer.rows.length} rows, ${matrix.answer_kb} KB) | ${matrix.all.p50_ms} / ${matrix.all.p95_ms} / ${matrix.all.max_ms} ms |`,
    `| filter=uncovered | ${matrix.uncovered.p50_ms} / ${matrix.uncovered.p95_ms} / ${matrix.uncovered.max_ms} ms |`,
    `| filter=suspect | ${matrix.suspect.p50_ms} / ${matrix.suspect.p95_ms} / ${matrix.suspect.max_ms} ms |`,
    `| bare: the same rows by plain SQL | ${report.bare_sql.p50_ms} / ${report.bare_sql.p95_ms} / ${report.bare_sql.max_ms} ms (matrix × ${ratio}) |`,
    '',
    '| export (link + file), p50 / max | time | size |',
    '|---|---:|---:|',
    ...Object.entries(exports).map(([f, s]) => `| .${f} | ${s.p50_ms} / ${s.max_ms} ms | ${s.kb} KB |`),
    '',
  ].join('\n');
  console.log(md);
  writeResults({ scenario: 'matrix', scale: `${N / 1000}k`, args, json: report, markdown: md });
} finally {
  await bench.close();
  await database.close();
}
process.exit(0);
