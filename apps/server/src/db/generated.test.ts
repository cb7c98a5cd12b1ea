import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { currentOpenApi, openApiFile } from '../cli/openapi';
import { migrationsFolder } from './client';

// Generated files are committed; these checks fail when the code has moved on without them (house rule 9).

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('generated files', () => {
  it('migrations match the schema (drizzle-kit generates nothing new)', () => {
    // drizzle-kit takes --out relative to the working folder, so the copy lives inside the package (git-ignored).
    fs.mkdirSync(path.join(serverRoot, '.tmp'), { recursive: true });
    const copy = fs.mkdtempSync(path.join(serverRoot, '.tmp', 'migrations-'));
    fs.cpSync(migrationsFolder, copy, { recursive: true });
    const before = fs.readdirSync(copy).sort();
    try {
      const output = execFileSync(
        process.execPath,
        [
          path.resolve(serverRoot, '../../node_modules/drizzle-kit/bin.cjs'),
          'generate',
          '--dialect',
          'postgresql',
          '--schema',
          'src/db/schema.ts',
          '--out',
          path.relative(serverRoot, copy),
        ],
        { cwd: serverRoot, stdio: 'pipe', encoding: 'utf8' },
      );
      // drizzle-kit exits 0 even when it fails: its words are checked too.
      expect(output).toMatch(/No schema changes/);
      expect(
        fs.readdirSync(copy).sort(),
        'the schema changed without a migration: run `npm run db:generate -w @reqloom/server`',
      ).toEqual(before);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it('openapi.json matches what the app serves', async () => {
    const committed: unknown = JSON.parse(fs.readFileSync(openApiFile, 'utf8'));
    expect(await currentOpenApi(), 'the API changed: run `npm run openapi -w @reqloom/server`').toEqual(committed);
  });
});
