import type { StructureDocument } from '../../working-area/api/workingAreaApi';
import type { MapRequirement } from './mapData';

/** What the map is centred on (spec 2: project, document or requirement; a category from the detailed view). */
export type MapElement = { view: 'project' } | { view: 'document' | 'category' | 'requirement'; id: number };

/** The cards of an element's trace; every other card is inactive (decisions §18). */
export interface Trace {
  documents: Set<number>;
  categories: Set<number>;
  requirements: Set<number>;
}

export interface TraceData {
  documents: readonly StructureDocument[];
  requirements: ReadonlyMap<number, MapRequirement>;
}

/** Everything reachable from `start` one way (parents or children), `start` included. */
function reach(start: Iterable<number>, next: (id: number) => readonly number[]): Set<number> {
  const seen = new Set<number>(start);
  const queue = [...seen];
  while (queue.length > 0) {
    for (const other of next(queue.pop()!)) {
      if (!seen.has(other)) {
        seen.add(other);
        queue.push(other);
      }
    }
  }
  return seen;
}

/** The requirements an element stands for: itself, or every requirement of a document or a category's sub-tree. */
function seedsOf(element: Exclude<MapElement, { view: 'project' }>, data: TraceData): number[] {
  if (element.view === 'requirement') return [element.id];
  const all = [...data.requirements.values()];
  if (element.view === 'document') return all.filter((r) => r.document_id === element.id).map((r) => r.id);
  const category = data.documents.flatMap((d) => d.categories).find((c) => c.id === element.id);
  if (!category) return [];
  const inTree = new Set(
    data.documents
      .flatMap((d) => d.categories)
      .filter((c) => c.document_id === category.document_id && c._lft >= category._lft && c._rgt <= category._rgt)
      .map((c) => c.id),
  );
  return all.filter((r) => r.category_id !== null && inTree.has(r.category_id)).map((r) => r.id);
}

/**
 * The trace of an element (decisions §18): its requirements, their ancestors through parent links and their
 * descendants through child links (transitively, one way each: a parent's other children are not in it), the
 * categories holding them and their documents. A document's trace also holds the documents above and below it.
 * The project has no trace: nothing is inactive.
 */
export function traceOf(element: MapElement, data: TraceData): Trace | null {
  if (element.view === 'project') return null;
  const seeds = seedsOf(element, data);
  const linked = (pick: (r: MapRequirement) => readonly { id: number }[]) => (id: number) => {
    const requirement = data.requirements.get(id);
    return requirement ? pick(requirement).map((link) => link.id) : [];
  };
  const requirements = new Set([
    ...reach(
      seeds,
      linked((r) => r.parents),
    ),
    ...reach(
      seeds,
      linked((r) => r.children),
    ),
  ]);

  const categoryById = new Map(data.documents.flatMap((d) => d.categories).map((c) => [c.id, c]));
  const categories = new Set<number>();
  const withAncestors = (id: number | null) => {
    for (let c = id === null ? undefined : categoryById.get(id); c && !categories.has(c.id);) {
      categories.add(c.id);
      c = c.parent_id === null ? undefined : categoryById.get(c.parent_id);
    }
  };
  const documents = new Set<number>();
  for (const id of requirements) {
    const requirement = data.requirements.get(id);
    if (!requirement) continue;
    documents.add(requirement.document_id);
    withAncestors(requirement.category_id);
  }
  if (element.view === 'category') {
    withAncestors(element.id);
    const category = categoryById.get(element.id);
    if (category) documents.add(category.document_id);
  }
  if (element.view === 'document') {
    const byId = new Map(data.documents.map((d) => [d.id, d]));
    const up = reach([element.id], (id) => byId.get(id)?.parents ?? []);
    const down = reach([element.id], (id) => byId.get(id)?.children ?? []);
    for (const id of [...up, ...down]) if (byId.has(id)) documents.add(id);
  }
  return { documents, categories, requirements };
}

/** The cards outside a trace: dimmed, or left out of the map with hideInactive. */
export function inactiveSets(trace: Trace | null, data: TraceData): Trace {
  const inactive: Trace = { documents: new Set(), categories: new Set(), requirements: new Set() };
  if (!trace) return inactive;
  for (const d of data.documents) {
    if (!trace.documents.has(d.id)) inactive.documents.add(d.id);
    for (const c of d.categories) if (!trace.categories.has(c.id)) inactive.categories.add(c.id);
  }
  for (const id of data.requirements.keys()) if (!trace.requirements.has(id)) inactive.requirements.add(id);
  return inactive;
}
