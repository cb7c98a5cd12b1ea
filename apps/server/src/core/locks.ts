import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, documentLinks, documents, projects, requirementLinks, requirements } from '../db/schema';
import { notFound } from './errors';

// Writes that read before they write (the last position among siblings, a cycle check, a neighbour to swap
// with) take the row lock of the document, or of the project for the document graph, first: two such writes
// then run one after the other instead of both acting on the same stale reading.
//
// A write to one element first loads it under a row lock inside the unit of work: a concurrent DELETE then
// either waits for the write to commit, or has already removed the row and the write answers 404. `no key
// update` does not block the key-share locks that inserting links or children takes; a delete takes `update`.

export type LockStrength = 'update' | 'no key update';

// One order for every write, so that two writes never wait on each other: the project, then documents (in id
// order), then categories, then requirements, then links. A foreign key takes a `key share` lock on the row it
// points to, so inserting a requirement or a link locks its project row *after* the document: a project's deletion,
// which locked the project and then cascaded into the document, deadlocked with it on PostgreSQL (decisions §19).
// So every unit of work in a project takes `key share` on the project first (`update` when it deletes it), and the
// document graph's writes, which must run one at a time, take `no key update`, which does not conflict with `key
// share`: a write that holds a document never waits for the project.
export type ProjectLockStrength = 'key share' | 'update';

/** The first lock of a unit of work in a project (http/work.ts): 404 when the project is gone. */
export async function lockProjectFirst(tx: Db, projectId: number, strength: ProjectLockStrength): Promise<void> {
  const [row] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for(strength);
  if (!row) throw notFound();
}

/** The first lock of work that knows only its requirement (the collaboration write-back): its project's. */
export async function lockProjectOfRequirement(tx: Db, requirementId: number): Promise<void> {
  await tx.execute(
    sql`select 1 from projects p join documents d on d.project_id = p.id join requirements r on r.document_id = d.id
        where r.id = ${requirementId} for key share of p`,
  );
}

export async function lockDocument(tx: Db, documentId: number): Promise<void> {
  const [row] = await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, documentId)).for('update');
  if (!row) throw notFound();
}

/** Locks several documents in id order, so that two writes locking the same pair cannot deadlock. */
export async function lockDocuments(tx: Db, documentIds: number[]): Promise<void> {
  for (const id of [...new Set(documentIds)].sort((a, b) => a - b)) await lockDocument(tx, id);
}

/**
 * Locks, in id order, the given documents of the project and those of the given requirements, before any requirement
 * row: a write that links or creates requirements across documents (parents, children) would otherwise lock its own
 * document, then reach into another through a foreign key, while that document's deletion, holding it, cascades back.
 * Ids that are not documents of the project are passed over: the write's own checks answer for them.
 */
export async function lockDocumentsOf(
  tx: Db,
  projectId: number,
  documentIds: number[],
  requirementIds: number[],
): Promise<void> {
  const ids = new Set(documentIds);
  if (requirementIds.length) {
    const rows = await tx
      .selectDistinct({ documentId: requirements.documentId })
      .from(requirements)
      .where(inArray(requirements.id, [...new Set(requirementIds)]));
    for (const row of rows) ids.add(row.documentId);
  }
  if (ids.size === 0) return;
  // One statement: with ORDER BY, PostgreSQL locks the rows in the order it returns them.
  await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.projectId, projectId), inArray(documents.id, [...ids])))
    .orderBy(asc(documents.id))
    .for('update');
}

/**
 * Locks the requirement's document, the documents of every requirement it is linked to, and `documentIds` and the
 * documents of `requirementIds`, in id order: deleting it or changing its links deletes links, whose trigger moves the
 * version of the requirement at the other end, in another document.
 */
export async function lockDocumentsAround(
  tx: Db,
  projectId: number,
  requirementId: number,
  documentIds: number[] = [],
  requirementIds: number[] = [],
): Promise<void> {
  const links = await tx
    .select({ parentId: requirementLinks.parentId, childId: requirementLinks.childId })
    .from(requirementLinks)
    .where(or(eq(requirementLinks.parentId, requirementId), eq(requirementLinks.childId, requirementId)));
  const linked = links.flatMap((l) => [l.parentId, l.childId]);
  await lockDocumentsOf(tx, projectId, documentIds, [requirementId, ...requirementIds, ...linked]);
}

/**
 * Locks the document and its neighbours in the document graph (and `others`), in id order: deleting a document, or
 * changing its parents, deletes links whose triggers move the version of the document, and of the requirements, at
 * their other end. Called under the project's lock, so the neighbours read here cannot change.
 */
export async function lockDocumentWithNeighbours(
  tx: Db,
  projectId: number,
  documentId: number,
  others: number[] = [],
): Promise<void> {
  const links = await tx
    .select({ parentId: documentLinks.parentId, childId: documentLinks.childId })
    .from(documentLinks)
    .where(or(eq(documentLinks.parentId, documentId), eq(documentLinks.childId, documentId)));
  await lockDocumentsOf(tx, projectId, [documentId, ...others, ...links.flatMap((l) => [l.parentId, l.childId])], []);
}

/** Serialises the project's document graph writes (and imports' publishing); see the order above. */
export async function lockProject(tx: Db, projectId: number): Promise<void> {
  const [row] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('no key update');
  if (!row) throw notFound();
}

export async function loadProjectForWrite(tx: Db, id: number, strength: LockStrength = 'no key update') {
  const [row] = await tx.select().from(projects).where(eq(projects.id, id)).for(strength);
  if (!row) throw notFound();
  return row;
}

export async function loadDocumentForWrite(tx: Db, id: number, strength: LockStrength = 'no key update') {
  const [row] = await tx.select().from(documents).where(eq(documents.id, id)).for(strength);
  if (!row) throw notFound();
  return row;
}

/**
 * Locks the element's document, then the element: every write inside a document takes the document first,
 * so two writes never wait on each other in opposite orders. A move to another document between the two
 * reads is caught and the lock taken again.
 */
async function loadInDocument<Row extends { documentId: number }>(
  tx: Db,
  peek: () => Promise<{ documentId: number } | undefined>,
  lock: () => Promise<Row | undefined>,
): Promise<Row> {
  for (;;) {
    const before = await peek();
    if (!before) throw notFound();
    await lockDocument(tx, before.documentId);
    const row = await lock();
    if (!row) throw notFound();
    if (row.documentId === before.documentId) return row;
  }
}

export function loadCategoryForWrite(tx: Db, id: number, strength: LockStrength = 'no key update') {
  return loadInDocument(
    tx,
    async () =>
      (await tx.select({ documentId: categories.documentId }).from(categories).where(eq(categories.id, id)))[0],
    async () => (await tx.select().from(categories).where(eq(categories.id, id)).for(strength))[0],
  );
}

/**
 * Locks a requirement's row alone, for a change of its own fields (name, description, status, a test's
 * contents): no sibling is read, so the document's lock, which made every such write of a document wait for the
 * one before (a team reviewing one document, the collaboration write-backs of its descriptions), is not taken.
 * The order stays safe: this write then waits for no other lock (its revision and shared state reference only
 * its own row, and its category and document do not change), so a write that holds the document and waits
 * for this row cannot be waited on in turn.
 */
export async function loadRequirementRowForWrite(tx: Db, id: number): Promise<typeof requirements.$inferSelect> {
  const [row] = await tx.select().from(requirements).where(eq(requirements.id, id)).for('no key update');
  if (!row) throw notFound();
  return row;
}

export function loadRequirementForWrite(tx: Db, id: number, strength: LockStrength = 'no key update') {
  return loadInDocument(
    tx,
    async () =>
      (await tx.select({ documentId: requirements.documentId }).from(requirements).where(eq(requirements.id, id)))[0],
    async () => (await tx.select().from(requirements).where(eq(requirements.id, id)).for(strength))[0],
  );
}
