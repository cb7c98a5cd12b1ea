import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loops, unitGraph, type UnitGraph } from './layers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webSource = path.join(root, 'apps/web/src');

/**
 * The web client's layers, from the bottom up. A unit (a top folder or file of apps/web/src, or one
 * features/<name>) imports only units of its own layer or of a layer below; within a layer, imports go one way
 * (no loop). `features/*` names every feature. A new top folder must be given a layer here.
 */
const WEB_LAYERS: readonly (readonly string[])[] = [
  ['i18n'],
  ['api'],
  // Shared pieces that know no feature: generic components, small helpers and stores.
  ['components', 'lib'],
  ['features/*'],
  // Routes, providers, the project shell: composes the features, imported by none of them.
  ['app'],
  // The entry point, and the helpers of the tests (they render features inside a test page).
  ['main', 'test'],
];

function layerOf(unit: string, layers: readonly (readonly string[])[]): number {
  return layers.findIndex((layer) =>
    layer.some((name) => (name.endsWith('/*') ? unit.startsWith(name.slice(0, -1)) : unit === name)),
  );
}

/** Every import that breaks the layers: from a unit with no layer, or to a unit of a higher layer. */
function layerViolations(graph: UnitGraph, layers: readonly (readonly string[])[]): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    const fromLayer = layerOf(from, layers);
    if (fromLayer === -1) found.push(`${from} has no layer`);
    for (const [to, example] of targets) {
      const toLayer = layerOf(to, layers);
      if (toLayer === -1) found.push(`${to} has no layer (${example})`);
      else if (fromLayer !== -1 && toLayer > fromLayer) found.push(`${from} -> ${to} imports upwards (${example})`);
    }
  }
  return found;
}

describe('the web client layers', () => {
  const graph = unitGraph(webSource);

  it('has no loop between folders (node scripts/layers.mjs apps/web/src shows them)', () => {
    expect(loops(graph)).toEqual([]);
  });

  it('imports only downwards', () => {
    expect(layerViolations(graph, WEB_LAYERS)).toEqual([]);
  });

  it('finds the units it checks', () => {
    for (const unit of ['api', 'components', 'lib', 'features/working-area', 'app', 'main'])
      expect(graph.has(unit)).toBe(true);
  });

  it('reports an import from a lower layer to a higher one, and a unit with no layer', () => {
    const fixture: UnitGraph = new Map([
      ['features/comments', new Map([['app', 'features/comments/CommentItem.tsx -> app/avatarInitials.ts']])],
      ['app', new Map([['features/comments', 'app/AppRoutes.tsx -> features/comments/CommentsPanel.tsx']])],
      ['stray', new Map()],
    ]);
    expect(layerViolations(fixture, WEB_LAYERS)).toEqual([
      'features/comments -> app imports upwards (features/comments/CommentItem.tsx -> app/avatarInitials.ts)',
      'stray has no layer',
    ]);
    expect(loops(fixture)).toEqual([['app', 'features/comments']]);
  });
});
