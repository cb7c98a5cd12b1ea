import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs share a machine (two engineers at work at once).
const PORT = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, '..');

// The server serves the built web client; without a build every page would be its 503 notice.
if (
  !fs.existsSync(
    path.join(
      process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(root, 'apps/web/dist'),
      'index.html',
    ),
  )
) {
  throw new Error('The web client is not built: run `npm run build -w @reqloom/web` before the browser suite.');
}

// A fresh data folder per run (database and mail outbox). Playwright evaluates this file again in each worker:
// the workers inherit the variable, so they all use the folder the main process made.
const DATA_DIR_PREFIX = 'reqloom-e2e-';
const KEEP_MS = 60 * 60 * 1000;

/** Each run leaves its folder (about 40 MB) to look into; the ones older than an hour are removed by the next run. */
function removeOldDataDirs(): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(DATA_DIR_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    try {
      if (Date.now() - fs.statSync(dir).mtimeMs > KEEP_MS) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run may be removing it too.
    }
  }
}

function freshDataDir(): string {
  removeOldDataDirs();
  return fs.mkdtempSync(path.join(os.tmpdir(), `${DATA_DIR_PREFIX}${Date.now()}-`));
}

const dataDir = process.env.REQLOOM_E2E_DATA_DIR ?? freshDataDir();
process.env.REQLOOM_E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test.mjs names a JSON report file through PLAYWRIGHT_JSON_OUTPUT_NAME to count the results.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; the suite never downloads a browser.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node ../node_modules/tsx/dist/cli.mjs ../apps/server/src/main.ts',
    cwd: import.meta.dirname,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      // As behind a reverse proxy: each test user registers from an address of its own (support/users.ts), which
      // keeps the suite under the registrations' limit per address.
      TRUST_PROXY: 'true',
      // The export thread loaded ahead, as the specs' exports were timed against before threads started lazily.
      WARM_THREADS: 'true',
      // E2E_WEB_DIST points the server at another build of the client (an engineer's own, while another builds too).
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: path.resolve(process.env.E2E_WEB_DIST) } : {}),
    },
  },
});
