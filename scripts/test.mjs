// `npm test`: every suite in order — lint, types, unit and API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL or DATABASE_URL is set), then the browser suite in Chromium against a built app.
// Ends with one line counting what passed and failed across the suites.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePrerequisites } from './prerequisites.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const env = { ...process.env };
if (!env.TEST_DATABASE_URL && env.DATABASE_URL) env.TEST_DATABASE_URL = env.DATABASE_URL;
// The API suites run on their own databases; the app's DATABASE_URL must not leak into the e2e server.
delete env.DATABASE_URL;

const only = process.argv.slice(2);
// Chromium, LibreOffice, poppler and xmllint: installed here when root with apt, else a stop at once with the command.
if ((only.length === 0 || only.includes('vitest') || only.includes('e2e')) && !ensurePrerequisites()) process.exit(1);
const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];
let failed = false;

function step(name, command, args, options = {}) {
  if (only.length > 0 && !only.includes(name)) return;
  const started = Date.now();
  console.log(`\n=== ${name}: ${[path.basename(command), ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...options.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name} ${seconds}s${result.status === 0 ? '' : ' (FAILED)'}`);
  if (result.status !== 0) failed = true;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += (report.numFailedTests ?? 0) + (report.numTotalTests === 0 ? 1 : 0);
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const stats = JSON.parse(fs.readFileSync(file, 'utf8')).stats ?? {};
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
}

const node = process.execPath;
step('lint', bin('eslint'), ['.', '--max-warnings', '0']);
step('format', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
step('typecheck', 'npm', ['run', '-s', 'typecheck']);

const vitestJson = path.join(tmp, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
step('vitest', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
countVitest(vitestJson);

const pwJson = path.join(tmp, 'playwright.json');
fs.rmSync(pwJson, { force: true });
step('build', node, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', 'apps/web']);
step('e2e', bin('playwright'), ['test', '--config', 'e2e/playwright.config.ts'], {
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
});
countPlaywright(pwJson);

console.log(`\nSteps: ${timings.join(', ')}`);
if (!env.TEST_DATABASE_URL)
  console.log('Note: API suites ran on PGlite only (set TEST_DATABASE_URL to run them on PostgreSQL too).');
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed || totals.failed > 0 ? 1 : 0);
