import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, schema, type Db } from '@reqloom/server';
import { firstFrameWith, fromLink, inFrames, signedInContext, withChromium } from './chromium';
import { generateProject } from './generate';
import { benchArgs, machineNow, skipTours, startBenchApp, timingOf, timingRange, writeResults } from './harness';

// The Suspect links view in Chromium (decisions §22, issue 35): a project of two linked documents whose links'
// parents all changed after the links were made (each parent renamed and given a paragraph more, its earlier state
// kept as a revision), so that every link is suspect. Measured:
//  - the time to the first frame with a parent's group, from navigation start on a full page load (by the page's
//    clock, `noteFirstFrameWith`), and from a click on the side bar's "Suspect links" of a loaded project page;
//  - the reads as the page saw them: the first page of the list and the side bar's count;
//  - through the API, in process: the first page, the count, and the whole list read by pages of 500 (what one
//    call cost before the list had pages);
//  - the bare reference: a static page of the same origin with as many plain groups as the view's first page,
//    timed the same way (the floor of this browser on this machine: navigation, parsing, one paint).
// The aim: the first rows in under 1 s for 2,000 suspect links. PGlite in process, the built web client. Results:
// bench/results/browser-suspect-links-<links>-<date>[-<label>].{json,md}.

const USAGE = 'npm run bench:suspect-links -- [--links 2000] [--runs 5] [--label name]';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const args = benchArgs(USAGE, {
  links: { type: 'string', default: '2000' },
  runs: { type: 'string', default: '5' },
});
const links = Number(args.links);
const runs = Math.max(1, Number(args.runs));
const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  throw new Error('The web client is not built: run `npm run build -w @reqloom/web` first.');
}

/** A parent's group of the view (SuspectGroupCard). */
const FIRST_GROUP = '[data-suspect-parent]';
/** The view's first page (SUSPECT_PAGE_SIZE of the client): what the bare page draws. */
const FIRST_PAGE = 50;
const BARE_PATH = '/bench-bare-suspect-links';

/** Every link's parent changed after the links were made: its state before kept as a revision a day old. */
async function makeEveryLinkSuspect(db: Db, projectId: number, userId: number) {
  const parents = sql`(select parent_id from requirement_links where project_id = ${projectId})`;
  await db.execute(sql`
    insert into revisions (requirement_id, author_id, category_id, name, description, status, updated_at)
    select r.id, ${userId}, r.category_id, r.name, r.description, r.status, now() - interval '1 day'
      from requirements r where r.id in ${parents}`);
  await db.execute(sql`
    update requirements
       set name = name || ' within 2 s', description = description || '<p>It shall also log the change.</p>',
           updated_by = ${userId}
     where id in ${parents}`);
  await db.execute(sql`vacuum analyze`);
}

/** Times `count` calls of one route in process, in ms. */
async function timed(count: number, call: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call();
    times.push(Math.round((performance.now() - started) * 10) / 10);
  }
  return timingOf(times);
}

async function measure(browser: Browser) {
  const database = await openDatabase({ dataDir: null });
  const bench = await startBenchApp(database, { name: 'suspect-links', env: { WEB_DIST: webDist } });
  const { app, db, session, headers } = bench;
  const shape = { documents: 2, requirementsPerDocument: links, categoriesPerDocument: 20, links };
  const data = await generateProject(db, bench.userId, shape);
  await makeEveryLinkSuspect(db, data.projectId, bench.userId);
  const [project] = await db.select().from(schema.projects).where(eq(schema.projects.id, data.projectId));
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  await skipTours(bench);
  const get = (url: string) => app.inject({ method: 'GET', url, headers });
  const counted = await get(`/api/projects/suspectlinkcount/${data.projectId}`);
  const count = counted.json<{ count: number }>().count;
  if (count !== links) throw new Error(`${count} suspect links, ${links} made`);
  const firstPage = await get(`/api/projects/suspectlinks/${data.projectId}?limit=${FIRST_PAGE}`);
  const wholeList = async () => {
    let cursor: string | null = null;
    let read = 0;
    do {
      const answer = await get(
        `/api/projects/suspectlinks/${data.projectId}?limit=500${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const page = answer.json<{ data: unknown[]; next_cursor: string | null }>();
      read += page.data.length;
      cursor = page.next_cursor;
    } while (cursor);
    if (read !== links) throw new Error(`the pages gave ${read} links of ${links}`);
  };
  const api = {
    first_page_ms: await timed(runs, () => get(`/api/projects/suspectlinks/${data.projectId}?limit=${FIRST_PAGE}`)),
    count_ms: await timed(runs, () => get(`/api/projects/suspectlinkcount/${data.projectId}`)),
    whole_list_ms: await timed(runs, wholeList),
    first_page_kb: Math.round(firstPage.body.length / 1024),
  };

  const projectPath = `/project/bench/${project!.slug}`;
  const viewPath = `${projectPath}/suspect-links`;
  const context = await signedInContext(browser, base, session, {
    width: 1280,
    height: 900,
    firstFrameSelector: FIRST_GROUP,
  });
  // The bare reference: the same origin, as many plain groups as the first page, nothing else.
  const groups = Array.from(
    { length: FIRST_PAGE },
    (_, i) =>
      `<section data-suspect-parent="${i}"><h2>SYS_${i} The pump shall start within 2 s</h2>` +
      `<p><del>The pump shall start</del> <ins>within 2 s</ins></p><ul><li>SRS_${i} Child</li></ul></section>`,
  ).join('');
  await context.route(`${base}${BARE_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><body>${groups}</body></html>` }),
  );
  const fullLoad: number[] = [];
  const sideBar: number[] = [];
  const bare: number[] = [];
  const reads: { list: number[]; count: number[] } = { list: [], count: [] };
  let waterfall: string[] = [];
  for (let run = 0; run < runs; run++) {
    const page = await context.newPage();
    await page.goto(viewPath, { waitUntil: 'commit' });
    fullLoad.push(
      await firstFrameWith(page, 60_000).catch(async (error: unknown) => {
        const shot = path.join(os.tmpdir(), 'reqloom-bench-suspect-links-failure.png');
        await page.screenshot({ path: shot });
        throw new Error(`no suspect link group at ${page.url()} (screenshot ${shot})`, { cause: error });
      }),
    );
    const seen = await page.evaluate(() => {
      const read = (part: string) => {
        const entry = performance.getEntriesByType('resource').find((e) => e.name.includes(part)) as
          PerformanceResourceTiming | undefined;
        return entry ? Math.round(entry.responseEnd - entry.startTime) : -1;
      };
      return { list: read('/api/projects/suspectlinks/'), count: read('/api/projects/suspectlinkcount/') };
    });
    reads.list.push(seen.list);
    reads.count.push(seen.count);
    // The last full load's scripts and API calls, start → end from navigation start: where the time went.
    if (run === runs - 1)
      waterfall = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => /\/api\/|\.js$/.test(e.name))
          .map(
            (e) =>
              `${new URL(e.name).pathname} ${Math.round(e.startTime)}→${Math.round((e as PerformanceResourceTiming).responseEnd)} ms`,
          ),
      );
    if (run === 0) await page.screenshot({ path: path.join(os.tmpdir(), 'reqloom-bench-suspect-links.png') });

    await page.goto(projectPath);
    sideBar.push(Math.round(await inFrames(page, 'from the side bar', () => fromLink(page, viewPath, FIRST_GROUP))));
    await page.goto(BARE_PATH, { waitUntil: 'commit' });
    bare.push(await firstFrameWith(page, 60_000));
    await page.close();
  }
  await context.close();
  await bench.close();
  return {
    links,
    first_group_full_load_ms: timingOf(fullLoad),
    first_group_from_side_bar_ms: timingOf(sideBar),
    bare_page_first_group_ms: timingOf(bare),
    page_reads_ms: { list: timingOf(reads.list), count: timingOf(reads.count) },
    api,
    waterfall,
  };
}

const startedAt = new Date().toISOString();
const result = await withChromium(measure);

const out = {
  started_at: startedAt,
  machine: machineNow(),
  browser: 'Debian chromium, headless, 1280×900',
  runs,
  first_page: FIRST_PAGE,
  result,
};
const markdown = [
  `# Suspect links view in Chromium (${startedAt})`,
  '',
  `${out.browser}; ${result.links} suspect links (every link's parent changed after it was made); ${runs} runs; ` +
    `load average ${out.machine.load_average.join(' ')} at the end. The view's first page is ${FIRST_PAGE} links.`,
  '',
  '| measure | p50 ms (min–max) |',
  '|---|---|',
  `| first group, full load | ${timingRange(result.first_group_full_load_ms)} |`,
  `| first group, from the side bar | ${timingRange(result.first_group_from_side_bar_ms)} |`,
  `| bare page of ${FIRST_PAGE} groups, first group (reference) | ${timingRange(result.bare_page_first_group_ms)} |`,
  `| the page's list read (first page) | ${timingRange(result.page_reads_ms.list)} |`,
  `| the page's count read | ${timingRange(result.page_reads_ms.count)} |`,
  `| API in process: first page of ${FIRST_PAGE} (${result.api.first_page_kb} kB) | ${timingRange(result.api.first_page_ms)} |`,
  `| API in process: count | ${timingRange(result.api.count_ms)} |`,
  `| API in process: the whole list, pages of 500 | ${timingRange(result.api.whole_list_ms)} |`,
  '',
  'The last full load (scripts and API calls, from navigation start):',
  '',
  ...result.waterfall.map((line) => `- ${line}`),
  '',
].join('\n');
writeResults({
  scenario: 'browser-suspect-links',
  scale: links,
  args,
  date: new Date(startedAt),
  json: out,
  markdown,
});
console.log(`\n${markdown}`);
