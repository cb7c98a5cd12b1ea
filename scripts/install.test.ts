import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('npm install', () => {
  it('prints no warnings on the machine’s own Node (engine warnings are about npm’s Node, not the app’s)', () => {
    // npm scripts put node_modules/.bin (and its Node 22) first in PATH: take it out, so that npm runs on the
    // machine's Node as a newcomer's `npm install` does.
    const PATH = (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((dir) => !dir.includes(`node_modules${path.sep}.bin`))
      .join(path.delimiter);
    const env: NodeJS.ProcessEnv = { ...process.env, PATH };
    // A loglevel set by an enclosing npm run would hide what a newcomer sees.
    for (const key of Object.keys(env)) if (key.toLowerCase() === 'npm_config_loglevel') delete env[key];
    const result = spawnSync('npm', ['install', '--dry-run'], { cwd: root, env, encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/EBADENGINE|npm warn/);
  });
});
