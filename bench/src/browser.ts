import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { openDatabase, schema } from '@reqloom/server';
import { firstFrameWith, fromLink, inFrames, signedInContext, withChromium } from './chromium';
import { generateProject } from './generate';
import { benchArgs, machineNow, skipTours, startBenchApp, timingOf, writeResults } from './harness';

// The document view in Chromium (Debian's, as the e2e suite): for each size, a project of two linked documents
// is generated and the child document (coverage shown) is measured:
//  - time to the first frame with a requirement row, from navigation start on a full page load (HTML, scripts,
//    API calls; by the page's clock, `noteFirstFrameWith`), and from a click in the side bar of an already loaded project page (what a user moving between documents
//    waits for);
//  - 5 s of scrolling the page by 60 px a frame: frames per second (requestAnimationFrame count), the longest
//    frame, the frames over 33 ms, and the most requirement rows ever in the page;
//  - the page's JS heap once the rows show.
// PGlite in process with the built web client (`npm run build -w @reqloom/web` first). Results:
// bench/results/browser-<sizes>-<date>[-<label>].{json,md}.

const USAGE =
  'npm run bench:browser -- [--sizes 500,1000,5000] [--runs 5] [--scroll-ms 5000] [--profile] [--profile-dir dir] [--label name]';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const args = benchArgs(USAGE, {
  sizes: { type: 'string', default: '500,1000,5000' },
  runs: { type: 'string', default: '5' },
  'scroll-ms': { type: 'string', default: '5000' },
  profile: { type: 'boolean', default: false },
  // With --profile: the raw CPU profiles (.cpuprofile, for Chromium's DevTools) are also written there.
  'profile-dir': { type: 'string' },
});
const sizes = args.sizes.split(',').map(Number);
const runs = Math.max(1, Number(args.runs));
const scrollMs = Math.min(30_000, Number(args['scroll-ms']));
// WEB_DIST measures another build of the client (an earlier commit's, to compare).
const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  throw new Error('The web client is not built: run `npm run build -w @reqloom/web` first.');
}

const FIRST_ROW = '[role="row"][data-index="0"]';

type Scroll = { fps: number; frames: number; longest_frame_ms: number; frames_over_33ms: number; max_rows: number };
type SizeResult = {
  requirements: number;
  first_row_full_load_ms: { p50: number; min: number; max: number; runs: number[] };
  first_row_from_side_bar_ms: { p50: number; min: number; max: number; runs: number[] };
  scroll: Scroll;
  js_heap_mb: number;
  response_kb: number;
  /** The last full load's scripts and API calls: start → end, from navigation start. */
  waterfall: string[];
};

/** Scrolls whatever scrolls the rows (the page, or a box inside it) for `ms`, counting frames. */
async function scroll(page: Page, ms: number): Promise<Scroll> {
  return page.evaluate(
    ([duration, step]) =>
      new Promise<Scroll>((resolve) => {
        const table = document.querySelector('[role="table"]') as HTMLElement;
        const box = table.scrollHeight > table.clientHeight + 1 ? table : document.scrollingElement!;
        let frames = 0;
        let longest = 0;
        let slow = 0;
        let maxRows = 0;
        let direction = 1;
        const started = performance.now();
        let last = started;
        const frame = (now: number) => {
          const gap = now - last;
          last = now;
          if (frames > 0) {
            longest = Math.max(longest, gap);
            if (gap > 33) slow++;
          }
          frames++;
          maxRows = Math.max(maxRows, table.querySelectorAll('[role="row"]').length - 1);
          // Back and forth over the whole list, so that rows keep being made and dropped.
          if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) direction = -1;
          else if (box.scrollTop <= 0) direction = 1;
          box.scrollTop += direction * step;
          if (now - started < duration) requestAnimationFrame(frame);
          else
            resolve({
              fps: Math.round((frames / ((now - started) / 1000)) * 10) / 10,
              frames,
              longest_frame_ms: Math.round(longest),
              frames_over_33ms: slow,
              max_rows: maxRows,
            });
        };
        requestAnimationFrame((now) => {
          last = now;
          frame(now);
        });
      }),
    [ms, 60] as const,
  );
}

type Profile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
};

/** `--profile`: where the time went, by function (self time), the heaviest; and by script file. */
function printProfile(profile: Profile, top = 10, name?: string): void {
  if (args['profile-dir'] && name)
    fs.writeFileSync(path.join(args['profile-dir'], `${name}.cpuprofile`), JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const files = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}`;
    const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
    self.set(key, (self.get(key) ?? 0) + ms);
    files.set(file || '(native)', (files.get(file || '(native)') ?? 0) + ms);
  });
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`      ${String(Math.round(ms)).padStart(6)} ms  ${key}`);
  console.log(
    `      by file: ${[...files]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([file, ms]) => `${file} ${Math.round(ms)}`)
      .join(', ')}`,
  );
}

async function measureSize(browser: Browser, requirements: number): Promise<SizeResult> {
  const database = await openDatabase({ dataDir: null });
  const bench = await startBenchApp(database, { name: 'browser', env: { WEB_DIST: webDist } });
  const { app, db, session, headers } = bench;
  const shape = { documents: 2, requirementsPerDocument: requirements, categoriesPerDocument: 20, links: requirements };
  const data = await generateProject(db, bench.userId, shape);
  const [project] = await db.select().from(schema.projects).where(eq(schema.projects.id, data.projectId));
  const documentId = data.documentIds[1]!;
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  // No tour over the page being measured.
  await skipTours(bench);
  const listed = await app.inject({ method: 'GET', url: `/api/documents/requirements/${documentId}`, headers });
  const projectPath = `/project/bench/${project!.slug}`;
  const documentPath = `${projectPath}/detailed/document/${documentId}`;

  const context = await signedInContext(browser, base, session, {
    width: 1280,
    height: 900,
    firstFrameSelector: FIRST_ROW,
  });
  // Long tasks are not kept in the performance timeline: an observer from the start keeps them for the waterfall.
  await context.addInitScript(() => {
    const tasks: PerformanceEntry[] = [];
    (globalThis as unknown as { __longTasks: PerformanceEntry[] }).__longTasks = tasks;
    new PerformanceObserver((list) => tasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
  });
  const fullLoad: number[] = [];
  const sideBar: number[] = [];
  let heap = 0;
  let scrolled: Scroll | undefined;
  let waterfall: string[] = [];
  for (let run = 0; run < runs; run++) {
    const page = await context.newPage();
    const loadProfiler = args.profile && run === runs - 1 ? await page.context().newCDPSession(page) : undefined;
    if (loadProfiler) {
      await loadProfiler.send('Profiler.enable');
      await loadProfiler.send('Profiler.start');
    }
    await page.goto(documentPath, { waitUntil: 'commit' });
    fullLoad.push(
      await firstFrameWith(page, 60_000).catch(async (error: unknown) => {
        const shot = path.join(os.tmpdir(), 'reqloom-bench-browser-failure.png');
        await page.screenshot({ path: shot });
        throw new Error(`no requirement row at ${page.url()} (screenshot ${shot})`, { cause: error });
      }),
    );
    if (loadProfiler) {
      console.log('    full load, to the first row:');
      printProfile((await loadProfiler.send('Profiler.stop')).profile, 25, `load-${requirements}`);
    }
    if (run === runs - 1)
      waterfall = await page.evaluate(
        (firstRowAt) => {
          const resources = performance
            .getEntriesByType('resource')
            .filter((e) => /\/api\/|\.js$/.test(e.name))
            .map((e) => {
              const r = e as PerformanceResourceTiming;
              return {
                at: r.startTime,
                line: `${new URL(r.name).pathname} ${Math.round(r.startTime)}→${Math.round(r.responseEnd)} ms`,
              };
            });
          // The main thread's busy stretches (tasks over 50 ms), between the downloads they hold up.
          const tasks = ((globalThis as unknown as { __longTasks?: PerformanceEntry[] }).__longTasks ?? [])
            .filter((e) => e.startTime < firstRowAt)
            .map((e) => ({
              at: e.startTime,
              line: `(long task) ${Math.round(e.startTime)}→${Math.round(e.startTime + e.duration)} ms`,
            }));
          return [...resources, ...tasks].sort((a, b) => a.at - b.at).map((e) => e.line);
        },
        fullLoad[fullLoad.length - 1]!,
      );
    if (run === runs - 1) {
      await page.waitForTimeout(500);
      heap = await page.evaluate(
        () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
      );
      const cdp = args.profile ? await page.context().newCDPSession(page) : undefined;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      scrolled = await inFrames(page, 'scrolling', () => scroll(page, scrollMs));
      if (cdp) {
        console.log('    while scrolling:');
        printProfile((await cdp.send('Profiler.stop')).profile, 10, `scroll-${requirements}`);
      }
    }
    await page.goto(projectPath);
    const cdp = args.profile && run === runs - 1 ? await page.context().newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    sideBar.push(Math.round(await inFrames(page, 'from the side bar', () => fromLink(page, documentPath, FIRST_ROW))));
    if (cdp) {
      console.log('    from the side bar:');
      printProfile((await cdp.send('Profiler.stop')).profile, 10, `side-bar-${requirements}`);
    }
    await page.close();
  }
  await context.close();
  await bench.close();
  const result: SizeResult = {
    requirements,
    first_row_full_load_ms: timingOf(fullLoad),
    first_row_from_side_bar_ms: timingOf(sideBar),
    scroll: scrolled!,
    js_heap_mb: Math.round((heap / 1024 / 1024) * 10) / 10,
    response_kb: Math.round(listed.body.length / 1024),
    waterfall,
  };
  console.log(
    `  ${String(requirements).padStart(5)} req.: first row ${result.first_row_full_load_ms.p50} ms (full load, p50 of ` +
      `${runs}), ${result.first_row_from_side_bar_ms.p50} ms (side bar); scroll ${result.scroll.fps} fps, longest ` +
      `frame ${result.scroll.longest_frame_ms} ms, ${result.scroll.frames_over_33ms} over 33 ms, at most ` +
      `${result.scroll.max_rows} rows in the page; heap ${result.js_heap_mb} MB`,
  );
  for (const line of waterfall) console.log(`      ${line}`);
  return result;
}

const startedAt = new Date().toISOString();
const results = await withChromium(async (browser) => {
  const measured: SizeResult[] = [];
  for (const size of sizes) measured.push(await measureSize(browser, size));
  return measured;
});

const out = {
  started_at: startedAt,
  machine: machineNow(),
  browser: 'Debian chromium, headless, 1280×900',
  runs,
  scroll_ms: scrollMs,
  results,
};
const rows = results.map(
  (r) =>
    `| ${r.requirements} | ${r.first_row_full_load_ms.p50} (${r.first_row_full_load_ms.min}–${r.first_row_full_load_ms.max}) ` +
    `| ${r.first_row_from_side_bar_ms.p50} (${r.first_row_from_side_bar_ms.min}–${r.first_row_from_side_bar_ms.max}) ` +
    `| ${r.scroll.fps} | ${r.scroll.longest_frame_ms} | ${r.scroll.frames_over_33ms} | ${r.scroll.max_rows} ` +
    `| ${r.js_heap_mb} | ${r.response_kb} |`,
);
const markdown = [
  `# Document view in Chromium (${startedAt})`,
  '',
  `${out.browser}; ${runs} runs per size; load average ${out.machine.load_average.join(' ')} at the end.`,
  '',
  '| requirements | first row, full load ms p50 (min–max) | first row, from the side bar ms p50 (min–max) ' +
    '| scroll fps | longest frame ms | frames > 33 ms | most rows in page | JS heap MB | list kB |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
].join('\n');
writeResults({ scenario: 'browser', scale: args.sizes, args, date: new Date(startedAt), json: out, markdown });
console.log(`\n${markdown}`);
