import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type {
  ClassifierPresented,
  CreateClassifierBody,
  CreateTagBody,
  TagPresented,
  UpdateClassifierBody,
  UpdateTagBody,
} from '@reqloom/domain';
import type { Db } from '../../db/client';
import { lockDocument } from '../../core/locks';
import { classifiers, documents, requirements, requirementTags, tags } from '../../db/schema';
import { invalid, notFound, type FieldErrors } from '../../core/errors';
import type { ProjectRow } from '../../policies/project-access';
import type { Work } from '../../core/work';
import { presentClassifiersByIds, presentTag, type ClassifierRow } from '../../read/classifiers.presenter';
import { changedFields, type AuditFact } from '../../core/audit';

/** The trail's facts of classifiers and tags (decisions §21): in their document; a tag named with its classifier. */
const classifierFact = (
  classifier: { id: number; name: string; documentId: number },
  fact: Pick<AuditFact, 'action' | 'changes'>,
): AuditFact => ({
  ...fact,
  entityType: 'classifier',
  entityId: classifier.id,
  reference: classifier.name,
  documentId: classifier.documentId,
});
const tagFact = (
  classifier: { name: string; documentId: number },
  tag: { id: number; title: string },
  fact: Pick<AuditFact, 'action' | 'changes'>,
): AuditFact => ({
  ...fact,
  entityType: 'tag',
  entityId: tag.id,
  reference: `${classifier.name}: ${tag.title}`,
  documentId: classifier.documentId,
});

// Every write here locks the classifier's document first, as requirement writes do (db/locks.ts): a tag set on
// a requirement and a change of its classifier (single-select, a deletion) then run one after the other.

/** Loads a classifier for a write, its document locked; 404 when it is gone or not in the project. */
async function loadClassifierForWrite(tx: Db, project: ProjectRow, id: number): Promise<ClassifierRow> {
  const peek = async () =>
    (
      await tx
        .select({ classifier: classifiers, projectId: documents.projectId })
        .from(classifiers)
        .innerJoin(documents, eq(documents.id, classifiers.documentId))
        .where(eq(classifiers.id, id))
    )[0];
  const before = await peek();
  if (!before || before.projectId !== project.id) throw notFound();
  await lockDocument(tx, before.classifier.documentId);
  const after = await peek();
  if (!after) throw notFound();
  return after.classifier;
}

async function loadTagForWrite(tx: Db, project: ProjectRow, id: number) {
  const [row] = await tx.select({ classifierId: tags.classifierId }).from(tags).where(eq(tags.id, id));
  if (!row) throw notFound();
  const classifier = await loadClassifierForWrite(tx, project, row.classifierId);
  const [tag] = await tx.select().from(tags).where(eq(tags.id, id));
  if (!tag) throw notFound();
  return { tag, classifier };
}

/** A title is unique in its classifier whatever its letter case (decisions §12); the unique index holds it too. */
async function titleTaken(tx: Db, classifierId: number, title: string, exceptTagId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.classifierId, classifierId),
        sql`lower(${tags.title}) = lower(${title})`,
        exceptTagId === undefined ? undefined : ne(tags.id, exceptTagId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The requirements holding any of these tags move to their next version (decisions §19: tags are part of the
 * element) before the tags leave them, and their lists are told to reload: their badges and columns change.
 */
async function takeTagsOffRequirements(work: Work, project: ProjectRow, documentId: number, tagIds: number[]) {
  if (tagIds.length === 0) return;
  const touched = await work.tx
    .update(requirements)
    .set({ version: sql`${requirements.version} + 1` })
    .where(
      inArray(
        requirements.id,
        work.tx
          .select({ id: requirementTags.requirementId })
          .from(requirementTags)
          .where(inArray(requirementTags.tagId, tagIds)),
      ),
    )
    .returning({ id: requirements.id });
  if (touched.length)
    work.record({ name: 'RequirementListsChanged', projectId: project.id, documentIds: [documentId] });
}

async function answerClassifier(tx: Db, id: number): Promise<ClassifierPresented> {
  const presented = (await presentClassifiersByIds(tx, [id])).get(id);
  if (!presented) throw notFound();
  return presented;
}

export async function createClassifier(
  work: Work,
  project: ProjectRow,
  body: CreateClassifierBody,
): Promise<ClassifierPresented> {
  const { tx } = work;
  const [document] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, body.document_id), eq(documents.projectId, project.id)));
  if (!document) throw invalid({ document_id: ['validation.in'] });
  await lockDocument(tx, document.id);
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  body.tags.forEach((tag, index) => {
    const key = tag.title.toLowerCase();
    if (seen.has(key)) errors[`tags.${index}.title`] = ['validation.tag_title_taken'];
    seen.add(key);
  });
  if (Object.keys(errors).length) throw invalid(errors);
  const [classifier] = await tx
    .insert(classifiers)
    .values({ documentId: document.id, name: body.name, multiselect: body.multiselect })
    .returning();
  if (body.tags.length) {
    await tx
      .insert(tags)
      .values(body.tags.map((t) => ({ classifierId: classifier!.id, title: t.title, color: t.color })));
  }
  work.record(
    { name: 'ClassifierChanged', projectId: project.id, classifierId: classifier!.id },
    classifierFact(classifier!, {
      action: 'created',
      changes: {
        name: { new: classifier!.name },
        multiselect: { new: classifier!.multiselect },
        // Its first tags come with it, in this one entry.
        tags: { new: body.tags.map((t) => t.title) },
      },
    }),
  );
  return answerClassifier(tx, classifier!.id);
}

export async function updateClassifier(
  work: Work,
  project: ProjectRow,
  id: number,
  body: UpdateClassifierBody,
): Promise<ClassifierPresented> {
  const { tx } = work;
  const current = await loadClassifierForWrite(tx, project, id);
  if (body.multiselect === false && current.multiselect) {
    // Single-select holds one tag per requirement: refused while a requirement holds two (decisions §12).
    const [crowded] = await tx
      .select({ requirementId: requirementTags.requirementId })
      .from(requirementTags)
      .innerJoin(tags, eq(tags.id, requirementTags.tagId))
      .where(eq(tags.classifierId, id))
      .groupBy(requirementTags.requirementId)
      .having(sql`count(*) > 1`)
      .limit(1);
    if (crowded) throw invalid({ multiselect: ['validation.multiselect_in_use'] });
  }
  const name = body.name ?? current.name;
  const multiselect = body.multiselect ?? current.multiselect;
  if (name !== current.name || multiselect !== current.multiselect) {
    await tx.update(classifiers).set({ name, multiselect }).where(eq(classifiers.id, id));
    work.record(
      { name: 'ClassifierChanged', projectId: project.id, classifierId: id },
      classifierFact(
        { ...current, name },
        { action: 'updated', changes: changedFields(current, { name, multiselect }, ['name', 'multiselect']) },
      ),
    );
  }
  return answerClassifier(tx, id);
}

/** Deletes a classifier and its tags; they leave every requirement (cascade). */
export async function deleteClassifier(work: Work, project: ProjectRow, id: number): Promise<void> {
  const { tx } = work;
  const classifier = await loadClassifierForWrite(tx, project, id);
  const held = await tx
    .select({ id: tags.id, title: tags.title })
    .from(tags)
    .where(eq(tags.classifierId, id))
    .orderBy(tags.id);
  const tagIds = held.map((t) => t.id);
  await takeTagsOffRequirements(work, project, classifier.documentId, tagIds);
  await tx.delete(classifiers).where(eq(classifiers.id, id));
  work.record(
    { name: 'ClassifierDeleted', projectId: project.id, documentId: classifier.documentId, classifierId: id },
    classifierFact(classifier, {
      action: 'deleted',
      changes: {
        name: { old: classifier.name },
        multiselect: { old: classifier.multiselect },
        // Its tags go with it, in this one entry.
        tags: { old: held.map((t) => t.title) },
      },
    }),
  );
}

export async function createTag(work: Work, project: ProjectRow, body: CreateTagBody): Promise<TagPresented> {
  const { tx } = work;
  const classifier = await loadClassifierForWrite(tx, project, body.classifier_id);
  if (await titleTaken(tx, classifier.id, body.title)) throw invalid({ title: ['validation.tag_title_taken'] });
  const [tag] = await tx
    .insert(tags)
    .values({ classifierId: classifier.id, title: body.title, color: body.color })
    .returning();
  work.record(
    { name: 'TagChanged', projectId: project.id, tagId: tag!.id },
    tagFact(classifier, tag!, {
      action: 'created',
      changes: { title: { new: tag!.title }, color: { new: tag!.color } },
    }),
  );
  return presentTag(tag!);
}

export async function updateTag(
  work: Work,
  project: ProjectRow,
  id: number,
  body: UpdateTagBody,
): Promise<TagPresented> {
  const { tx } = work;
  const { tag, classifier } = await loadTagForWrite(tx, project, id);
  const title = body.title ?? tag.title;
  const color = body.color ?? tag.color;
  if (title !== tag.title && (await titleTaken(tx, classifier.id, title, id))) {
    throw invalid({ title: ['validation.tag_title_taken'] });
  }
  if (title === tag.title && color === tag.color) return presentTag(tag);
  const [updated] = await tx.update(tags).set({ title, color }).where(eq(tags.id, id)).returning();
  work.record(
    { name: 'TagChanged', projectId: project.id, tagId: id },
    tagFact(classifier, updated!, {
      action: 'updated',
      changes: changedFields(tag, updated!, ['title', 'color']),
    }),
  );
  // The requirements holding it show its title and colour: their lists reload.
  const [held] = await tx
    .select({ id: requirementTags.requirementId })
    .from(requirementTags)
    .where(eq(requirementTags.tagId, id))
    .limit(1);
  if (held)
    work.record({ name: 'RequirementListsChanged', projectId: project.id, documentIds: [classifier.documentId] });
  return presentTag(updated!);
}

export async function deleteTag(work: Work, project: ProjectRow, id: number): Promise<void> {
  const { tx } = work;
  const { tag, classifier } = await loadTagForWrite(tx, project, id);
  await takeTagsOffRequirements(work, project, classifier.documentId, [tag.id]);
  await tx.delete(tags).where(eq(tags.id, id));
  work.record(
    { name: 'TagDeleted', projectId: project.id, classifierId: classifier.id, tagId: id },
    tagFact(classifier, tag, { action: 'deleted', changes: { title: { old: tag.title }, color: { old: tag.color } } }),
  );
}
