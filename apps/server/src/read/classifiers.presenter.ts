import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { ClassifierPresented, TagPresented } from '@reqloom/domain';
import type { Db } from '../db/client';
import { classifiers, tags } from '../db/schema';

export type ClassifierRow = typeof classifiers.$inferSelect;
export type TagRow = typeof tags.$inferSelect;

export const presentTag = (t: TagRow): TagPresented => ({
  id: t.id,
  classifier_id: t.classifierId,
  title: t.title,
  color: t.color,
});

/** Classifiers with their tags, both in creation order: two statements whatever their number. */
async function presentRows(db: Db, rows: ClassifierRow[]): Promise<ClassifierPresented[]> {
  if (rows.length === 0) return [];
  const tagRows = await db
    .select()
    .from(tags)
    .where(
      inArray(
        tags.classifierId,
        rows.map((c) => c.id),
      ),
    )
    .orderBy(asc(tags.id));
  return rows.map((c) => ({
    id: c.id,
    document_id: c.documentId,
    name: c.name,
    multiselect: c.multiselect,
    tags: tagRows.filter((t) => t.classifierId === c.id).map(presentTag),
  }));
}

/** GET documents/classifiers/{id}: the document's classifiers in creation order (decisions §12). */
export async function presentDocumentClassifiers(db: Db, documentId: number): Promise<ClassifierPresented[]> {
  const rows = await db
    .select()
    .from(classifiers)
    .where(eq(classifiers.documentId, documentId))
    .orderBy(asc(classifiers.id));
  return presentRows(db, rows);
}

export async function presentClassifiersByIds(db: Db, ids: number[]): Promise<Map<number, ClassifierPresented>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(classifiers).where(inArray(classifiers.id, ids)).orderBy(asc(classifiers.id));
  return new Map((await presentRows(db, rows)).map((c) => [c.id, c]));
}

export async function presentTagsByIds(db: Db, ids: number[]): Promise<Map<number, TagPresented>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(tags).where(inArray(tags.id, ids));
  return new Map(rows.map((t) => [t.id, presentTag(t)]));
}

/**
 * A requirement's tags as one JSON column of the statement that reads it (classifier, then tag creation order):
 * tags cost a list no extra round trip. `requirementId` is the SQL of the requirement's id.
 */
export const tagsJsonSql = (requirementId: ReturnType<typeof sql>) => sql<TagPresented[]>`coalesce((
  select json_agg(json_build_object('id', t.id, 'classifier_id', t.classifier_id, 'title', t.title, 'color', t.color)
                  order by t.classifier_id, t.id)
    from requirement_tags rt join tags t on t.id = rt.tag_id
   where rt.requirement_id = ${requirementId}), '[]'::json)`;
