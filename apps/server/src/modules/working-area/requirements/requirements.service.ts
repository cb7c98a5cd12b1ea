import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type {
  AuditChanges,
  CreateChildrenBody,
  CreateRequirementBody,
  RequirementPresented,
  UpdateRequirementBody,
} from '@reqloom/domain';
import type { Db } from '../../../db/client';
import {
  lockDocument,
  lockDocuments,
  lockDocumentsAround,
  lockDocumentsOf,
  loadRequirementForWrite,
} from '../../../core/locks';
import { swapWithSibling } from '../../../db/ordering';
import { applyHtmlToState } from './description/collaboration-states';
import { requirementLinks, requirements } from '../../../db/schema';
import { invalid, type FieldErrors } from '../../../core/errors';
import { translate } from '../../../i18n/messages';
import type { ProjectRow } from '../../../policies/project-access';
import { sanitizeRichText } from '../../../security/sanitize';
import type { Work } from '../../../core/work';
import type { User } from '../../../core/identity';
import { copyTags, tagsOf } from './requirement-tags';
import { requirementReferenceOf, requirementReferences } from '../../../read/audit-references';
import { auditLinks } from '../core/link-audit';
import { createdFact, deletedFact, factOf, updatedChanges } from './requirement-audit';
import {
  checkPreviousTests,
  cleanSteps,
  requireTestAccess,
  requireTestDeletable,
  testFieldsOnRequirement,
} from '../core/test-fields';
import { findRequirement } from '../core/lookups';
import { presentRequirement, presentRequirements, type RequirementRow } from '../../../read/requirements.presenter';
import {
  categoryBelongs,
  linkedDocuments,
  nextRequirementPosition,
  siblingRequirements,
  takeNumberAndPosition,
  takeReferenceNumber,
} from './requirement-rules';
import {
  checkUpdate,
  lockForUpdate,
  type LinkPair,
  nextState,
  writeLinks,
  writeContent,
  writeTagsAndTestNotes,
} from './requirement-update';

/** Presents requirements for the answer; the unit of work reuses them for the wire events. */
async function answer(work: Work, rows: RequirementRow[]): Promise<RequirementPresented[]> {
  const presented = await presentRequirements(work.tx, rows);
  for (const value of presented) work.remember({ kind: 'requirement', value });
  return presented;
}

const answerOne = async (work: Work, row: RequirementRow) => (await answer(work, [row]))[0]!;

/** The documents of the given requirements (id → document), so that their lists can be told to reload. */
async function documentsOf(tx: Db, ids: Iterable<number>): Promise<Map<number, number>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await tx
    .select({ id: requirements.id, documentId: requirements.documentId })
    .from(requirements)
    .where(inArray(requirements.id, list));
  return new Map(rows.map((r) => [r.id, r.documentId]));
}

/**
 * Adds a requirement at the end of its category (or of the document root) and answers its row. The building
 * block of creation: an import calls it a thousand times in one work and presents nothing it does not send.
 */
export async function insertRequirement(
  work: Work,
  user: User,
  project: ProjectRow,
  body: CreateRequirementBody,
): Promise<RequirementRow> {
  const { tx } = work;
  const isTest = body.type === 'test' || body.test === true;
  if (isTest) requireTestAccess(user);
  // Positions and numbers are read then written: under the document's lock.
  await lockDocument(tx, body.document_id);
  const errors: FieldErrors = isTest ? {} : testFieldsOnRequirement(body);
  if (body.category_id !== null && !(await categoryBelongs(tx, body.category_id, body.document_id))) {
    errors.category_id = ['validation.not_in_document'];
  }
  if (isTest && body.previouslyPassedTests)
    await checkPreviousTests(tx, project.id, body.previouslyPassedTests, null, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  const { referenceNumber, position } = await takeNumberAndPosition(tx, body.document_id, body.category_id);
  const [created] = await tx
    .insert(requirements)
    .values({
      documentId: body.document_id,
      categoryId: body.category_id,
      authorId: user.id,
      updatedBy: user.id,
      referenceNumber,
      name: body.name,
      description: sanitizeRichText(body.description),
      status: body.status ?? 0,
      position,
      type: isTest ? 'test' : 'requirement',
      initialConditions: isTest ? sanitizeRichText(body.initialConditions ?? '') : '',
      previouslyPassedTests: isTest ? [...new Set(body.previouslyPassedTests ?? [])] : [],
      steps: isTest ? cleanSteps(body.steps ?? []) : [],
    })
    .returning();
  work.record({ name: 'RequirementChanged', projectId: project.id, requirementId: created!.id, description: true });
  return created!;
}

export async function createRequirement(
  work: Work,
  user: User,
  project: ProjectRow,
  body: CreateRequirementBody,
): Promise<RequirementPresented> {
  const created = await answerOne(work, await insertRequirement(work, user, project, body));
  // Recorded here, not in insertRequirement: a building block that a batch may call a thousand times.
  work.audit(project.id, createdFact(created));
  return created;
}

/** How the audit trail names an update: a restore (decisions §22) is one, named so, with the revision it took. */
export type UpdateAudit = { action: 'updated' | 'restored'; extra?: AuditChanges };

/**
 * A partial update (decisions §10). A change of name, description, status or category keeps the previous
 * state as one revision and moves updated_at; link changes do neither. Moving to another document takes
 * the next reference number there and drops the links the new place no longer allows.
 */
export async function updateRequirement(
  work: Work,
  user: User,
  project: ProjectRow,
  requirementId: number,
  body: UpdateRequirementBody,
  audit: UpdateAudit = { action: 'updated' },
): Promise<RequirementPresented> {
  const { tx } = work;
  const current = await lockForUpdate(tx, project.id, requirementId, body);
  const target = await checkUpdate(tx, user, project.id, current, body);
  const next = nextState(current, body, target);
  const touchedOthers = new Set<number>();
  // What the audit trail needs of the state before, read only when the update can change it (decisions §21).
  const tagsBefore = body.tags_id !== undefined || target.movingDocument ? await tagsOf(tx, current.id) : undefined;
  const referenceBefore = next.categoryChanged ? ((await requirementReferenceOf(tx, current.id)) ?? '') : undefined;

  if (target.movingDocument) await lockDocuments(tx, [target.documentId]);
  const updated = next.contentChanged ? await writeContent(tx, user.id, current, next, target) : undefined;
  const links = await writeLinks(tx, project.id, current.id, body, target);
  await writeTagsAndTestNotes(
    tx,
    current,
    target,
    next,
    tagsBefore?.map((t) => t.id),
  );
  for (const link of [...links.removed, ...links.added])
    touchedOthers.add(link.parentId === current.id ? link.childId : link.parentId);

  const descriptionChanged = next.description !== current.description;
  work.record({
    name: 'RequirementChanged',
    projectId: project.id,
    requirementId: current.id,
    description: descriptionChanged,
    // People editing the description together get the change merged into what they type (decisions §15).
    sharedUpdate: descriptionChanged ? await applyHtmlToState(tx, current.id, next.description) : undefined,
  });
  const othersDocuments = await documentsOf(tx, touchedOthers);
  const listDocuments = [...new Set(othersDocuments.values())];
  if (target.movingDocument) listDocuments.push(current.documentId);
  if (listDocuments.length)
    work.record({ name: 'RequirementListsChanged', projectId: project.id, documentIds: listDocuments });
  // The row as it ends, read again only when a later step changed it (links and tags move its version through
  // triggers and explicit updates); otherwise it is the update's own answer (the version trigger runs before
  // RETURNING), or the row read under the lock when nothing was written: one statement less under the lock.
  const changedAfter =
    target.movingDocument ||
    body.tags_id !== undefined ||
    body.parents_id !== undefined ||
    body.children_id !== undefined;
  const untouched = !next.contentChanged && !next.testNoted ? current : undefined;
  const final = changedAfter ? undefined : (updated ?? untouched);
  const presented = await answerOne(work, final ?? (await findRequirement(tx, current.id))!);
  const tagNames = tagsBefore?.map((t) => t.title);
  const changes = updatedChanges(current, next, target, presented, tagNames, referenceBefore);
  if (Object.keys(changes).length)
    work.audit(project.id, factOf(audit.action, presented, { ...changes, ...audit.extra }));
  const childDocument = (id: number) => (id === current.id ? presented.document_id : othersDocuments.get(id)!);
  const withDocument = (l: LinkPair) => ({ ...l, childDocumentId: childDocument(l.childId) });
  await auditLinks(
    work,
    project.id,
    { added: links.added.map(withDocument), removed: links.removed.map(withDocument) },
    new Map([[current.id, presented.reference]]),
  );
  return presented;
}

/** Deletes a requirement with its links and revisions (cascade), in one transaction. */
export async function deleteRequirement(
  work: Work,
  user: User,
  project: ProjectRow,
  requirementId: number,
): Promise<void> {
  const { tx } = work;
  // Its links go with it, and their trigger moves the version of the requirement at the other end, in another
  // document: those documents are locked first, with its own, in id order (db/locks.ts).
  await lockDocumentsAround(tx, project.id, requirementId);
  const requirement = await loadRequirementForWrite(tx, requirementId, 'update');
  if (requirement.type === 'test') await requireTestDeletable(tx, user, requirement.id);
  const neighbours = await tx
    .select({
      documentId: requirements.documentId,
      parentId: requirementLinks.parentId,
      childId: requirementLinks.childId,
    })
    .from(requirementLinks)
    .innerJoin(
      requirements,
      or(
        and(eq(requirementLinks.parentId, requirement.id), eq(requirements.id, requirementLinks.childId)),
        and(eq(requirementLinks.childId, requirement.id), eq(requirements.id, requirementLinks.parentId)),
      ),
    );
  // Named before it goes (with the other ends of its links, in the same statement): the trail keeps how it was known.
  const other = (n: (typeof neighbours)[number]) => (n.parentId === requirement.id ? n.childId : n.parentId);
  const references = await requirementReferences(tx, [requirement.id, ...neighbours.map(other)]);
  await tx.delete(requirements).where(eq(requirements.id, requirement.id));
  work.record(
    {
      name: 'RequirementDeleted',
      projectId: project.id,
      requirementId: requirement.id,
      documentId: requirement.documentId,
    },
    deletedFact(requirement, references.get(requirement.id) ?? null),
  );
  const documentIds = [...new Set(neighbours.map((n) => n.documentId))];
  if (documentIds.length) work.record({ name: 'RequirementListsChanged', projectId: project.id, documentIds });
  // Its links went with it: the requirements at their other ends keep a trace of that in their own history.
  const removed = neighbours.map((n) => ({
    parentId: n.parentId,
    childId: n.childId,
    childDocumentId: n.childId === requirement.id ? requirement.documentId : n.documentId,
  }));
  await auditLinks(work, project.id, { removed }, references);
}

/**
 * The copy goes just after the original, in the same category, named "Copy of …" in the caller's language;
 * links are not copied. It starts as a draft: nobody has reviewed the copy yet. Tests cannot be copied.
 */
export async function copyRequirement(
  work: Work,
  user: User,
  project: ProjectRow,
  requirementId: number,
): Promise<RequirementPresented> {
  const { tx } = work;
  const original = await loadRequirementForWrite(tx, requirementId);
  if (original.type === 'test') throw invalid({ id: ['validation.test_copy'] });
  await tx
    .update(requirements)
    .set({ position: sql`${requirements.position} + 1` })
    .where(
      and(siblingRequirements(original.documentId, original.categoryId), gt(requirements.position, original.position)),
    );
  const [copy] = await tx
    .insert(requirements)
    .values({
      documentId: original.documentId,
      categoryId: original.categoryId,
      authorId: user.id,
      updatedBy: user.id,
      referenceNumber: await takeReferenceNumber(tx, original.documentId),
      name: `${translate(work.lang, 'requirement.copy_of')} ${original.name}`.slice(0, 255),
      description: original.description,
      status: 0,
      position: original.position + 1,
      type: original.type,
    })
    .returning();
  await copyTags(tx, original.id, copy!.id);
  work.record({ name: 'RequirementChanged', projectId: project.id, requirementId: copy!.id, description: true });
  work.record({ name: 'RequirementListsChanged', projectId: project.id, documentIds: [original.documentId] });
  const presented = await answerOne(work, copy!);
  const copiedFrom = await requirementReferenceOf(tx, original.id);
  work.audit(project.id, createdFact(presented, { copied_from: { new: copiedFrom } }));
  return presented;
}

/** Creates requirements in child documents and links each as a child of this one, all or nothing. */
export async function createChildren(
  work: Work,
  user: User,
  project: ProjectRow,
  requirementId: number,
  body: CreateChildrenBody,
): Promise<RequirementPresented[]> {
  const { tx } = work;
  // The parent's document and the children's, in id order, before the parent's row (db/locks.ts).
  await lockDocumentsOf(
    tx,
    project.id,
    body.children.map((c) => c.document_id),
    [requirementId],
  );
  const requirement = await loadRequirementForWrite(tx, requirementId);
  const { children: allowed } = await linkedDocuments(tx, requirement.documentId);
  const errors: FieldErrors = {};
  for (const [index, child] of body.children.entries()) {
    if (!allowed.has(child.document_id)) errors[`children.${index}.document_id`] = ['validation.link_documents'];
    else if (child.category_id !== null && !(await categoryBelongs(tx, child.category_id, child.document_id))) {
      errors[`children.${index}.category_id`] = ['validation.not_in_document'];
    }
  }
  if (Object.keys(errors).length) throw invalid(errors);
  const created: RequirementRow[] = [];
  for (const child of body.children) {
    const [row] = await tx
      .insert(requirements)
      .values({
        documentId: child.document_id,
        categoryId: child.category_id,
        authorId: user.id,
        updatedBy: user.id,
        referenceNumber: await takeReferenceNumber(tx, child.document_id),
        name: child.name,
        position: await nextRequirementPosition(tx, child.document_id, child.category_id),
      })
      .returning();
    await tx.insert(requirementLinks).values({ parentId: requirement.id, childId: row!.id, projectId: project.id });
    created.push(row!);
    work.record({ name: 'RequirementChanged', projectId: project.id, requirementId: row!.id, description: true });
  }
  work.record({ name: 'RequirementChanged', projectId: project.id, requirementId: requirement.id });
  const presented = await answer(work, created);
  for (const child of presented) work.audit(project.id, createdFact(child));
  const known = new Map(presented.map((c) => [c.id, c.reference]));
  const added = presented.map((c) => ({ parentId: requirement.id, childId: c.id, childDocumentId: c.document_id }));
  await auditLinks(work, project.id, { added }, known);
  return presented;
}

/** Swaps with the previous (up) or next (down) requirement of the same category; a no-op at the ends. */
export async function moveRequirement(
  work: Work,
  project: ProjectRow,
  requirementId: number,
  direction: 'up' | 'down',
): Promise<RequirementPresented> {
  const { tx } = work;
  // Under the document's lock and from a fresh reading, so that a double click moves twice, not into a tie.
  const current = await loadRequirementForWrite(tx, requirementId);
  const position = await swapWithSibling(
    tx,
    requirements,
    siblingRequirements(current.documentId, current.categoryId),
    current,
    direction,
  );
  if (position === null) return presentRequirement(tx, current);
  work.record({ name: 'RequirementListsChanged', projectId: project.id, documentIds: [current.documentId] });
  const presented = await answerOne(work, { ...current, position });
  work.audit(project.id, factOf('moved', presented, { position: { old: current.position, new: position } }));
  return presented;
}
