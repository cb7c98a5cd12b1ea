import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { enCatalog as en } from './catalogs';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function lookup(key: string): unknown {
  let node: unknown = en;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

// t('a.b'), t("a.b") and t(`a.b`) without interpolation; i18n.t(...) too.
const CALL = /\bt\(\s*(['"`])([\w.-]+)\1/g;

describe('translation keys used in the code', () => {
  const files = sourceFiles(src);
  const used = files.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(CALL)].map((match) => ({
      file: path.relative(src, file),
      key: match[2] ?? '',
    })),
  );

  it('finds the calls (the scan itself works)', () => {
    expect(files.some((file) => file.endsWith('.tsx'))).toBe(true);
    expect(used.length).toBeGreaterThan(50);
  });

  it('all exist in en.json as texts', () => {
    const missing = used.filter(({ key }) => typeof lookup(key) !== 'string').map(({ file, key }) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });
});
