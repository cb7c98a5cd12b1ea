import type { RequirementPresented } from '../schemas/requirements';

/**
 * The text a signature's content hash is the SHA-256 of (decisions §23). Anyone can rebuild it from the baseline's own
 * answers, without Reqloom: `GET baselines/{id}` for its documents, `GET baselines/requirements/{id}?document_id` for
 * each document's requirements. docs/decisions.md §23 gives the recipe, in Python too.
 *
 * - The first line is `CONTENT_HASH_VERSION`; then, for each document in ascending id, the line `["document",id]`, and
 *   after it one line per requirement, in the order the baseline answers them (reading order).
 * - A requirement's line is the JSON of an object of the fields below only, keys sorted, no spaces: what a reviewer
 *   reads and signs (reference, name, description, status, type, category, tags, attributes, links with their
 *   up-to-date mark, a test's conditions and steps), not what moves without a change of content (version, times,
 *   order numbers, comments, colours, coverage, which is drawn from the links).
 * - Tags (`{id, classifier_id, title}`) and links (`{id, upToDate}`) sorted by id; attributes are an object, so its
 *   keys are sorted like every other.
 * - Lines are joined by `\n`, no newline at the end; the hash is of the UTF-8 bytes, written as lower-case hex.
 *
 * Pure: no hashing here (the web has no synchronous SHA-256); the server hashes with node:crypto.
 */
export const CONTENT_HASH_VERSION = 'reqloom-content/1';

export type ContentHashDocument = { id: number; requirements: readonly RequirementPresented[] };

/** JSON with the keys of every object sorted (UTF-16 order) and no spaces: one spelling per value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

const byId = <T extends { id: number }>(list: readonly T[]) => [...list].sort((a, b) => a.id - b.id);

/** The fields of a requirement that the hash covers. */
export function hashedRequirement(r: RequirementPresented): Record<string, unknown> {
  return {
    id: r.id,
    reference: r.reference,
    name: r.name,
    description: r.description,
    status: r.status,
    type: r.type,
    category_id: r.category_id,
    tags: byId(r.tags).map((t) => ({ id: t.id, classifier_id: t.classifier_id, title: t.title })),
    attributes: r.attributes,
    parents: byId(r.parents).map((l) => ({ id: l.id, upToDate: l.upToDate })),
    children: byId(r.children).map((l) => ({ id: l.id, upToDate: l.upToDate })),
    // Present on a test only: a requirement's line has no such keys at all.
    initialConditions: r.type === 'test' ? (r.initialConditions ?? '') : undefined,
    steps: r.type === 'test' ? (r.steps ?? []) : undefined,
  };
}

/** The canonical text of a baseline's content: hash its UTF-8 bytes with SHA-256. */
export function contentHashText(documents: readonly ContentHashDocument[]): string {
  const lines = [CONTENT_HASH_VERSION];
  for (const document of byId(documents)) {
    lines.push(canonicalJson(['document', document.id]));
    for (const requirement of document.requirements) lines.push(canonicalJson(hashedRequirement(requirement)));
  }
  return lines.join('\n');
}
