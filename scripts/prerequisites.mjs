// What the test suites need beyond node_modules: Debian's Chromium for the browser suite (the suite never downloads a
// browser), LibreOffice and poppler to open the Word export as a word processor would, xmllint to validate the ReqIF
// export against the official schema, nginx to run two instances behind the proxy of docs/deploy.md. `npm test` checks them first, so that a machine without them stops at once
// with the one command to run, instead of failing deep inside a suite. As root with apt (CI, a fresh container) it
// installs them itself, as `.ci/run` does.
//
//   node scripts/prerequisites.mjs            check; install what is missing when root with apt, else print the command
//   node scripts/prerequisites.mjs --check    check only (exit 1 and the command when something is missing)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each tool the suites run, how it is found, and the Debian packages that bring it. */
export const PREREQUISITES = [
  { tool: 'chromium', path: '/usr/bin/chromium', packages: ['chromium'], for: 'the browser suite' },
  {
    tool: 'fonts-liberation',
    path: '/usr/share/fonts/truetype/liberation',
    packages: ['fonts-liberation'],
    for: 'stable screenshots',
  },
  { tool: 'soffice', packages: ['libreoffice-writer-nogui'], for: 'opening the Word export' },
  {
    tool: 'libreoffice-calc',
    path: '/usr/lib/libreoffice/program/libsclo.so',
    packages: ['libreoffice-calc-nogui'],
    for: 'opening the spreadsheet exports',
  },
  { tool: 'pdftotext', packages: ['poppler-utils'], for: 'reading the Word export back' },
  { tool: 'xmllint', packages: ['libxml2-utils'], for: 'validating the ReqIF export' },
  { tool: 'nginx', path: '/usr/sbin/nginx', packages: ['nginx'], for: 'the reverse-proxy test (e2e/proxy.spec.ts)' },
];

/** The one command that installs what is missing (every prerequisite's packages when none is given). */
export function installCommand(missing = PREREQUISITES) {
  const packages = [...new Set(missing.flatMap((p) => p.packages))];
  return `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}

function onPath(tool, PATH = process.env.PATH ?? '') {
  return PATH.split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, tool)));
}

/** The prerequisites this machine lacks; `exists` is injectable so that the rule can be tested on any machine. */
export function missingPrerequisites(exists = (p) => (p.path ? fs.existsSync(p.path) : onPath(p.tool))) {
  return PREREQUISITES.filter((p) => !exists(p));
}

export function describeMissing(missing) {
  const lines = missing.map((p) => `  - ${p.tool} (${p.for})`);
  return `The test suites need programs this machine lacks:\n${lines.join('\n')}\nInstall them with:\n  ${installCommand(missing)}\n`;
}

const canInstall = () => process.platform === 'linux' && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');

/** Checks, installs when it can, and returns whether everything is there. */
export function ensurePrerequisites({ install = true, log = console.log } = {}) {
  let missing = missingPrerequisites();
  if (missing.length === 0) return true;
  if (install && canInstall()) {
    const packages = [...new Set(missing.flatMap((p) => p.packages))];
    log(`Installing what the test suites need: ${packages.join(' ')}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
    missing = missingPrerequisites();
    if (missing.length === 0) return true;
  }
  log(describeMissing(missing));
  return false;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(ensurePrerequisites({ install: !process.argv.includes('--check') }) ? 0 : 1);
}
