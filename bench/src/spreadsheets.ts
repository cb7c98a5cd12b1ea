import os from 'node:os';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { generateProject } from './generate';
import { benchArgs, openBenchDatabase, startBenchApp, writeResults } from './harness';
import { percentile } from './load-worker';

// A document's spreadsheets (decisions §24, issue 37) through the HTTP API of a listening server: the export of a
// document of N requirements (default 5,000; 50 categories, linked to a second document so that the parents and
// children columns are filled) to .xlsx and .csv (the link, then the file), and the dry run of a 5,000-row .xlsx
// (the document's own export with one name in ten changed: updates and unchanged rows). While each dry run runs,
// another client asks GET user every 20 ms; its max says whether the server answered meanwhile (the sheet is read on
// a thread of its own). Aims: .xlsx export ≤ 2 s, dry run ≤ 3 s. Bare references beside them: GET
// documents/requirements of the same document, and exceljs alone (no app) writing the same rows to a buffer (its
// in-memory workbook and its streaming writer) and reading the sheet back.
// Results: bench/results/spreadsheets-<n>-<date>[-<label>].{json,md}.

const args = benchArgs(
  'npm run bench:spreadsheets -- [--requirements 5000] [--runs 5] [--database pglite|postgres] [--label name]',
  {
    requirements: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '5' },
    database: { type: 'string', default: 'postgres' },
  },
);
const N = Math.max(100, Number(args.requirements));
const RUNS = Math.max(3, Number(args.runs));
const kind = args.database === 'pglite' ? 'pglite' : 'postgres';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reqloom_bench_spreadsheets';

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
type Stats = { p50_ms: number; p95_ms: number; max_ms: number };
const stats = (times: number[]): Stats => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    max_ms: round(sorted.at(-1)!),
  };
};
const timed = async <T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
};

const database = await openBenchDatabase(kind, databaseUrl);
const bench = await startBenchApp(database, { name: 'spreadsheets' });
const { app, db, headers } = bench;
try {
  const shape = { documents: 2, requirementsPerDocument: N, categoriesPerDocument: 50, links: Math.round(N * 1.5) };
  const { documentIds } = await generateProject(db, bench.userId, shape);
  const documentId = documentIds[0]!;
  const base = await app.listen({ host: '127.0.0.1', port: 0 });

  const get = async (url: string) => {
    const res = await fetch(`${base}${url}`, { headers });
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return Buffer.from(await res.arrayBuffer());
  };
  const download = async (format: 'xlsx' | 'csv') => {
    const { url } = JSON.parse((await get(`/api/documents/export${format}/${documentId}`)).toString()) as {
      url: string;
    };
    return get(url);
  };

  // Exports: one warm-up, then RUNS timed (link + file).
  const exports: Record<string, Stats & { kb: number }> = {};
  const files: Record<string, Buffer> = {};
  for (const format of ['xlsx', 'csv'] as const) {
    files[format] = await download(format);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) times.push((await timed(() => download(format))).ms);
    exports[format] = { ...stats(times), kb: round(files[format].length / 1024) };
  }
  const listTimes: number[] = [];
  await get(`/api/documents/requirements/${documentId}`);
  for (let run = 0; run < RUNS; run++)
    listTimes.push((await timed(() => get(`/api/documents/requirements/${documentId}`))).ms);

  // Bare exceljs: the exported rows read back, then written again by the in-memory workbook and the streaming writer.
  const readBack = await timed(async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(files.xlsx! as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) =>
      rows.push((row.values as unknown[]).slice(1).map((v) => (typeof v === 'string' ? v : ''))),
    );
    return { book, rows };
  });
  const { rows } = readBack.value;
  const bareWorkbook = await timed(async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Requirements');
    for (const row of rows) sheet.addRow(row);
    return (await book.xlsx.writeBuffer()).byteLength;
  });
  const bareStream = await timed(async () => {
    const out = new PassThrough();
    let bytes = 0;
    out.on('data', (chunk: Buffer) => (bytes += chunk.length));
    const ended = new Promise((resolve) => out.on('end', resolve));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
    const sheet = book.addWorksheet('Requirements');
    for (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await book.commit();
    await ended;
    return bytes;
  });

  // The sheet to dry-run: the export with one name in ten changed (updates), the rest unchanged.
  const nameColumn = rows[0]!.indexOf('name') + 1;
  const sheetBook = readBack.value.book;
  sheetBook.worksheets[0]!.eachRow((row, number) => {
    if (number > 1 && number % 10 === 0) row.getCell(nameColumn).value = `${row.getCell(nameColumn).text} (v2)`;
  });
  const sheet = Buffer.from(await sheetBook.xlsx.writeBuffer());
  const dryRun = async () => {
    const form = new FormData();
    form.append('document_id', String(documentId));
    form.append('file', new Blob([sheet]), 'bench.xlsx');
    const res = await fetch(`${base}/api/documents/importxlsx`, { method: 'POST', headers, body: form });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`dry run answered ${res.status}: ${body.slice(0, 300)}`);
    return JSON.parse(body) as { data: { rows: { action: string }[] } };
  };

  // Another client: GET user every 20 ms while `reading` holds, timed.
  const polls: number[] = [];
  let polling = false;
  const poller = async () => {
    while (polling) {
      polls.push((await timed(() => get('/api/user'))).ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  polling = true;
  let loop = poller();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  polling = false;
  await loop;
  const idle = stats(polls.splice(0));

  const plan = await dryRun(); // warm-up: the reading thread's start and its modules
  const actions: Record<string, number> = {};
  for (const row of plan.data.rows) actions[row.action] = (actions[row.action] ?? 0) + 1;
  const dryTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    polling = true;
    loop = poller();
    dryTimes.push((await timed(dryRun)).ms);
    polling = false;
    await loop;
  }
  const during = stats(polls);

  const report = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadavg: os.loadavg(),
    database: kind,
    requirements: N,
    exports,
    get_document_requirements: stats(listTimes),
    bare_exceljs: {
      read_ms: round(readBack.ms),
      write_workbook_ms: round(bareWorkbook.ms),
      write_stream_ms: round(bareStream.ms),
    },
    dry_run: { ...stats(dryTimes), sheet_kb: round(sheet.length / 1024), rows: plan.data.rows.length, actions },
    get_user_idle: idle,
    get_user_during_dry_runs: { ...during, requests: polls.length },
  };
  const md = [
    `# Spreadsheets (${report.at}, ${kind}, Node ${report.node}, ${report.cpus} CPUs, load ${report.loadavg
      .map((l) => l.toFixed(1))
      .join(' ')})`,
    '',
    `A document of ${N.toLocaleString('en')} requirements (50 categories), linked to a second one; ${RUNS} runs after ` +
      'one warm-up, over HTTP. Aims (issue 37): .xlsx export ≤ 2 s; dry run of a 5,000-row sheet ≤ 3 s, other ' +
      'requests answered meanwhile.',
    '',
    '| measure | p50 / p95 / max | size |',
    '|---|---:|---:|',
    ...Object.entries(exports).map(
      ([f, s]) => `| export .${f} (link + file) | ${s.p50_ms} / ${s.p95_ms} / ${s.max_ms} ms | ${s.kb} KB |`,
    ),
    `| bare: GET documents/requirements of the document | ${report.get_document_requirements.p50_ms} / ${report.get_document_requirements.p95_ms} / ${report.get_document_requirements.max_ms} ms | |`,
    `| bare: exceljs writes the rows, in-memory workbook (one run) | ${report.bare_exceljs.write_workbook_ms} ms | |`,
    `| bare: exceljs writes the rows, streaming writer (one run) | ${report.bare_exceljs.write_stream_ms} ms | |`,
    `| dry run of the .xlsx (${plan.data.rows.length} rows: ${Object.entries(actions)
      .map(([a, n]) => `${n} ${a}`)
      .join(
        ', ',
      )}) | ${report.dry_run.p50_ms} / ${report.dry_run.p95_ms} / ${report.dry_run.max_ms} ms | ${report.dry_run.sheet_kb} KB |`,
    `| bare: exceljs reads the sheet (one run) | ${report.bare_exceljs.read_ms} ms | |`,
    '',
    '| GET user, every 20 ms | p50 / p95 / max | requests |',
    '|---|---:|---:|',
    `| idle (1 s) | ${idle.p50_ms} / ${idle.p95_ms} / ${idle.max_ms} ms | |`,
    `| during the dry runs | ${during.p50_ms} / ${during.p95_ms} / ${during.max_ms} ms | ${polls.length} |`,
    '',
  ].join('\n');
  console.log(md);
  writeResults({ scenario: 'spreadsheets', scale: `${N / 1000}k`, args, json: report, markdown: md });
} finally {
  await bench.close();
  await database.close();
}
process.exit(0);
