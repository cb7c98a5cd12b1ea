import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { documents, projects } from './schema';

// Writes that read before they write (the last position among siblings, a cycle check, a neighbour to swap
// with) take the row lock of the document, or of the project for the document graph, first: two such writes
// then run one after the other instead of both acting on the same stale reading.

export async function lockDocument(tx: Db, documentId: number): Promise<void> {
  await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, documentId)).for('update');
}

/** Locks several documents in id order, so that two writes locking the same pair cannot deadlock. */
export async function lockDocuments(tx: Db, documentIds: number[]): Promise<void> {
  for (const id of [...new Set(documentIds)].sort((a, b) => a - b)) await lockDocument(tx, id);
}

export async function lockProject(tx: Db, projectId: number): Promise<void> {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
}
