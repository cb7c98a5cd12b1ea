import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Config } from '@reqloom/server';
import { generateProject, SCALES, type ScaleName } from './generate';
import { benchArgs, openBenchDatabase, startBenchApp, writeResults } from './harness';
import { percentile } from './load-worker';

// Issue 34 §2: "recording must not slow writes: the bench's write figures move by at most 10 %". The API bench run
// before and after the trail could not say it: on this shared machine its figures move by up to 60 % from one run
// to the next. So this bench measures both in one process, on one database, at one time: the same writes (the
// API bench's PUT requirements/{id} of a status, and POST requirements) in short blocks, the trail on for one block
// and off for the next (config.auditWrites, which only a bench changes), the order swapped at every pair (ABBA), so
// that whatever the machine does meanwhile falls on both alike. The switch skips the writing of the entries (their
// INSERT); the facts the services collect in memory are still built. Results:
// bench/results/audit-writes-<scale>-<driver>-<date>[-<label>].{json,md}.

const args = benchArgs(
  'npm run bench:audit-writes -- [--scale small|20k] [--driver postgres|pglite] [--pairs 30] [--block 20] [--label name]',
  {
    scale: { type: 'string', default: '20k' },
    driver: { type: 'string', default: 'postgres' },
    pairs: { type: 'string', default: '30' },
    block: { type: 'string', default: '20' },
  },
);
if (!(args.scale in SCALES)) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(', ')}`);
if (args.driver !== 'postgres' && args.driver !== 'pglite') throw new Error('--driver must be postgres or pglite');
const driver = args.driver;
const shape = SCALES[args.scale as ScaleName];
const PAIRS = Math.max(2, Number(args.pairs));
const BLOCK = Math.max(5, Number(args.block));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reqloom_bench_audit_writes';

type Variant = 'with_audit' | 'without_audit';
type Op = 'PUT requirements/{id} (status)' | 'POST requirements';
const OPS: Op[] = ['PUT requirements/{id} (status)', 'POST requirements'];

const database = await openBenchDatabase(driver, databaseUrl);
let config: Config | undefined;
const bench = await startBenchApp(database, { name: 'audit-writes', configure: (c) => void (config = c) });
if (!config) throw new Error('the bench app gave no configuration');
const appConfig: Config = config;
console.log(`${driver}: generating ${shape.documents} × ${shape.requirementsPerDocument} requirements…`);
const data = await generateProject(bench.db, bench.userId, shape);
const middle = Math.floor(data.documentIds.length / 2);
const doc = data.documentIds[middle]!;
const reqs = data.requirementIds[middle]!;

let calls = 0;
async function call(op: Op): Promise<number> {
  const i = calls++;
  const started = performance.now();
  const res =
    op === 'POST requirements'
      ? await bench.app.inject({
          method: 'POST',
          url: '/api/requirements',
          headers: bench.headers,
          payload: { document_id: doc, category_id: null, name: `Bench ${i}`, description: '<p>bench</p>' },
        })
      : await bench.app.inject({
          method: 'PUT',
          url: `/api/requirements/${reqs[(i * 7) % reqs.length]}`,
          headers: bench.headers,
          payload: { status: (i % 3) + 1 },
        });
  const ms = performance.now() - started;
  if (res.statusCode >= 300) throw new Error(`${op}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return ms;
}

const entries = async () => {
  const result: unknown = await bench.db.execute(sql`select count(*)::int as n from audit_entries`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
  return Number(rows[0]!.n);
};

// Warm-up with the trail on and off, so that both paths' statements are prepared and their pages cached.
for (const on of [true, false]) {
  appConfig.auditWrites = on;
  for (let i = 0; i < 100; i++) for (const op of OPS) await call(op);
}

const times: Record<Variant, Record<Op, number[]>> = {
  with_audit: { 'PUT requirements/{id} (status)': [], 'POST requirements': [] },
  without_audit: { 'PUT requirements/{id} (status)': [], 'POST requirements': [] },
};
// Per pair, the ratio of the block medians: a pair shares the machine's state of that moment.
const pairRatios: Record<Op, number[]> = { 'PUT requirements/{id} (status)': [], 'POST requirements': [] };
const written: Record<Variant, number> = { with_audit: 0, without_audit: 0 };
for (let pair = 0; pair < PAIRS; pair++) {
  const order: Variant[] = pair % 2 === 0 ? ['with_audit', 'without_audit'] : ['without_audit', 'with_audit'];
  const medians: Partial<Record<Variant, Record<Op, number>>> = {};
  for (const variant of order) {
    appConfig.auditWrites = variant === 'with_audit';
    const before = await entries();
    const block: Record<Op, number[]> = { 'PUT requirements/{id} (status)': [], 'POST requirements': [] };
    for (let i = 0; i < BLOCK; i++) for (const op of OPS) block[op].push(await call(op));
    written[variant] += (await entries()) - before;
    for (const op of OPS) times[variant][op].push(...block[op]);
    medians[variant] = Object.fromEntries(
      OPS.map((op) => [
        op,
        percentile(
          [...block[op]].sort((a, b) => a - b),
          50,
        ),
      ]),
    ) as Record<Op, number>;
  }
  for (const op of OPS) pairRatios[op].push(medians.with_audit![op] / medians.without_audit![op]);
  process.stdout.write(`\r  pair ${pair + 1}/${PAIRS}`);
}
appConfig.auditWrites = true;
console.log('');
// The switch must do what it says, or the comparison means nothing.
// Each POST writes an entry; a PUT whose status was already the one sent changes nothing and writes none.
if (written.without_audit !== 0 || written.with_audit < PAIRS * BLOCK || written.with_audit > PAIRS * BLOCK * 2)
  throw new Error(`audit entries written: ${JSON.stringify(written)}`);

const round = (n: number, digits = 3) => Number(n.toFixed(digits));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const figures = OPS.map((op) => {
  const w = sorted(times.with_audit[op]);
  const wo = sorted(times.without_audit[op]);
  const ratios = sorted(pairRatios[op]);
  return {
    operation: op,
    calls_each: w.length,
    with_audit: { p50_ms: percentile(w, 50), p95_ms: percentile(w, 95), mean_ms: round(mean(w)) },
    without_audit: { p50_ms: percentile(wo, 50), p95_ms: percentile(wo, 95), mean_ms: round(mean(wo)) },
    ratio_p50: round(percentile(w, 50) / percentile(wo, 50)),
    ratio_p95: round(percentile(w, 95) / percentile(wo, 95)),
    ratio_mean: round(mean(w) / mean(wo)),
    pair_ratio_median: round(percentile(ratios, 50)),
    pair_ratio_p25_p75: [round(percentile(ratios, 25)), round(percentile(ratios, 75))],
  };
});
for (const f of figures)
  console.log(
    `  ${f.operation.padEnd(32)} with ${f.with_audit.p50_ms} ms / without ${f.without_audit.p50_ms} ms (p50): ` +
      `×${f.ratio_p50}; p95 ×${f.ratio_p95}; mean ×${f.ratio_mean}; median of pair ratios ×${f.pair_ratio_median}`,
  );

const date = new Date();
const report = {
  date: date.toISOString(),
  label: args.label ?? null,
  machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, loadavg: os.loadavg() },
  driver,
  scale: args.scale,
  method:
    `${PAIRS} pairs of blocks of ${BLOCK} × (PUT status, POST) in one process through Fastify inject with a session, ` +
    'the trail on in one block of a pair and off in the other, the order swapped at every pair; after 100 warm-up ' +
    'calls of each with the trail on and off. The reference run is the same calls without the trail.',
  audit_entries_written: written,
  figures,
};
const md = [
  `# Audit cost on writes: ${args.scale}, ${driver}, ${report.date}`,
  '',
  `Machine: ${report.machine.cpus} × ${report.machine.cpu}, Node ${report.machine.node}, load ${report.machine.loadavg
    .map((l) => l.toFixed(2))
    .join(' ')}.`,
  '',
  report.method,
  '',
  '| operation | calls each | with trail p50 / p95 / mean (ms) | without p50 / p95 / mean (ms) | ratio p50 | ratio p95 | ratio mean | median pair ratio (p25–p75) |',
  '|---|---|---|---|---|---|---|---|',
  ...figures.map(
    (f) =>
      `| ${f.operation} | ${f.calls_each} | ${f.with_audit.p50_ms} / ${f.with_audit.p95_ms} / ${f.with_audit.mean_ms} | ` +
      `${f.without_audit.p50_ms} / ${f.without_audit.p95_ms} / ${f.without_audit.mean_ms} | ×${f.ratio_p50} | ` +
      `×${f.ratio_p95} | ×${f.ratio_mean} | ×${f.pair_ratio_median} (${f.pair_ratio_p25_p75.join('–')}) |`,
  ),
  '',
].join('\n');
writeResults({
  scenario: 'audit-writes',
  scale: `${args.scale}-${driver === 'postgres' ? 'pg' : 'pglite'}`,
  args,
  date,
  json: report,
  markdown: md,
});
await bench.close();
await database.close();
process.exit(0);
