import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { openDatabase, schema } from '@reqloom/server';
import { firstFrameWith, inFrames, signedInContext, withChromium } from './chromium';
import { generateProject, type Shape } from './generate';
import {
  benchArgs,
  machineNow,
  skipTours,
  startBenchApp,
  timingOf,
  timingRange,
  writeResults,
  type Timing,
} from './harness';

// The synaeptic map in Chromium (Debian's, as the e2e suite), for a project of documents in a tree (each
// document the child of one four places before it), their requirements spread over categories and as many links:
//  - time to the first frame with a requirement card, from navigation start on a full page load (by the page's
//    clock, `noteFirstFrameWith`), and from the top bar's toggle on a loaded detailed view; the time until every
//    document's requirements are on the map;
//  - 5 s of panning with the wheel (a step each frame, back and forth): frames per second (requestAnimationFrame
//    count), the longest frame, the frames over 33 ms, the most cards ever in the page;
//  - the page's JS heap once the map is complete.
// `--profile` prints where the pan's JavaScript time went; `--trace` where every thread's time went (style, layout,
// paint, raster, compositing: what a JavaScript profile shows as "(program)").
// PGlite in process with the built web client (`npm run build -w @reqloom/web` first). Results:
// bench/results/map-<sizes>-<date>[-<label>].{json,md}.

const USAGE =
  'npm run bench:map -- [--sizes 2000,20000] [--runs 3] [--pan-ms 5000] [--screenshots dir] [--profile] [--trace] [--label name]';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const args = benchArgs(USAGE, {
  sizes: { type: 'string', default: '2000,20000' },
  runs: { type: 'string', default: '3' },
  'pan-ms': { type: 'string', default: '5000' },
  screenshots: { type: 'string' },
  profile: { type: 'boolean', default: false },
  trace: { type: 'boolean', default: false },
});
const sizes = args.sizes.split(',').map(Number);
const runs = Math.max(1, Number(args.runs));
const panMs = Math.min(30_000, Number(args['pan-ms']));
const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  throw new Error('The web client is not built: run `npm run build -w @reqloom/web` first.');
}

const CARD = '[data-requirement]';
const MAP = '[aria-roledescription]';

/** 2,000 requirements: 10 documents of 200; 20,000: 50 documents of 400 (issue 13). */
function shapeFor(requirements: number): Shape {
  const documents = requirements >= 10_000 ? 50 : 10;
  return {
    documents,
    requirementsPerDocument: Math.round(requirements / documents),
    categoriesPerDocument: requirements >= 10_000 ? 20 : 10,
    links: requirements,
    parentOf: (d) => Math.floor((d - 1) / 4),
  };
}

type Pan = { fps: number; frames: number; longest_frame_ms: number; frames_over_33ms: number; max_cards: number };
type SizeResult = {
  requirements: number;
  documents: number;
  first_card_full_load_ms: Timing;
  first_card_from_toggle_ms: Timing;
  complete_full_load_ms: Timing;
  /** The map's one read (GET projects/map/{id}) in the full load, request to last byte, as the browser saw it. */
  map_read_ms: Timing;
  pan: Pan;
  js_heap_mb: number;
};

/** Waits for the frame in which every document's requirements are on the map; its time, from the page's clock. */
const complete = async (page: Page): Promise<number> => {
  const handle = await page.waitForFunction(
    (selector) => {
      const map = document.querySelector(selector);
      const done = map && map.getAttribute('data-documents-loaded') === map.getAttribute('data-documents');
      return done ? Math.round(performance.now()) : false;
    },
    MAP,
    { timeout: 120_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
};

/** Clicks the top bar's Synaeptic toggle and waits, in the page, for the frame that holds the first card. */
async function fromToggle(page: Page): Promise<number> {
  await page.getByText('Synaeptic', { exact: true }).waitFor();
  return page.evaluate(
    (selector) =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        const labels = Array.from(document.querySelectorAll('label'));
        labels.find((label) => label.textContent === 'Synaeptic')!.click();
        const check = () =>
          document.querySelector(selector) ? resolve(performance.now() - started) : requestAnimationFrame(check);
        check();
      }),
    CARD,
  );
}

/** Pans the map with wheel events, one step a frame, for `ms`, counting frames and the cards in the page. */
async function pan(page: Page, ms: number): Promise<Pan> {
  return page.evaluate(
    ([duration, selector]) =>
      new Promise<Pan>((resolve) => {
        const map = document.querySelector(selector) as HTMLElement;
        let frames = 0;
        let longest = 0;
        let slow = 0;
        let maxCards = 0;
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
          maxCards = Math.max(maxCards, map.querySelectorAll('[data-requirement]').length);
          // Down and to the right for half the time, then back: cards keep coming into sight and leaving.
          const sign = now - started < duration / 2 ? 1 : -1;
          map.dispatchEvent(new WheelEvent('wheel', { deltaX: 12 * sign, deltaY: 45 * sign, bubbles: true }));
          if (now - started < duration) requestAnimationFrame(frame);
          else
            resolve({
              fps: Math.round((frames / ((now - started) / 1000)) * 10) / 10,
              frames,
              longest_frame_ms: Math.round(longest),
              frames_over_33ms: slow,
              max_cards: maxCards,
            });
        };
        requestAnimationFrame((now) => {
          last = now;
          frame(now);
        });
      }),
    [ms, MAP] as const,
  );
}

type Profile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
};

/** `--profile`: where the pan's time went, by function (self time), the twelve heaviest. */
function printProfile(profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`      ${String(Math.round(ms)).padStart(6)} ms  ${key}`);
}

type TraceEvent = { name: string; ph: string; dur?: number; pid: number; tid: number; args?: { name?: string } };

/** `--trace`: the pan's busiest kinds of work, by thread (a slice's time includes the slices inside it). */
function printTrace(buffer: Buffer): void {
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const threads = new Map<string, string>();
  for (const e of traceEvents) {
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  }
  const total = new Map<string, { ms: number; count: number }>();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || !e.dur) continue;
    const thread = (threads.get(`${e.pid}:${e.tid}`) ?? '?').replace(/\d+$/, '');
    const key = `${thread} ${e.name}`;
    const entry = total.get(key) ?? { ms: 0, count: 0 };
    entry.ms += e.dur / 1000;
    entry.count++;
    total.set(key, entry);
  }
  for (const [key, { ms, count }] of [...total].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30))
    console.log(`      ${String(Math.round(ms)).padStart(6)} ms ${String(count).padStart(6)}×  ${key}`);
}

async function measureSize(browser: Browser, requirements: number): Promise<SizeResult> {
  const database = await openDatabase({ dataDir: null });
  const bench = await startBenchApp(database, { name: 'map', env: { WEB_DIST: webDist } });
  const { app, db, session } = bench;
  const shape = shapeFor(requirements);
  const data = await generateProject(db, bench.userId, shape);
  const [project] = await db.select().from(schema.projects).where(eq(schema.projects.id, data.projectId));
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  await skipTours(bench, { synaeptic: true });
  const projectPath = `/project/bench/${project!.slug}`;
  const mapPath = `${projectPath}/synaeptic`;

  const context = await signedInContext(browser, base, session, { width: 1440, height: 900, firstFrameSelector: CARD });
  const firstCard: number[] = [];
  const whole: number[] = [];
  const mapRead: number[] = [];
  const toggle: number[] = [];
  let heap = 0;
  let panned: Pan | undefined;
  for (let run = 0; run < runs; run++) {
    const page = await context.newPage();
    await page.goto(mapPath, { waitUntil: 'commit' });
    firstCard.push(await firstFrameWith(page));
    whole.push(await complete(page));
    mapRead.push(
      Math.round(
        await page.evaluate(() => {
          const read = performance
            .getEntriesByType('resource')
            .find((entry) => entry.name.includes('/api/projects/map/')) as PerformanceResourceTiming | undefined;
          return read ? read.responseEnd - read.startTime : -1;
        }),
      ),
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
      if (args.trace) {
        await browser.startTracing(page, {
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'cc', 'gpu', 'viz', 'blink'],
        });
      }
      panned = await inFrames(page, 'panning', () => pan(page, panMs));
      if (cdp) printProfile((await cdp.send('Profiler.stop')).profile);
      if (args.trace) printTrace(await browser.stopTracing());
      if (args.screenshots) await screenshots(page, mapPath, args.screenshots, requirements, data.requirementIds);
    }
    await page.goto(`${projectPath}/detailed/document/${data.documentIds[0]!}`);
    await page.waitForSelector('[role="row"][data-index="0"]', { timeout: 60_000 });
    toggle.push(Math.round(await inFrames(page, 'from the toggle', () => fromToggle(page))));
    await page.close();
  }
  await context.close();
  await bench.close();
  const result: SizeResult = {
    requirements,
    documents: shape.documents,
    first_card_full_load_ms: timingOf(firstCard),
    first_card_from_toggle_ms: timingOf(toggle),
    complete_full_load_ms: timingOf(whole),
    map_read_ms: timingOf(mapRead),
    pan: panned!,
    js_heap_mb: Math.round((heap / 1024 / 1024) * 10) / 10,
  };
  console.log(
    `  ${String(requirements).padStart(6)} req.: first card ${result.first_card_full_load_ms.p50} ms (full load), ` +
      `${result.first_card_from_toggle_ms.p50} ms (toggle), complete ${result.complete_full_load_ms.p50} ms, map read ` +
      `${result.map_read_ms.p50} ms; pan ` +
      `${result.pan.fps} fps, longest frame ${result.pan.longest_frame_ms} ms, ${result.pan.frames_over_33ms} over ` +
      `33 ms, at most ${result.pan.max_cards} cards in the page; heap ${result.js_heap_mb} MB`,
  );
  return result;
}

/** Pictures of the map for a person to look at: the whole project, a selected requirement, an open description. */
async function screenshots(page: Page, mapPath: string, dir: string, size: number, ids: number[][]) {
  fs.mkdirSync(dir, { recursive: true });
  await page.goto(mapPath);
  await complete(page);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(dir, `map-${size}-project.png`) });
  const requirement = ids[1]![3]!;
  await page.goto(`${mapPath}/requirement/${requirement}`);
  await complete(page);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(dir, `map-${size}-selected.png`) });
  await page.locator(`[data-requirement="${requirement}"]`).click();
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await page.waitForTimeout(1200);
  await page.screenshot({ path: path.join(dir, `map-${size}-description-zoom40.png`) });
  // Down to zoom 20, where the cards are drawn with the links rather than put in the page.
  for (let i = 0; i < 4; i++) await page.keyboard.press('-');
  await page.waitForTimeout(1200);
  await page.screenshot({ path: path.join(dir, `map-${size}-zoom20.png`) });
  // Back up, and past the settings' save: the zoom is a preference, and the next runs look for cards in the page.
  for (let i = 0; i < 6; i++) await page.keyboard.press('+');
  await page.waitForTimeout(1500);
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
  browser: 'Debian chromium, headless, 1440×900',
  runs,
  pan_ms: panMs,
  results,
};
const markdown = [
  `# Synaeptic map in Chromium (${startedAt})`,
  '',
  `${out.browser}; ${runs} runs per size; ${out.machine.cpus} CPUs, load average ${out.machine.load_average.join(' ')} at the end.`,
  '',
  '| requirements (documents) | first card, full load ms p50 (min–max) | first card, from the toggle ms | ' +
    'every document on the map, full load ms | map read ms | pan fps | longest frame ms | frames > 33 ms | most cards in page | JS heap MB |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.requirements} (${r.documents}) | ${timingRange(r.first_card_full_load_ms)} | ${timingRange(r.first_card_from_toggle_ms)} ` +
      `| ${timingRange(r.complete_full_load_ms)} | ${timingRange(r.map_read_ms)} | ${r.pan.fps} | ${r.pan.longest_frame_ms} | ${r.pan.frames_over_33ms} ` +
      `| ${r.pan.max_cards} | ${r.js_heap_mb} |`,
  ),
  '',
].join('\n');
writeResults({ scenario: 'map', scale: args.sizes, args, date: new Date(startedAt), json: out, markdown });
console.log(`\n${markdown}`);
