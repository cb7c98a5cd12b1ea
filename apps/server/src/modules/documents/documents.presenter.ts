import { count, inArray, or } from 'drizzle-orm';
import { documentSettingsSchema, type DocumentPresented, type DocumentSettings } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { documentLinks, documents, requirements } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;

export function completeDocumentSettings(stored: Record<string, unknown>): DocumentSettings {
  const parsed = documentSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : {};
}

/** Presents documents with their parent and child document ids, in three queries whatever their count. */
export async function presentDocuments(db: Db, rows: DocumentRow[]): Promise<DocumentPresented[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((d) => d.id);
  const links = await db
    .select()
    .from(documentLinks)
    .where(or(inArray(documentLinks.parentId, ids), inArray(documentLinks.childId, ids)));
  const counts = await db
    .select({ documentId: requirements.documentId, n: count() })
    .from(requirements)
    .where(inArray(requirements.documentId, ids))
    .groupBy(requirements.documentId);
  const countOf = new Map(counts.map((c) => [c.documentId, Number(c.n)]));
  return rows.map((d) => ({
    id: d.id,
    project_id: d.projectId,
    name: d.name,
    acronym: d.acronym,
    reference: d.acronym,
    description: d.description,
    parents: links
      .filter((l) => l.childId === d.id)
      .map((l) => l.parentId)
      .sort((a, b) => a - b),
    children: links
      .filter((l) => l.parentId === d.id)
      .map((l) => l.childId)
      .sort((a, b) => a - b),
    settings: completeDocumentSettings(d.settings),
    requirements_count: countOf.get(d.id) ?? 0,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  }));
}

export async function presentDocument(db: Db, row: DocumentRow): Promise<DocumentPresented> {
  const [presented] = await presentDocuments(db, [row]);
  return presented!;
}
