import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from '@reqloom/server';
import { generateProject, rng, SCALES, VOCABULARY } from './generate';
import { benchArgs, openBenchDatabase, startBenchApp, writeResults } from './harness';
import { percentile } from './load-worker';

// Issue 11 §5: POST projects/search through the API on a project of 20,000 and of 100,000 requirements (documents
// chained as in the main bench, names and descriptions drawn from a vocabulary): p50 and p95 of a word query (one
// word of the vocabulary, half of them typed without their accents) and of a reference query (an existing
// requirement's reference). Each database and scale runs in its own process. Aim: p95 under 50 ms on PostgreSQL at
// 100,000. Results: bench/results/search-<scales>-<date>[-<label>].{json,md}.

const args = benchArgs(
  'npm run bench:search -- [--queries 100] [--scales 20k,100k] [--database pglite|postgres|both] [--label name]',
  {
    queries: { type: 'string', default: '100' },
    scales: { type: 'string', default: '20k,100k' },
    database: { type: 'string', default: 'both' },
    // Internal: one database and scale, in a child process.
    only: { type: 'string' },
  },
);
const QUERIES = Math.max(10, Number(args.queries));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reqloom_bench_search';

type Figures = {
  database: string;
  scale: string;
  requirements: number;
  queries: number;
  word_p50_ms: number;
  word_p95_ms: number;
  word_mean_matches_pct: number;
  /** The same prefix match, ranked, as one bare SQL statement (15 rows): the reference of the ratio. */
  bare_sql_p50_ms: number;
  reference_p50_ms: number;
  reference_p95_ms: number;
};

/** The rows of a statement, as either driver answers them. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows);

const unaccented = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');

async function measure(label: string, scale: keyof typeof SCALES, database: Database): Promise<Figures> {
  const bench = await startBenchApp(database, { name: 'search' });
  const { app, db } = bench;
  try {
    const shape = { ...SCALES[scale], varied: true };
    const { projectId } = await generateProject(db, bench.userId, shape);
    const post = async (query: string) => {
      const began = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/projects/search/${projectId}`,
        headers: { ...bench.headers, 'content-type': 'application/json' },
        payload: { query, limit: 15 },
      });
      const ms = performance.now() - began;
      if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${res.body}`);
      return { ms, results: res.json<{ data: { reference: string }[] }>().data };
    };
    // References of requirements at the document roots (category null): `D{d}_{nnn}`.
    const rootRows = rowsOf<{ acronym: string; reference_number: number }>(
      await db.execute(sql`
        select d.acronym, r.reference_number from requirements r join documents d on d.id = r.document_id
         where d.project_id = ${projectId} and r.category_id is null order by r.id`),
    );
    const random = rng(7);
    const total = shape.documents * shape.requirementsPerDocument;
    for (let i = 0; i < 5; i++) await post(VOCABULARY[i]!); // warm-up: prepared plans, caches
    const word: number[] = [];
    // The bare reference: the same prefix match over the project's descriptions, ranked, 15 rows, as one SQL statement
    // (the search asks up to three such tiers, then reads documents and categories and builds snippets).
    const bare: number[] = [];
    let matched = 0;
    for (let i = 0; i < QUERIES; i++) {
      const w = VOCABULARY[Math.floor(random() * VOCABULARY.length)]!;
      word.push((await post(i % 2 === 0 ? unaccented(w) : w)).ms);
      const count = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from requirements where search_vector @@ to_tsquery('pg_catalog.simple', ${`'${unaccented(w).toLowerCase()}':*`})`,
        ),
      );
      matched += Number(count[0]!.n);
      const bareBegan = performance.now();
      await db.execute(
        sql`select r.id, r.name from requirements r, to_tsquery('pg_catalog.simple', ${`'${unaccented(w).toLowerCase()}':*`}) q
             where r.document_id in (select id from documents where project_id = ${projectId}) and r.search_vector @@ q
             order by ts_rank_cd(r.search_vector, q) desc limit 15`,
      );
      bare.push(performance.now() - bareBegan);
    }
    const reference: number[] = [];
    for (let i = 0; i < QUERIES; i++) {
      const row = rootRows[Math.floor(random() * rootRows.length)]!;
      const ref = `${row.acronym}_${String(row.reference_number).padStart(3, '0')}`;
      const { ms, results } = await post(ref);
      if (results[0]?.reference !== ref) throw new Error(`${ref} was not first: ${JSON.stringify(results[0])}`);
      reference.push(ms);
    }
    word.sort((a, b) => a - b);
    bare.sort((a, b) => a - b);
    reference.sort((a, b) => a - b);
    const round = (n: number) => Number(n.toFixed(1));
    return {
      database: label,
      scale,
      requirements: total,
      queries: QUERIES,
      word_p50_ms: round(percentile(word, 50)),
      word_p95_ms: round(percentile(word, 95)),
      word_mean_matches_pct: round((matched / QUERIES / total) * 100),
      bare_sql_p50_ms: round(percentile(bare, 50)),
      reference_p50_ms: round(percentile(reference, 50)),
      reference_p95_ms: round(percentile(reference, 95)),
    };
  } finally {
    await bench.close();
  }
}

if (args.only) {
  const [label, scale] = args.only.split(':') as ['pglite' | 'postgres', keyof typeof SCALES];
  const database = await openBenchDatabase(label, databaseUrl);
  process.stdout.write(`${JSON.stringify(await measure(label, scale, database))}\n`);
  process.exit(0);
}

const { execFileSync } = await import('node:child_process');
const results: Figures[] = [];
for (const scale of args.scales.split(',') as (keyof typeof SCALES)[]) {
  for (const label of ['pglite', 'postgres'] as const) {
    if (args.database !== 'both' && args.database !== label) continue;
    const output = execFileSync(
      process.execPath,
      [
        ...process.execArgv,
        fileURLToPath(import.meta.url),
        '--only',
        `${label}:${scale}`,
        '--queries',
        String(QUERIES),
      ],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    results.push(JSON.parse(output.trim().split('\n').pop()!) as Figures);
    console.log(JSON.stringify(results[results.length - 1]));
  }
}
const report = {
  at: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  loadavg: os.loadavg().map((l) => Math.round(l * 100) / 100),
  search: results,
};
const md = [
  `# Search (${report.at}, Node ${report.node}, ${report.cpus} CPUs)`,
  '',
  `POST projects/search through the API, limit 15, ${QUERIES} queries of each kind.`,
  '',
  '| database | requirements | word p50 | word p95 | bare SQL p50 | × bare | a word matches (mean) | reference p50 | reference p95 |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.database} | ${r.requirements.toLocaleString('en')} | ${r.word_p50_ms} ms | ${r.word_p95_ms} ms | ${r.bare_sql_p50_ms} ms | ${(r.word_p50_ms / r.bare_sql_p50_ms).toFixed(1)}× | ${r.word_mean_matches_pct} % | ${r.reference_p50_ms} ms | ${r.reference_p95_ms} ms |`,
  ),
  '',
].join('\n');
writeResults({ scenario: 'search', scale: args.scales, args, json: report, markdown: md });
console.log(md);
process.exit(0);
