import os from 'node:os';
import { sql } from 'drizzle-orm';
import { createConfirmedUser } from '@reqloom/server';
import { generateProject } from './generate';
import { benchArgs, openBenchDatabase, startBenchApp, writeResults } from './harness';
import { percentile } from './load-worker';

// Reviews (decisions §23) of a 5,000-requirement document, through the API: POST reviews (the check of participants
// and documents, a baseline of the document through the baselines module, the review's rows, three invitation
// mails to the outbox), first on a project no baseline holds yet (every state stored) and then again on the
// unchanged document (states and manifest shared); GET reviews/{id} (the baseline's 5,000 items in reading order,
// with their verdicts and the feedback), without verdicts and with two approvers' verdicts on every item (10,000
// rows). The project: two documents of 5,000 requirements each, the reviewed one linked to the other by 5,000 links.
// Results: bench/results/reviews-5k-<date>[-<label>].{json,md}.

const args = benchArgs('npm run bench:reviews -- [--runs 5] [--database pglite|postgres] [--label name]', {
  runs: { type: 'string', default: '5' },
  database: { type: 'string', default: 'postgres' },
});
const RUNS = Math.max(3, Number(args.runs));
const kind = args.database === 'pglite' ? 'pglite' : 'postgres';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reqloom_bench_c';

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50_ms: round(percentile(sorted, 50)), max_ms: round(sorted[sorted.length - 1]!) };
};

const database = await openBenchDatabase(kind, databaseUrl);
const bench = await startBenchApp(database, { name: 'reviews' });
const { app, db } = bench;
try {
  const shape = { documents: 2, requirementsPerDocument: 5000, categoriesPerDocument: 20, links: 5000, varied: true };
  const { projectId, documentIds } = await generateProject(db, bench.userId, shape);
  const participants: number[] = [];
  for (const name of ['Ann', 'Bob', 'Rae']) {
    const created = await createConfirmedUser(db, {
      name,
      username: `${name.toLowerCase()}${Date.now()}`,
      email: `${name.toLowerCase()}${Date.now()}@example.com`,
      password: 'bench password',
    });
    if ('errors' in created) throw new Error(JSON.stringify(created.errors));
    participants.push(created.id);
    await db.execute(
      sql`insert into project_users (project_id, user_id, role) values (${projectId}, ${created.id}, 'reviewer')`,
    );
  }
  await db.execute(sql`analyze`);
  const documentId = documentIds[1]!;

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const t0 = performance.now();
    const res = await app.inject({ method, url, headers: bench.headers, ...(payload ? { payload } : {}) });
    const ms = performance.now() - t0;
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms, data: res.json<{ data: Record<string, unknown> }>().data, bytes: res.rawPayload.length };
  };
  let made = 0;
  const start = () =>
    call('POST', '/api/reviews', {
      project_id: projectId,
      title: `Review ${++made}`,
      document_ids: [documentId],
      participants: [
        { user_id: participants[0], role: 'approver' },
        { user_id: participants[1], role: 'approver' },
        { user_id: participants[2], role: 'reviewer' },
      ],
    });

  const first = await start();
  const again: number[] = [];
  for (let run = 0; run < RUNS; run++) again.push((await start()).ms);
  const reviewId = first.data.id as number;
  const items = (first.data.counts as { items: number }).items;

  const open: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const res = await call('GET', `/api/reviews/${reviewId}`);
    open.push(res.ms);
    bytes = res.bytes;
  }
  // Two approvers' verdicts on every item, and some feedback.
  await db.execute(sql`insert into review_verdicts (review_id, baseline_id, requirement_id, user_id, verdict, comment)
    select r.id, r.baseline_id, e.requirement_id, u.id, 'approved', 'Fine'
      from reviews r join baseline_documents bd on bd.baseline_id = r.baseline_id
      join baseline_manifest_requirements e on e.manifest_id = bd.manifest_id
      cross join (select unnest(${sql.raw(`array[${participants[0]}, ${participants[1]}]`)}::int[]) as id) u
     where r.id = ${reviewId}`);
  for (let n = 0; n < 50; n++)
    await call('POST', `/api/reviews/feedback/${reviewId}`, { kind: 'comment', content: `Feedback ${n}` }).catch(
      () => undefined,
    );
  const openWithVerdicts: number[] = [];
  let bytesWithVerdicts = 0;
  for (let run = 0; run < RUNS; run++) {
    const res = await call('GET', `/api/reviews/${reviewId}`);
    openWithVerdicts.push(res.ms);
    bytesWithVerdicts = res.bytes;
  }
  const list: number[] = [];
  for (let run = 0; run < RUNS; run++) list.push((await call('GET', `/api/projects/reviews/${projectId}`)).ms);
  const live: number[] = [];
  for (let run = 0; run < RUNS; run++) live.push((await call('GET', `/api/documents/requirements/${documentId}`)).ms);

  const report = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadavg: os.loadavg(),
    database: kind,
    items,
    start: { first_ms: round(first.ms), unchanged_document: stats(again) },
    open: {
      without_verdicts: stats(open),
      without_verdicts_kb: round(bytes / 1024),
      with_10000_verdicts: stats(openWithVerdicts),
      with_10000_verdicts_kb: round(bytesWithVerdicts / 1024),
    },
    list_of_reviews: stats(list),
    live_document: stats(live),
  };
  const md = [
    `# Reviews (${report.at}, ${kind}, Node ${report.node}, ${report.cpus} CPUs, load ${report.loadavg
      .map((l) => l.toFixed(1))
      .join(' ')})`,
    '',
    `A review of one document of ${items.toLocaleString('en')} requirements (5,000 links to another document), two ` +
      `approvers and a reviewer; ${RUNS} runs where repeated. The machine is shared and loaded: figures vary.`,
    '',
    '| what | p50 / max (or once) |',
    '|---|---:|',
    `| POST reviews, the first (every state stored) | ${report.start.first_ms} ms |`,
    `| POST reviews of the unchanged document (shared) | ${report.start.unchanged_document.p50_ms} / ${report.start.unchanged_document.max_ms} ms |`,
    `| GET reviews/{id}, no verdicts (${report.open.without_verdicts_kb} KB) | ${report.open.without_verdicts.p50_ms} / ${report.open.without_verdicts.max_ms} ms |`,
    `| GET reviews/{id}, 10,000 verdicts, 50 feedback (${report.open.with_10000_verdicts_kb} KB) | ${report.open.with_10000_verdicts.p50_ms} / ${report.open.with_10000_verdicts.max_ms} ms |`,
    `| GET projects/reviews (${RUNS + 1} reviews) | ${report.list_of_reviews.p50_ms} / ${report.list_of_reviews.max_ms} ms |`,
    `| beside: GET documents/requirements of the live document | ${report.live_document.p50_ms} / ${report.live_document.max_ms} ms |`,
    '',
  ].join('\n');
  console.log(md);
  writeResults({ scenario: 'reviews', scale: '5k', args, json: report, markdown: md });
} finally {
  await bench.close();
  await database.close();
}
process.exit(0);
