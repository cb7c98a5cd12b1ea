import type { AuditChanges, RequirementPresented } from '@reqloom/domain';
import type { AuditFact } from '../../../core/audit';
import type { RequirementRow } from '../../../read/requirements.presenter';
import type { NextState, UpdateTarget } from './requirement-update';

// What the audit trail says of a requirement's changes (decisions §21), built from rows and answers the service
// already holds: no statement of its own. Rich text (a description, a test's conditions and steps) is never copied.

const CHANGED = { changed: true } as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const tagNames = (r: RequirementPresented) => r.tags.map((t) => t.title);

/** The `created` entry of a new requirement, from its answer; `extra` adds what the way it was made says. */
export function createdFact(r: RequirementPresented, extra: AuditChanges = {}): AuditFact {
  const changes: AuditChanges = {
    name: { new: r.name },
    status: { new: r.status },
    type: { new: r.type },
    document_id: { new: r.document_id },
    category_id: { new: r.category_id },
  };
  if (r.description !== '') changes.description = CHANGED;
  if (r.initialConditions) changes.initialConditions = CHANGED;
  if (r.steps?.length) changes.steps = CHANGED;
  if (r.previouslyPassedTests?.length) changes.previouslyPassedTests = { new: r.previouslyPassedTests };
  if (r.tags.length) changes.tags = { new: tagNames(r) };
  return { ...factOf('created', r), changes: { ...changes, ...extra } };
}

/** An entry about a requirement as its answer names it: the reference and document it has after the change. */
export function factOf(action: AuditFact['action'], r: RequirementPresented, changes?: AuditChanges): AuditFact {
  return {
    action,
    entityType: 'requirement',
    entityId: r.id,
    reference: r.reference,
    documentId: r.document_id,
    changes,
  };
}

/**
 * The fields an update changed, each old → new: `tagsBefore` (names) when the update could change the tags,
 * `referenceBefore` when it could change the reference (a new category or document).
 */
export function updatedChanges(
  current: RequirementRow,
  next: NextState,
  target: UpdateTarget,
  after: RequirementPresented,
  tagsBefore: string[] | undefined,
  referenceBefore: string | undefined,
): AuditChanges {
  const changes: AuditChanges = {};
  if (next.name !== current.name) changes.name = { old: current.name, new: next.name };
  if (next.status !== current.status) changes.status = { old: current.status, new: next.status };
  if (target.documentId !== current.documentId)
    changes.document_id = { old: current.documentId, new: target.documentId };
  if (target.categoryId !== current.categoryId)
    changes.category_id = { old: current.categoryId, new: target.categoryId };
  if (referenceBefore !== undefined && referenceBefore !== after.reference)
    changes.reference = { old: referenceBefore, new: after.reference };
  if (next.description !== current.description) changes.description = CHANGED;
  if (next.initialConditions !== current.initialConditions) changes.initialConditions = CHANGED;
  if (!same(next.steps, current.steps)) changes.steps = CHANGED;
  if (!same(next.previouslyPassedTests, current.previouslyPassedTests))
    changes.previouslyPassedTests = { old: current.previouslyPassedTests, new: next.previouslyPassedTests };
  if (tagsBefore && !same(tagsBefore, tagNames(after))) changes.tags = { old: tagsBefore, new: tagNames(after) };
  return changes;
}

/** The `deleted` entry: the requirement as it was, named by the reference read before the deletion. */
export function deletedFact(r: RequirementRow, reference: string | null): AuditFact {
  return {
    action: 'deleted',
    entityType: 'requirement',
    entityId: r.id,
    reference,
    documentId: r.documentId,
    changes: { name: { old: r.name }, status: { old: r.status }, category_id: { old: r.categoryId } },
  };
}
