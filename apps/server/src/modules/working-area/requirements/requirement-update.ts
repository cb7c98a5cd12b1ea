import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { UpdateRequirementBody } from '@reqloom/domain';
import type { Db } from '../../../db/client';
import { lockDocumentsAround, loadRequirementForWrite, loadRequirementRowForWrite } from '../../../core/locks';
import { requirementLinks, requirements, revisions } from '../../../db/schema';
import { conflict, invalid, type FieldErrors } from '../../../core/errors';
import { sanitizeRichText } from '../../../security/sanitize';
import type { User } from '../../../core/identity';
import { presentRequirement, type RequirementRow } from '../../../read/requirements.presenter';
import { checkTagSet, dropTagsOutside, replaceTags } from './requirement-tags';
import {
  checkPreviousTests,
  cleanSteps,
  requireTestAccess,
  stepsChangeContent,
  testFieldsOnRequirement,
} from '../core/test-fields';
import { revisionOf } from '../core/revisions';
import {
  categoryBelongs,
  checkLinkTargets,
  documentInProject,
  linkedDocuments,
  nextRequirementPosition,
  takeReferenceNumber,
} from './requirement-rules';

// The steps of a partial update of a requirement (requirements.service.ts `updateRequirement`), in their order.

/** Where the requirement goes, checked: its document and category, and the tags it is to have. */
export type UpdateTarget = {
  documentId: number;
  movingDocument: boolean;
  categoryId: number | null;
  tagIds: number[] | undefined;
};

/** The requirement's own fields as the update leaves them, and what kind of change that is. */
export type NextState = {
  name: string;
  description: string;
  status: RequirementRow['status'];
  categoryChanged: boolean;
  initialConditions: RequirementRow['initialConditions'];
  steps: RequirementRow['steps'];
  previouslyPassedTests: RequirementRow['previouslyPassedTests'];
  /** Makes a revision and moves updated_at. */
  contentChanged: boolean;
  /** Changes only the version (a run's statuses and observations, the tests it follows). */
  testNoted: boolean;
};

/** Locks what the update reads, in the order of db/locks, and answers the requirement's row. */
export async function lockForUpdate(
  tx: Db,
  projectId: number,
  requirementId: number,
  body: UpdateRequirementBody,
): Promise<RequirementRow> {
  // Only a change of place, links or tags reads the document's other elements (positions, categories, what may
  // be linked, its tags) and needs the document's lock; a change of the requirement's own fields locks its row.
  const ownFieldsOnly =
    body.document_id === undefined &&
    body.category_id === undefined &&
    body.parents_id === undefined &&
    body.children_id === undefined &&
    body.tags_id === undefined;
  // Links reach into other documents, and a move into another: every document concerned is locked first, in id
  // order, before the requirement's row (db/locks.ts).
  if (!ownFieldsOnly) {
    const documentIds = body.document_id !== undefined ? [body.document_id] : [];
    await lockDocumentsAround(tx, projectId, requirementId, documentIds, [
      ...(body.parents_id ?? []),
      ...(body.children_id ?? []),
    ]);
  }
  return ownFieldsOnly
    ? await loadRequirementRowForWrite(tx, requirementId)
    : await loadRequirementForWrite(tx, requirementId);
}

/** Checks access to a test, the version, and the fields; throws what is wrong, else answers where it goes. */
export async function checkUpdate(
  tx: Db,
  user: User,
  projectId: number,
  current: RequirementRow,
  body: UpdateRequirementBody,
): Promise<UpdateTarget> {
  const isTest = current.type === 'test';
  if (isTest) requireTestAccess(user);
  if (body.version !== undefined && body.version !== current.version) {
    throw conflict(await presentRequirement(tx, current));
  }
  const errors: FieldErrors = isTest ? {} : testFieldsOnRequirement(body);
  if (isTest && body.previouslyPassedTests)
    await checkPreviousTests(tx, projectId, body.previouslyPassedTests, current.id, errors);
  const documentId = body.document_id ?? current.documentId;
  const movingDocument = documentId !== current.documentId;
  if (movingDocument && !(await documentInProject(tx, documentId, projectId))) errors.document_id = ['validation.in'];
  const categoryId = body.category_id !== undefined ? body.category_id : movingDocument ? null : current.categoryId;
  // The requirement's own category belongs to its document (a category never changes document; deleting one
  // takes the document's lock, and then this row's): only a new one, asked for under the document's lock, is
  // looked up. A change of own fields leaves the category as it is and writes no reference to it.
  const sameCategory = categoryId === current.categoryId && !movingDocument;
  if (
    !errors.document_id &&
    categoryId !== null &&
    !sameCategory &&
    !(await categoryBelongs(tx, categoryId, documentId))
  ) {
    errors.category_id = ['validation.not_in_document'];
  }
  if (!errors.document_id) {
    if (body.parents_id) await checkLinkTargets(tx, documentId, 'parents_id', body.parents_id, errors);
    if (body.children_id) await checkLinkTargets(tx, documentId, 'children_id', body.children_id, errors);
  }
  if (Object.keys(errors).length) throw invalid(errors);
  const tagIds = body.tags_id && (await checkTagSet(tx, documentId, body.tags_id));
  return { documentId, movingDocument, categoryId, tagIds };
}

/** The requirement's fields as the update leaves them (no I/O). */
export function nextState(current: RequirementRow, body: UpdateRequirementBody, target: UpdateTarget): NextState {
  const description = body.description !== undefined ? sanitizeRichText(body.description) : current.description;
  const name = body.name ?? current.name;
  const status = body.status ?? current.status;
  const categoryChanged = target.categoryId !== current.categoryId || target.movingDocument;
  // A test's conditions and the text of its steps are what it asks: they change it like its description does. The
  // statuses and observations of its steps (a run's) and the tests it follows change only its version.
  const initialConditions =
    body.initialConditions !== undefined ? sanitizeRichText(body.initialConditions) : current.initialConditions;
  const steps = body.steps !== undefined ? cleanSteps(body.steps) : current.steps;
  const previouslyPassedTests =
    body.previouslyPassedTests !== undefined ? [...new Set(body.previouslyPassedTests)] : current.previouslyPassedTests;
  const testChanged = initialConditions !== current.initialConditions || stepsChangeContent(current.steps, steps);
  const testNoted =
    JSON.stringify(steps) !== JSON.stringify(current.steps) ||
    JSON.stringify(previouslyPassedTests) !== JSON.stringify(current.previouslyPassedTests);
  const contentChanged =
    name !== current.name ||
    description !== current.description ||
    status !== current.status ||
    categoryChanged ||
    testChanged;
  return {
    name,
    description,
    status,
    categoryChanged,
    initialConditions,
    steps,
    previouslyPassedTests,
    contentChanged,
    testNoted,
  };
}

/** Writes a change of content, keeping the previous state as a revision; answers the row as written. */
export async function writeContent(
  tx: Db,
  userId: number,
  current: RequirementRow,
  next: NextState,
  target: UpdateTarget,
): Promise<RequirementRow | undefined> {
  const { documentId, categoryId } = target;
  const changes: Partial<typeof requirements.$inferInsert> = {
    name: next.name,
    description: next.description,
    status: next.status,
    initialConditions: next.initialConditions,
    steps: next.steps,
    previouslyPassedTests: next.previouslyPassedTests,
    updatedAt: new Date(),
    updatedBy: userId,
  };
  if (next.categoryChanged) {
    changes.categoryId = categoryId;
    changes.documentId = documentId;
    changes.position = await nextRequirementPosition(tx, documentId, categoryId);
    if (target.movingDocument) changes.referenceNumber = await takeReferenceNumber(tx, documentId);
  }
  // The previous state is kept as a revision by the same statement (a data-modifying WITH, which PostgreSQL runs
  // whether or not the update reads it): one round trip less while the row is locked.
  const kept = tx
    .$with('kept_revision')
    .as(tx.insert(revisions).values(revisionOf(current)).returning({ id: revisions.id }));
  const [updated] = await tx
    .with(kept)
    .update(requirements)
    .set(changes)
    .where(eq(requirements.id, current.id))
    .returning();
  return updated;
}

/** A link as a pair of requirements. */
export type LinkPair = { parentId: number; childId: number };

/** After a move to another document: drops the links that document does not allow; answers them. */
async function dropLinksOutside(tx: Db, requirementId: number, documentId: number): Promise<LinkPair[]> {
  const dropped: LinkPair[] = [];
  // Links the new document does not allow go (unless this call sets them anew, checked above).
  const linked = await linkedDocuments(tx, documentId);
  const links = await tx
    .select({
      parentId: requirementLinks.parentId,
      childId: requirementLinks.childId,
      parentDoc: sql<number>`p.document_id`,
      childDoc: sql<number>`c.document_id`,
    })
    .from(requirementLinks)
    .innerJoin(sql`${requirements} p`, sql`p.id = ${requirementLinks.parentId}`)
    .innerJoin(sql`${requirements} c`, sql`c.id = ${requirementLinks.childId}`)
    .where(or(eq(requirementLinks.parentId, requirementId), eq(requirementLinks.childId, requirementId)));
  for (const link of links) {
    const ok = link.childId === requirementId ? linked.parents.has(link.parentDoc) : linked.children.has(link.childDoc);
    if (!ok) {
      await tx
        .delete(requirementLinks)
        .where(and(eq(requirementLinks.parentId, link.parentId), eq(requirementLinks.childId, link.childId)));
      dropped.push({ parentId: link.parentId, childId: link.childId });
    }
  }
  return dropped;
}

/**
 * The update's link changes: those a move to another document drops, then the parents and children it sets anew;
 * answers the links removed and added.
 */
export async function writeLinks(
  tx: Db,
  projectId: number,
  id: number,
  body: UpdateRequirementBody,
  target: UpdateTarget,
): Promise<{ added: LinkPair[]; removed: LinkPair[] }> {
  const removed = target.movingDocument ? await dropLinksOutside(tx, id, target.documentId) : [];
  const added: LinkPair[] = [];
  const pair = (side: 'parents' | 'children', other: number) =>
    side === 'parents' ? { parentId: other, childId: id } : { parentId: id, childId: other };
  for (const side of ['parents', 'children'] as const) {
    const ids = side === 'parents' ? body.parents_id : body.children_id;
    if (!ids) continue;
    const changed = await replaceLinks(tx, projectId, id, side, ids);
    removed.push(...changed.removed.map((other) => pair(side, other)));
    added.push(...changed.added.map((other) => pair(side, other)));
  }
  return { added, removed };
}

/** Tags, and a test's notes, which make no revision but move the version. */
export async function writeTagsAndTestNotes(
  tx: Db,
  current: RequirementRow,
  target: UpdateTarget,
  next: NextState,
  tagsBefore?: number[],
): Promise<void> {
  // Tags make no revision and do not move updated_at (decisions §12), but they are part of the element's version.
  if (target.movingDocument) await dropTagsOutside(tx, current.id, target.documentId);
  const tagsChanged = target.tagIds ? await replaceTags(tx, current.id, target.tagIds, tagsBefore) : false;
  if (!next.contentChanged && next.testNoted) {
    // The version trigger (migration 0011) moves the version.
    await tx
      .update(requirements)
      .set({ steps: next.steps, previouslyPassedTests: next.previouslyPassedTests })
      .where(eq(requirements.id, current.id));
  } else if (tagsChanged && !next.contentChanged) {
    await tx
      .update(requirements)
      .set({ version: sql`${requirements.version} + 1` })
      .where(eq(requirements.id, current.id));
  }
}

/** Replaces the parent (or child) links of a requirement with the given set; answers the other ends removed and added. */
async function replaceLinks(
  tx: Db,
  projectId: number,
  id: number,
  side: 'parents' | 'children',
  ids: number[],
): Promise<{ removed: number[]; added: number[] }> {
  const mine = side === 'parents' ? requirementLinks.childId : requirementLinks.parentId;
  const other = side === 'parents' ? requirementLinks.parentId : requirementLinks.childId;
  const current = (await tx.select({ other }).from(requirementLinks).where(eq(mine, id))).map((r) => r.other);
  const wanted = new Set(ids);
  const removed = current.filter((o) => !wanted.has(o));
  const added = [...wanted].filter((o) => !current.includes(o));
  if (removed.length) await tx.delete(requirementLinks).where(and(eq(mine, id), inArray(other, removed)));
  if (added.length) {
    await tx
      .insert(requirementLinks)
      .values(
        added.map((o) =>
          side === 'parents' ? { parentId: o, childId: id, projectId } : { parentId: id, childId: o, projectId },
        ),
      )
      .onConflictDoNothing();
  }
  return { removed, added };
}
