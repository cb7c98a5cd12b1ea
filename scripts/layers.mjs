// The folders of a source tree and the imports between them: which folders reach each other (a loop), and which
// import a folder that their layer may not (the layers of each tree are in layers.config.mjs). `node scripts/layers.mjs apps/server/src` prints what it finds.
// A unit is a top folder of the tree (or a top file, by its name), except under `modules/` and `features/`,
// where each sub-folder is a unit of its own, and under a module of siblings (`modules/working-area/`), where each
// sibling is a unit: `modules/working-area/core`, `modules/working-area/requirements`, …
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SPLIT = new Set(['modules', 'features']);
/** Modules made of siblings over a shared core: each sub-folder is a unit of its own. */
const SIBLINGS = new Set(['modules/working-area']);

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      out.push(full);
  }
  return out;
}

/** The unit a file belongs to, named by its path under the root: `http`, `modules/auth`, `work.ts`. */
export function unitOf(root, file) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts.length === 1) return parts[0].replace(/\.(tsx?|mjs|js)$/, '');
  if (SIBLINGS.has(`${parts[0]}/${parts[1]}`) && parts.length > 3) return parts.slice(0, 3).join('/');
  if (SPLIT.has(parts[0]) && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  if (SPLIT.has(parts[0])) return `${parts[0]}/${parts[1].replace(/\.(tsx?|mjs|js)$/, '')}`;
  return parts[0];
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.mjs`,
    `${base}.js`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** Every edge between units, each with one file-level example: Map<from, Map<to, "a.ts -> b.ts">>. */
export function unitGraph(root) {
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const from = unitOf(root, file);
    if (!graph.has(from)) graph.set(from, new Map());
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveImport(file, fileName);
      if (!target || !target.startsWith(root + path.sep)) continue;
      const to = unitOf(root, target);
      if (to === from || graph.get(from).has(to)) continue;
      graph.get(from).set(to, `${path.relative(root, file)} -> ${path.relative(root, target)}`);
    }
  }
  return graph;
}

/** The loops: strongly connected components of more than one unit (Tarjan). */
export function loops(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (node) => {
    meta.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!meta.has(next)) {
        visit(next);
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
      } else if (meta.get(next).onStack) meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
    }
    if (meta.get(node).low === meta.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        meta.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!meta.has(node)) visit(node);
  return found;
}

const matches = (pattern, unit) => {
  const p = pattern.split('/');
  const u = unit.split('/');
  return p.length === u.length && p.every((part, i) => part === '*' || part === u[i]);
};

/** The layer of a unit: the index of the first layer with a pattern naming it exactly, else with `*`; -1 if none. */
export function layerOf(layers, unit) {
  const exact = layers.findIndex((layer) => layer.units.includes(unit));
  return exact >= 0 ? exact : layers.findIndex((layer) => layer.units.some((pattern) => matches(pattern, unit)));
}

/** The imports that break the layers: upwards, between independent siblings, or from or to a unit with no layer. */
export function layerViolations(graph, layers) {
  const found = [];
  for (const [from, targets] of graph) {
    const own = layerOf(layers, from);
    if (own < 0) found.push(`${from}: in no layer`);
    for (const [to, example] of targets) {
      const other = layerOf(layers, to);
      if (other < 0 || own < 0) continue;
      if (other > own) found.push(`${from} -> ${to}: imports a layer above its own   (${example})`);
      else if (other === own && layers[own].independent)
        found.push(`${from} -> ${to}: imports an independent sibling   (${example})`);
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? 'apps/server/src');
  const graph = unitGraph(root);
  const found = loops(graph);
  const { LAYERS } = await import('./layers.config.mjs');
  const layers = LAYERS[path.relative(path.dirname(path.dirname(fileURLToPath(import.meta.url))), root)];
  const broken = layers ? layerViolations(graph, layers) : [];
  for (const line of broken) console.log(`layers: ${line}`);
  if (found.length === 0) console.log(`${path.relative(process.cwd(), root)}: no loop between folders`);
  for (const component of found) {
    console.log(`loop of ${component.length}: ${component.join(', ')}`);
    for (const from of component)
      for (const [to, example] of graph.get(from) ?? [])
        if (component.includes(to)) console.log(`  ${from} -> ${to}   (${example})`);
  }
  process.exitCode = found.length === 0 && broken.length === 0 ? 0 : 1;
}
