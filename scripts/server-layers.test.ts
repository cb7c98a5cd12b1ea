import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LAYERS } from './layers.config.mjs';
import { layerViolations, loops, unitGraph } from './layers.mjs';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Writes a small source tree: file path → its imports. */
function tree(files: Record<string, string[]>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
  for (const [file, imports] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), imports.map((i) => `import '${i}';\n`).join('') + 'export {};\n');
  }
  made.push(root);
  return root;
}
const made: string[] = [];
afterAll(() => made.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

describe('the layers of the server', () => {
  const root = path.join(repository, 'apps/server/src');
  const graph = unitGraph(root);

  it('has no two folders that import each other, directly or through others', () => {
    expect(loops(graph)).toEqual([]);
  });

  it('imports only downwards, as layers.config.mjs lays them out, and working-area siblings only their core', () => {
    expect(layerViolations(graph, LAYERS['apps/server/src']!)).toEqual([]);
  });
});

describe('the check itself', () => {
  it('finds a loop through a third folder', () => {
    const root = tree({ 'a/x.ts': ['../b/y'], 'b/y.ts': ['../c'], 'c.ts': ['./a/x'] });
    expect(loops(unitGraph(root))).toEqual([['a', 'b', 'c']]);
  });

  it('finds an import upwards, one between siblings, and a folder with no layer', () => {
    const root = tree({
      'db/d.ts': ['../modules/working-area/core/c'],
      'modules/working-area/core/c.ts': [],
      'modules/working-area/one/o.ts': ['../two/t'],
      'modules/working-area/two/t.ts': ['../core/c'],
      'stray/s.ts': ['../db/d'],
    });
    const siblings = [
      { units: ['db'] },
      { units: ['modules/working-area/core'] },
      { units: ['modules/working-area/*'], independent: true },
    ];
    expect(
      layerViolations(unitGraph(root), siblings)
        .map((line) => line.split(':')[0])
        .sort(),
    ).toEqual(['db -> modules/working-area/core', 'modules/working-area/one -> modules/working-area/two', 'stray']);
  });
});
