import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Database } from '@reqloom/server';
import { generateProject } from './generate';
import { benchArgs, openBenchDatabase, startBenchApp, writeResults } from './harness';
import { percentile } from './load-worker';

// Issue 12 §4, through the API over real HTTP, as a browser does, each operation in a process of its own (its peak
// resident set is the operation's):
// - word: the Word export of a 1,000-requirement document (the middle one of three chained documents, so its export
//   carries traceability both ways and two matrices): the link, then the download;
// - reqif-export: the ReqIF export of that document (the file holds its two linked documents too: 3,000
//   requirements and their links);
// - reqif-import: the import of a 1,000-object ReqIF file (a 1,000-requirement document in 20 categories), while
//   another client reads a document every 20 ms: how long those reads waited is how much the import blocked them.
// Results: bench/results/interchange-1k-<date>[-<label>].{json,md}.

const args = benchArgs('npm run bench:interchange -- [--runs 5] [--database pglite|postgres|both] [--label name]', {
  runs: { type: 'string', default: '5' },
  database: { type: 'string', default: 'both' },
  // Internal: one database and operation, in a child process.
  only: { type: 'string' },
  op: { type: 'string' },
});
const RUNS = Math.max(1, Number(args.runs));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reqloom_bench_interchange';

const OPERATIONS = ['word', 'reqif-export', 'reqif-import'] as const;
type Operation = (typeof OPERATIONS)[number];

type Figures = {
  operation: Operation;
  database: string;
  requirements: number;
  runs: number;
  bytes: number;
  p50_s: number;
  max_s: number;
  peak_rss_before_mb: number;
  peak_rss_mb: number;
  /** reqif-import: the reads of another client during the imports (ms). */
  concurrent_read_p50_ms?: number;
  concurrent_read_max_ms?: number;
  idle_read_p50_ms?: number;
};

async function measure(label: string, database: Database, operation: Operation): Promise<Figures> {
  const bench = await startBenchApp(database, { name: 'interchange' });
  const { app, db, headers } = bench;
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const get = async (url: string) => {
      const res = await fetch(`${base}${url}`, { headers });
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      return res;
    };
    const download = async (kind: string, documentId: number) => {
      const { url } = (await (await get(`/api/documents/${kind}/${documentId}`)).json()) as { url: string };
      return Buffer.from(await (await get(url)).arrayBuffer());
    };

    // The chained documents for the exports; for the import, the file is a single document's ReqIF export.
    const chained = { documents: 3, requirementsPerDocument: 1000, categoriesPerDocument: 20, links: 2000 };
    const single = { documents: 1, requirementsPerDocument: 1000, categoriesPerDocument: 20, links: 0 };
    const generated = await generateProject(db, bench.userId, operation === 'reqif-import' ? single : chained);
    const documentId = generated.documentIds[operation === 'reqif-import' ? 0 : 1]!;
    const importFile = operation === 'reqif-import' ? await download('exportreqif', documentId) : null;
    const projectId = generated.projectId;

    const run = async (): Promise<number> => {
      if (operation === 'word') return (await download('exportmsword', documentId)).length;
      if (operation === 'reqif-export') return (await download('exportreqif', documentId)).length;
      const form = new FormData();
      form.append('project_id', String(projectId));
      form.append('file', new Blob([importFile!]), 'bench.reqif');
      const res = await fetch(`${base}/api/documents/importreqif`, { method: 'POST', headers, body: form });
      if (res.status !== 201) throw new Error(`import answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      return importFile!.length;
    };

    // Another client's reads, every 20 ms, timed.
    const reads: number[] = [];
    let reading = false;
    const reader = async () => {
      while (reading) {
        const began = performance.now();
        await get(`/api/documents/${documentId}`).then((r) => r.arrayBuffer());
        reads.push(performance.now() - began);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    let idle: number[] = [];
    if (operation === 'reqif-import') {
      reading = true;
      const loop = reader();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      reading = false;
      await loop;
      idle = reads.splice(0);
    }

    const times: number[] = [];
    let bytes = 0;
    let peak = 0;
    // Each database and operation runs in a process of its own (see the end), so the process's peak resident set
    // is this measure's: before the operation (the app, the database, the generated data) and at its highest after.
    const before = process.resourceUsage().maxRSS;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      for (let i = 0; i < RUNS + 1; i++) {
        reading = operation === 'reqif-import' && i > 0;
        const loop = reading ? reader() : Promise.resolve();
        const began = performance.now();
        bytes = await run();
        const took = (performance.now() - began) / 1000;
        reading = false;
        await loop;
        // The first run warms up (module loading, prepared statements): it is not counted.
        if (i > 0) times.push(took);
        else reads.splice(0);
      }
    } finally {
      clearInterval(sampler);
    }
    times.sort((a, b) => a - b);
    reads.sort((a, b) => a - b);
    idle.sort((a, b) => a - b);
    return {
      operation,
      database: label,
      requirements: 1000,
      runs: RUNS,
      bytes,
      p50_s: Number(percentile(times, 50).toFixed(3)),
      max_s: Number(times[times.length - 1]!.toFixed(3)),
      peak_rss_before_mb: Math.round(before / 1024),
      peak_rss_mb: Math.round(Math.max(process.resourceUsage().maxRSS * 1024, peak) / 1024 / 1024),
      ...(operation === 'reqif-import'
        ? {
            concurrent_read_p50_ms: Number(percentile(reads, 50).toFixed(1)),
            concurrent_read_max_ms: Number(reads[reads.length - 1]!.toFixed(1)),
            idle_read_p50_ms: Number(percentile(idle, 50).toFixed(1)),
          }
        : {}),
    };
  } finally {
    await bench.close();
  }
}

// One process per database and operation: a peak resident set is a process's whole life.
const only = args.only;
if (only === 'pglite' || only === 'postgres') {
  const operation = args.op as Operation;
  const figures = await measure(only, await openBenchDatabase(only, databaseUrl), operation);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  process.exit(0);
}
const results: Figures[] = [];
for (const operation of OPERATIONS) {
  for (const name of ['pglite', 'postgres'] as const) {
    if (args.database !== 'both' && args.database !== name) continue;
    const output = execFileSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--only', name, '--op', operation, '--runs', String(RUNS)],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    results.push(JSON.parse(output.trim().split('\n').pop()!) as Figures);
  }
}
const report = { at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, results };
const TITLES: Record<Operation, string> = {
  word: 'Word export of a 1,000-requirement document (link + download)',
  'reqif-export': 'ReqIF export of that document (its two linked documents in the file too: 3,000 requirements)',
  'reqif-import': 'ReqIF import of a 1,000-object file (1,000 requirements, 20 categories)',
};
const md = [
  `# Interchange (${report.at}, Node ${report.node}, ${report.cpus} CPUs)`,
  '',
  "Through the API over HTTP. Peak memory is the process's peak resident set: before the operations (app, database",
  'and data) and after them; each operation and database runs in a process of its own.',
  '',
  ...OPERATIONS.flatMap((operation) => {
    const rows = results.filter((r) => r.operation === operation);
    if (rows.length === 0) return [];
    const importing = operation === 'reqif-import';
    return [
      `## ${TITLES[operation]}`,
      '',
      `| database | runs | file | p50 | max | peak RSS before | peak RSS after |${importing ? ' reads meanwhile p50 / max | reads idle p50 |' : ''}`,
      `|---|---:|---:|---:|---:|---:|---:|${importing ? '---:|---:|' : ''}`,
      ...rows.map(
        (r) =>
          `| ${r.database} | ${r.runs} | ${(r.bytes / 1024).toFixed(0)} KB | ${r.p50_s} s | ${r.max_s} s | ${r.peak_rss_before_mb} MB | ${r.peak_rss_mb} MB |` +
          (importing
            ? ` ${r.concurrent_read_p50_ms} / ${r.concurrent_read_max_ms} ms | ${r.idle_read_p50_ms} ms |`
            : ''),
      ),
      '',
    ];
  }),
].join('\n');
writeResults({ scenario: 'interchange', scale: '1k', args, json: report, markdown: md });
console.log(md);
process.exit(0);
