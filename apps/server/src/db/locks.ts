import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { categories, documents, projects, requirements } from './schema';
import { notFound } from '../http/errors';

// Writes that read before they write (the last position among siblings, a cycle check, a neighbour to swap
// with) take the row lock of the document, or of the project for the document graph, first: two such writes
// then run one after the other instead of both acting on the same stale reading.
//
// A write to one element first loads it under a row lock inside the unit of work: a concurrent DELETE then
// either waits for the write to commit, or has already removed the row and the write answers 404. `no key
// update` does not block the key-share locks that inserting links or children takes; a delete takes `update`.

export type LockStrength = 'update' | 'no key update';

export async function lockDocument(tx: Db, documentId: number): Promise<void> {
  const [row] = await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, documentId)).for('update');
  if (!row) throw notFound();
}

/** Locks several documents in id order, so that two writes locking the same pair cannot deadlock. */
export async function lockDocuments(tx: Db, documentIds: number[]): Promise<void> {
  for (const id of [...new Set(documentIds)].sort((a, b) => a - b)) await lockDocument(tx, id);
}

export async function lockProject(tx: Db, projectId: number): Promise<void> {
  const [row] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
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
