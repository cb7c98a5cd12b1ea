import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { checkRequirement, qualityText } from '@reqloom/domain/quality';
import { buildApp, loadConfig } from '@reqloom/server';
import { generateProject } from './generate';
import { benchArgs, machineNow, openBenchDatabase, startBenchApp, writeResults } from './harness';
import { percentile } from './load-worker';
import { qualityRequirements } from './quality-text';

// Requirement quality (decisions §25, issue 38) through the API: GET documents/quality of one document of N
// requirements (default 5,000; 50 categories; realistic text with vague words, TBD, passive voice, French, lists).
// Cold: every requirement's text changed since the last read (nothing kept), so every one is checked; warm: read
// again. While each cold read runs, a small request (GET user) is sent every 10 ms: its latency says whether the
// server still answers. Twice: as the server runs (a large batch on the quality thread) and with every check on the
// server's thread in slices (`threadFrom: Infinity`), the alternative. Bare reference beside it: GET
// documents/requirements of the same document. Aim: ≤ 500 ms. Results: bench/results/quality-document-<n>-<date>.

const args = benchArgs(
  'npm run bench:quality-document -- [--requirements 5000] [--runs 5] [--database pglite|postgres] [--label name]',
  {
    requirements: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '5' },
    database: { type: 'string', default: 'postgres' },
  },
);
const N = Math.max(100, Number(args.requirements));
const RUNS = Math.max(3, Number(args.runs));
const kind = args.database === 'pglite' ? 'pglite' : 'postgres';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reqloom_bench_quality';

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50_ms: round(percentile(sorted, 50)), max_ms: round(sorted.at(-1)!), n: sorted.length };
};
const show = (s: { p50_ms: number; max_ms: number }) => `${s.p50_ms} / ${s.max_ms} ms`;

const database = await openBenchDatabase(kind, databaseUrl);
const bench = await startBenchApp(database, { name: 'quality' });
const inlineDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-bench-quality-inline-'));
const inline = await buildApp(loadConfig({ DATA_DIR: inlineDir, LOG_LEVEL: 'silent' }), {
  database,
  quality: { threadFrom: Infinity },
});
const { db } = bench;
try {
  // As a server does once listening: the quality thread loads its rules and language library ahead of time.
  await bench.warmUp();
  const { documentIds, requirementIds } = await generateProject(db, bench.userId, {
    documents: 1,
    requirementsPerDocument: N,
    categoriesPerDocument: 50,
    links: 0,
  });
  const documentId = documentIds[0]!;
  const texts = qualityRequirements(N);
  const ids = requirementIds[0]!;
  for (let from = 0; from < ids.length; from += 500) {
    const values = ids
      .slice(from, from + 500)
      .map((id, k) => sql`(${id}::int, ${texts[from + k]!.name}, ${texts[from + k]!.description})`);
    await db.execute(sql`update requirements r set name = v.name, description = v.description
        from (values ${sql.join(values, sql`, `)}) as v(id, name, description) where r.id = v.id`);
  }
  await db.execute(sql`vacuum analyze`);

  const get = async (app: typeof bench.app, url: string) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: bench.headers });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms, res };
  };
  const qualityUrl = `/api/documents/quality/${documentId}`;
  // Nothing kept any more: every requirement's name changes (a space more), as after an import or a restore.
  const touch = () => db.execute(sql`update requirements set name = name || ' ' where document_id = ${documentId}`);

  /** Cold reads, each with GET user every 10 ms beside it; then warm reads. */
  const scenario = async (app: typeof bench.app) => {
    const cold: number[] = [];
    const probes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await touch();
      let done = false;
      const read = get(app, qualityUrl).finally(() => (done = true));
      const probing = (async () => {
        while (!done) {
          probes.push((await get(app, '/api/user')).ms);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      cold.push((await read).ms);
      await probing;
    }
    const warm: number[] = [];
    for (let run = 0; run < RUNS; run++) warm.push((await get(app, qualityUrl)).ms);
    return { cold: stats(cold), warm: stats(warm), user_during_cold: stats(probes) };
  };

  // One read first, on each app: the code paths compiled, the answer described.
  const first = await get(bench.app, qualityUrl);
  await get(inline.app, qualityUrl);
  const answer = first.res.json<{
    data: { mean_score: number; by_rule: Record<string, number>; requirements: { language: string }[] };
  }>().data;
  const onThread = await scenario(bench.app);
  const inSlices = await scenario(inline.app);
  // The rules alone, in this thread, on the same texts: what a cold read costs before any of the server's work.
  const plain = texts.map((t) => ({ name: t.name, description: qualityText(t.description) }));
  const engine: number[] = [];
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    for (const input of plain) checkRequirement(input);
    engine.push(((performance.now() - t0) * 1000) / N);
  }
  const idle: number[] = [];
  for (let run = 0; run < 20; run++) idle.push((await get(bench.app, '/api/user')).ms);
  const bare: number[] = [];
  await get(bench.app, `/api/documents/requirements/${documentId}`);
  for (let run = 0; run < RUNS; run++)
    bare.push((await get(bench.app, `/api/documents/requirements/${documentId}`)).ms);

  const report = {
    at: new Date().toISOString(),
    node: process.version,
    database: kind,
    ...machineNow(),
    requirements: N,
    runs: RUNS,
    answer_kb: round(first.res.body.length / 1024),
    mean_score: answer.mean_score,
    french: answer.requirements.filter((r) => r.language === 'fr').length,
    by_rule: answer.by_rule,
    engine_us_per_requirement: round(
      percentile(
        [...engine].sort((a, b) => a - b),
        50,
      ),
      2,
    ),
    quality_thread: onThread,
    main_thread_in_slices: inSlices,
    user_idle: stats(idle),
    bare_document_requirements: stats(bare),
  };
  const md = [
    `# Document quality (${report.at}, ${kind}, Node ${report.node}, ${report.cpus} CPUs, load ${report.load_average.join(' ')})`,
    '',
    `One document of ${N.toLocaleString('en')} requirements (50 categories), ${report.french} in French; mean score ` +
      `${answer.mean_score}; findings by rule: ${Object.entries(answer.by_rule)
        .map(([rule, n]) => `${rule} ${n}`)
        .join(', ')}. ${RUNS} runs of each. Aim: ≤ 500 ms, with other requests still answered (issue 38).`,
    '',
    '| GET documents/quality, p50 / max | large batch on the quality thread (as served) | all on the server thread, in 8 ms slices |',
    '|---|---:|---:|',
    `| cold (every text changed) | ${show(onThread.cold)} | ${show(inSlices.cold)} |`,
    `| warm (read again) | ${show(onThread.warm)} | ${show(inSlices.warm)} |`,
    `| GET user every 10 ms during the cold reads | ${show(onThread.user_during_cold)} (${onThread.user_during_cold.n}) | ${show(inSlices.user_during_cold)} (${inSlices.user_during_cold.n}) |`,
    '',
    `The rules alone: ${report.engine_us_per_requirement} µs a requirement (p50 of 3 passes over the texts). ` +
      `GET user alone: ${show(report.user_idle)}. Bare reference, GET documents/requirements of the same document: ` +
      `${show(report.bare_document_requirements)}. Answer: ${report.answer_kb} KB.`,
    '',
  ].join('\n');
  console.log(md);
  writeResults({ scenario: 'quality-document', scale: `${N / 1000}k`, args, json: report, markdown: md });
} finally {
  await inline.app.close();
  fs.rmSync(inlineDir, { recursive: true, force: true });
  await bench.close();
  await database.close();
}
process.exit(0);
