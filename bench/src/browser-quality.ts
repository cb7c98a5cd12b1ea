import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { openDatabase, schema } from '@reqloom/server';
import { signedInContext, withChromium } from './chromium';
import { generateProject } from './generate';
import { benchArgs, machineNow, skipTours, startBenchApp, writeResults } from './harness';

// The quality check as a person types (decisions §25, issue 38): the requirement view of the built web client in
// Chromium, a 60-word description, and one keystroke at a time typed into the editor, each after the check of the
// one before has run (the editor checks a moment after typing stops). Measured in the page, from the client's own
// User Timing entries (`reqloom.quality-check`, qualityHighlights.ts): one pass = the editor's text rebuilt block by
// block, the shared rules run over it, the findings mapped back to positions and the decorations made. The aim:
// under 5 ms a check. PGlite in process. Results: bench/results/browser-quality-<keys>-<date>[-<label>].{json,md}.

const USAGE = 'npm run bench:browser-quality -- [--keys 300] [--label name]';
const MEASURE = 'reqloom.quality-check';
/** Longer than the editor's pause before a check (QUALITY_DEBOUNCE_MS, 120 ms): one check per keystroke. */
const KEY_GAP_MS = 160;

const DESCRIPTION =
  '<p>When the operator presses the start button, the pump controller shall start the main pump within 2 s ' +
  'and shall report its state to the supervision console.</p><p>The flow rate shall stay between 10 and 12 ' +
  'litres per minute while the tank level is above the low mark; the maximum pressure is TBD and the alarm ' +
  'threshold is to be confirmed by the safety team.</p>';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const args = benchArgs(USAGE, { keys: { type: 'string', default: '300' } });
const keys = Math.max(10, Number(args.keys));
const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  throw new Error('The web client is not built: run `npm run build -w @reqloom/web` first.');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (ms: number) => Math.round(ms * 1000) / 1000;

async function measure(browser: Browser) {
  const database = await openDatabase({ dataDir: null });
  const bench = await startBenchApp(database, { name: 'browser-quality', env: { WEB_DIST: webDist } });
  const { app, db, session } = bench;
  const data = await generateProject(db, bench.userId, {
    documents: 1,
    requirementsPerDocument: 20,
    categoriesPerDocument: 2,
    links: 0,
  });
  const requirementId = data.requirementIds[0]![0]!;
  await db
    .update(schema.requirements)
    .set({ description: DESCRIPTION })
    .where(eq(schema.requirements.id, requirementId));
  const [project] = await db.select().from(schema.projects).where(eq(schema.projects.id, data.projectId));
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  await skipTours(bench, { requirement: true });

  const context = await signedInContext(browser, base, session, {
    width: 1280,
    height: 900,
    firstFrameSelector: '.quality-finding',
  });
  const page = await context.newPage();
  await page.goto(`/project/bench/${project!.slug}/detailed/requirement/${requirementId}`);
  const editor = page.getByRole('textbox', { name: 'Description', exact: true });
  await page.locator('.ProseMirror[contenteditable="true"]').waitFor({ timeout: 60_000 });
  await page.locator('.ProseMirror .quality-finding').first().waitFor({ timeout: 60_000 });
  const words = await editor.evaluate((e) => (e.textContent ?? '').split(/\s+/).filter(Boolean).length);
  // Focused rather than clicked: a tooltip of the underlines may lie over the text.
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.evaluate((name) => performance.clearMeasures(name), MEASURE);

  const typed = ' The valve shall close when the level is TBD';
  for (let i = 0; i < keys; i++) {
    // Type the sentence, then take it back, and again: the text stays about 60 words long.
    const round = Math.floor(i / typed.length);
    const at = i % typed.length;
    if (round % 2 === 0) await page.keyboard.type(typed[at]!);
    else await page.keyboard.press('Backspace');
    await page.waitForTimeout(KEY_GAP_MS);
  }
  await page.waitForTimeout(500);
  const durations = await page.evaluate(
    (name) => performance.getEntriesByName(name, 'measure').map((e) => e.duration),
    MEASURE,
  );
  const findings = await page.locator('.ProseMirror .quality-finding').count();
  await context.close();
  await bench.close();
  const sorted = [...durations].sort((a, b) => a - b);
  return {
    words,
    keystrokes: keys,
    checks: durations.length,
    findings_at_end: findings,
    check_ms: {
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      max: round(sorted[sorted.length - 1] ?? 0),
      mean: round(durations.reduce((s, d) => s + d, 0) / Math.max(1, durations.length)),
    },
  };
}

const startedAt = new Date().toISOString();
const result = await withChromium(measure);
const out = {
  started_at: startedAt,
  machine: machineNow(),
  browser: 'Debian chromium, headless, 1280×900',
  key_gap_ms: KEY_GAP_MS,
  aim_ms: 5,
  result,
};
const markdown = [
  `# Quality check while typing, in Chromium (${startedAt})`,
  '',
  `${out.browser}; the requirement view of the built client, a description of about ${result.words} words; ` +
    `${result.keystrokes} keystrokes, one every ${KEY_GAP_MS} ms (each followed by its check); ` +
    `load average ${out.machine.load_average.join(' ')} at the end.`,
  '',
  '| measure | ms |',
  '|---|---|',
  `| one check, p50 | ${result.check_ms.p50} |`,
  `| one check, p95 | ${result.check_ms.p95} |`,
  `| one check, max | ${result.check_ms.max} |`,
  `| one check, mean | ${result.check_ms.mean} |`,
  '',
  `${result.checks} checks measured (the client's User Timing entries \`${MEASURE}\`: text, rules, offsets to ` +
    `positions, decorations). Aim: under ${out.aim_ms} ms. Findings underlined at the end: ${result.findings_at_end}.`,
  '',
].join('\n');
writeResults({ scenario: 'browser-quality', scale: keys, args, date: new Date(startedAt), json: out, markdown });
console.log(`\n${markdown}`);
