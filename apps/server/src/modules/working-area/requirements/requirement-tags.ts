import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { classifiers, requirementTags, tags } from '../../../db/schema';
import { invalid } from '../../../core/errors';

/**
 * Checks a requirement's new tag set (decisions §12): every tag of a classifier of its document, at most one tag
 * of a single-select classifier. Runs under the document's lock, like the classifier writes it races with.
 */
export async function checkTagSet(tx: Db, documentId: number, tagIds: number[]): Promise<number[]> {
  const wanted = [...new Set(tagIds)];
  if (wanted.length === 0) return [];
  const rows = await tx
    .select({
      id: tags.id,
      classifierId: tags.classifierId,
      documentId: classifiers.documentId,
      multiselect: classifiers.multiselect,
    })
    .from(tags)
    .innerJoin(classifiers, eq(classifiers.id, tags.classifierId))
    .where(inArray(tags.id, wanted));
  if (rows.length !== wanted.length || rows.some((r) => r.documentId !== documentId)) {
    throw invalid({ tags_id: ['validation.tag_other_document'] });
  }
  const perSingle = new Map<number, number>();
  for (const r of rows) if (!r.multiselect) perSingle.set(r.classifierId, (perSingle.get(r.classifierId) ?? 0) + 1);
  if ([...perSingle.values()].some((n) => n > 1)) throw invalid({ tags_id: ['validation.tag_single_select'] });
  return wanted;
}

/** The requirement's tag ids now. */
export async function tagIdsOf(tx: Db, requirementId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: requirementTags.tagId })
    .from(requirementTags)
    .where(eq(requirementTags.requirementId, requirementId));
  return rows.map((r) => r.id);
}

/** The requirement's tags with their titles, in the order the requirement presents them (classifier, then tag). */
export async function tagsOf(tx: Db, requirementId: number): Promise<{ id: number; title: string }[]> {
  return tx
    .select({ id: tags.id, title: tags.title })
    .from(requirementTags)
    .innerJoin(tags, eq(tags.id, requirementTags.tagId))
    .where(eq(requirementTags.requirementId, requirementId))
    .orderBy(tags.classifierId, tags.id);
}

/**
 * Replaces the requirement's tags with a checked set; true when it changed. `current` is its tag ids when the
 * caller has read them already (for the audit trail), to spare the statement.
 */
export async function replaceTags(
  tx: Db,
  requirementId: number,
  tagIds: number[],
  current?: number[],
): Promise<boolean> {
  const before = new Set(current ?? (await tagIdsOf(tx, requirementId)));
  const after = new Set(tagIds);
  const removed = [...before].filter((id) => !after.has(id));
  const added = [...after].filter((id) => !before.has(id));
  if (removed.length) {
    await tx
      .delete(requirementTags)
      .where(and(eq(requirementTags.requirementId, requirementId), inArray(requirementTags.tagId, removed)));
  }
  if (added.length) await tx.insert(requirementTags).values(added.map((tagId) => ({ requirementId, tagId })));
  return removed.length > 0 || added.length > 0;
}

/** Tags of another document's classifiers leave a requirement that moves there. */
export async function dropTagsOutside(tx: Db, requirementId: number, documentId: number): Promise<void> {
  await tx
    .delete(requirementTags)
    .where(
      and(
        eq(requirementTags.requirementId, requirementId),
        inArray(
          requirementTags.tagId,
          tx
            .select({ id: tags.id })
            .from(tags)
            .innerJoin(classifiers, eq(classifiers.id, tags.classifierId))
            .where(ne(classifiers.documentId, documentId)),
        ),
      ),
    );
}

/** A copy holds the original's tags (decisions §6). */
export async function copyTags(tx: Db, fromId: number, toId: number): Promise<void> {
  await tx.execute(sql`insert into requirement_tags (requirement_id, tag_id)
    select ${toId}, tag_id from requirement_tags where requirement_id = ${fromId}`);
}
