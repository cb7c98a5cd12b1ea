import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeMissing, installCommand, missingPrerequisites, PREREQUISITES } from './prerequisites.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('npm test’s prerequisites', () => {
  it('names every missing program and the one command that installs them', () => {
    const missing = missingPrerequisites(() => false);
    expect(missing.map((p) => p.tool)).toEqual([
      'chromium',
      'fonts-liberation',
      'soffice',
      'libreoffice-calc',
      'pdftotext',
      'xmllint',
      'nginx',
    ]);
    const message = describeMissing(missing);
    expect(message).toContain(
      'sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium fonts-liberation ' +
        'libreoffice-writer-nogui libreoffice-calc-nogui poppler-utils libxml2-utils nginx',
    );
    for (const p of missing) expect(message).toContain(`- ${p.tool} (`);
  });

  it('asks only for what is missing', () => {
    const missing = missingPrerequisites((p) => p.tool !== 'xmllint');
    expect(missing.map((p) => p.tool)).toEqual(['xmllint']);
    expect(installCommand(missing)).toBe(
      'sudo apt-get update && sudo apt-get install -y --no-install-recommends libxml2-utils',
    );
    expect(missingPrerequisites(() => true)).toEqual([]);
  });

  it('the README shows the command that installs all of them', async () => {
    const readme = await import('node:fs').then((fs) => fs.readFileSync(path.join(root, 'README.md'), 'utf8'));
    expect(readme).toContain(installCommand(PREREQUISITES));
  });

  it('--check never installs and stops with the command when a program is missing', () => {
    // Neither /usr/bin/chromium nor the fonts can be hidden from the script, but the tools found on PATH can: with an
    // empty PATH, soffice, pdftotext and xmllint are missing whatever this machine has.
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/prerequisites.mjs'), '--check'], {
      env: { PATH: '' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('- xmllint (validating the ReqIF export)');
    expect(result.stdout).toContain('sudo apt-get install -y --no-install-recommends');
    expect(result.stdout).not.toContain('Installing');
  });
});
