import type { CategoryPresented, DocumentPresented, ProjectShared, RequirementPresented } from '@reqloom/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, documents, projects, requirements } from '../db/schema';
import { loadCategoryTrees } from './categories.presenter';
import { presentClassifiersByIds, presentTagsByIds } from './classifiers.presenter';
import { presentCommentsByIds } from './comments.presenter';
import { completeDocumentSettings, presentDocuments } from './documents.presenter';
import { completeProjectSettings, presentProjects } from './projects.presenter';
import { presentRequirements } from './requirements.presenter';
import type { DomainEvent } from '../events/domain-events';
import type { PresentedEntity, Remembered, WireMessage } from '../events/wire-message';

/** Beyond this many changed requirements in one document, a unit of work (an import) says "reload the list". */
const PRESENTED_REQUIREMENTS_PER_DOCUMENT = 50;

type Slot =
  | { kind: 'ready'; message: WireMessage }
  | {
      kind:
        | 'project'
        | 'projectSettings'
        | 'document'
        | 'documentSettings'
        | 'classifier'
        | 'tag'
        | 'category'
        | 'requirement'
        | 'comment';
      id: number;
      projectId: number;
    }
  | { kind: 'lists'; projectId: number; documentIds: Set<number> };

/**
 * The one place that turns the facts of a unit of work into wire events. Runs inside the work's transaction
 * just before commit, so that what is sent is what is committed. Facts about one thing coalesce (a thing
 * changed twice is sent once, as it ends), entities are presented in batches, and a thing deleted later in
 * the same work is not sent as updated.
 */
export async function toWire(
  tx: Db,
  events: DomainEvent[],
  remembered: Remembered = new Map(),
): Promise<WireMessage[]> {
  const slots: Slot[] = [];
  const seen = new Map<string, Slot>();
  /** The index of the last fact about each entity, to tell whether what a service presented is still true. */
  const lastFact = new Map<string, number>();
  const once = (key: string, make: () => Slot): Slot | undefined => {
    if (seen.has(key)) return seen.get(key);
    const slot = make();
    seen.set(key, slot);
    slots.push(slot);
    return slot;
  };
  const ready = (key: string, message: WireMessage) => once(key, () => ({ kind: 'ready', message }));
  const lists = (projectId: number, documentIds: number[]) => {
    const slot = once(`lists:${projectId}`, () => ({ kind: 'lists', projectId, documentIds: new Set() }));
    if (slot?.kind === 'lists') for (const id of documentIds) slot.documentIds.add(id);
  };
  let index = 0;
  const entity = (kind: Exclude<Slot['kind'], 'ready' | 'lists'>, id: number, projectId: number) => {
    lastFact.set(`${kind}:${id}`, index);
    return once(`${kind}:${id}`, () => ({ kind, id, projectId }));
  };

  /** A thing deleted by the work: what a service presented of it earlier is not to be sent. */
  const gone = (kind: Exclude<Slot['kind'], 'ready' | 'lists'>, id: number) => lastFact.set(`${kind}:${id}`, Infinity);

  for (const event of events) {
    index += 1;
    switch (event.name) {
      case 'ProjectUpdated':
        entity('project', event.projectId, event.projectId);
        break;
      case 'ProjectSettingsUpdated':
        entity('projectSettings', event.projectId, event.projectId);
        break;
      case 'ProjectDeleted':
        gone('project', event.projectId);
        ready(`ProjectDeleted:${event.projectId}`, {
          projectId: event.projectId,
          name: 'ProjectDeleted',
          data: { project_id: event.projectId },
        });
        break;
      case 'ProjectMembersChanged':
        ready(`members:${event.projectId}`, {
          projectId: event.projectId,
          name: 'ProjectMembersUpdated',
          data: { project_id: event.projectId },
        });
        break;
      case 'ProjectStructureChanged':
        ready(`structure:${event.projectId}`, {
          projectId: event.projectId,
          name: 'ProjectStructureUpdated',
          data: { project_id: event.projectId },
        });
        break;
      case 'DocumentChanged':
        entity('document', event.documentId, event.projectId);
        break;
      case 'DocumentSettingsChanged':
        entity('documentSettings', event.documentId, event.projectId);
        break;
      case 'DocumentDeleted':
        gone('document', event.documentId);
        ready(`DocumentDeleted:${event.documentId}`, {
          projectId: event.projectId,
          name: 'DocumentDeleted',
          data: { document_id: event.documentId },
        });
        break;
      case 'ClassifierChanged':
        entity('classifier', event.classifierId, event.projectId);
        break;
      case 'ClassifierDeleted':
        gone('classifier', event.classifierId);
        ready(`ClassifierDeleted:${event.classifierId}`, {
          projectId: event.projectId,
          name: 'ClassifierDeleted',
          data: { document_id: event.documentId, classifier_id: event.classifierId },
        });
        break;
      case 'TagChanged':
        entity('tag', event.tagId, event.projectId);
        break;
      case 'TagDeleted':
        gone('tag', event.tagId);
        ready(`TagDeleted:${event.tagId}`, {
          projectId: event.projectId,
          name: 'TagDeleted',
          data: { classifier_id: event.classifierId, tag_id: event.tagId },
        });
        break;
      case 'CategoryChanged':
        entity('category', event.categoryId, event.projectId);
        break;
      case 'CategoriesReordered':
        ready(`CategoriesUpdated:${event.documentId}`, {
          projectId: event.projectId,
          name: 'CategoriesUpdated',
          data: { document_id: event.documentId },
        });
        break;
      case 'CategoryDeleted':
        gone('category', event.categoryId);
        ready(`CategoryDeleted:${event.categoryId}`, {
          projectId: event.projectId,
          name: 'CategoryDeleted',
          data: { category_id: event.categoryId, document_id: event.documentId },
        });
        break;
      case 'RequirementChanged':
        entity('requirement', event.requirementId, event.projectId);
        break;
      case 'RequirementListsChanged':
        lists(event.projectId, event.documentIds);
        break;
      case 'RequirementDeleted':
        gone('requirement', event.requirementId);
        ready(`RequirementDeleted:${event.requirementId}`, {
          projectId: event.projectId,
          name: 'RequirementDeleted',
          data: { requirement_id: event.requirementId, document_id: event.documentId },
        });
        break;
      case 'CommentCreated':
        entity('comment', event.commentId, event.projectId);
        break;
      // The review's answer is large (its items): the wire names it, and the browsers read it again (decisions §23).
      case 'ReviewChanged':
        ready(`ReviewUpdated:${event.reviewId}`, {
          projectId: event.projectId,
          name: 'ReviewUpdated',
          data: { review_id: event.reviewId },
        });
        break;
      case 'ReviewDeleted':
        ready(`ReviewDeleted:${event.reviewId}`, {
          projectId: event.projectId,
          name: 'ReviewDeleted',
          data: { review_id: event.reviewId },
        });
        break;
      case 'MembershipEnded':
      case 'MembershipRoleChanged':
      case 'MembershipsChanged':
      case 'SessionEnded':
      case 'UserSessionsEnded':
      case 'AccessTokenRevoked':
        break; // Not for browsers: realtime acts on these itself.
    }
  }
  // What a service presented after the last fact about it is what the wire would present again.
  const fresh = new Map<string, PresentedEntity>();
  for (const [key, { at, entity: value }] of remembered)
    if (at >= (lastFact.get(key) ?? Infinity)) fresh.set(key, value);
  return present(tx, slots, fresh);
}

const idsOf = (slots: Slot[], kind: Slot['kind']) => slots.flatMap((s) => (s.kind === kind && 'id' in s ? [s.id] : []));

type PresentedByKind = {
  project: ProjectShared;
  document: DocumentPresented;
  category: CategoryPresented;
  requirement: RequirementPresented;
};

function take<Kind extends keyof PresentedByKind>(
  fresh: Map<string, PresentedEntity>,
  kind: Kind,
  ids: number[],
): { known: Map<number, PresentedByKind[Kind]>; missing: number[] } {
  const known = new Map<number, PresentedByKind[Kind]>();
  const missing: number[] = [];
  for (const id of ids) {
    const entity = fresh.get(`${kind}:${id}`);
    if (entity?.kind === kind) known.set(id, entity.value as PresentedByKind[Kind]);
    else missing.push(id);
  }
  return { known, missing };
}

async function present(tx: Db, slots: Slot[], fresh: Map<string, PresentedEntity>): Promise<WireMessage[]> {
  const projectTaken = take(fresh, 'project', idsOf(slots, 'project'));
  const projectIds = [...new Set([...projectTaken.missing, ...idsOf(slots, 'projectSettings')])];
  const projectRows = projectIds.length ? await tx.select().from(projects).where(inArray(projects.id, projectIds)) : [];
  const presentedProjects = projectTaken.known;
  const toPresent = projectRows.filter((p) => projectTaken.missing.includes(p.id));
  for (const p of await presentProjects(tx, toPresent)) presentedProjects.set(p.id, p);
  const projectSettings = new Map(projectRows.map((p) => [p.id, completeProjectSettings(p.settings)]));

  const documentTaken = take(fresh, 'document', idsOf(slots, 'document'));
  const documentIds = [...new Set([...documentTaken.missing, ...idsOf(slots, 'documentSettings')])];
  const documentRows = documentIds.length
    ? await tx.select().from(documents).where(inArray(documents.id, documentIds))
    : [];
  const presentedDocuments = documentTaken.known;
  const documentsToPresent = documentRows.filter((d) => documentTaken.missing.includes(d.id));
  for (const d of await presentDocuments(tx, documentsToPresent)) presentedDocuments.set(d.id, d);
  const documentSettings = new Map(documentRows.map((d) => [d.id, completeDocumentSettings(d.settings)]));

  const categoryTaken = take(fresh, 'category', idsOf(slots, 'category'));
  const categoryRows = categoryTaken.missing.length
    ? await tx.select().from(categories).where(inArray(categories.id, categoryTaken.missing))
    : [];
  const trees = await loadCategoryTrees(tx, [...new Set(categoryRows.map((c) => c.documentId))]);
  const presentedCategories = categoryTaken.known;
  for (const c of categoryRows) {
    const presented = trees.get(c.documentId)?.presented.get(c.id);
    if (presented) presentedCategories.set(c.id, presented);
  }

  // Many changed requirements of one document (an import, a category moved) become one "reload that list".
  const requirementTaken = take(fresh, 'requirement', idsOf(slots, 'requirement'));
  const requirementRows = requirementTaken.missing.length
    ? await tx.select().from(requirements).where(inArray(requirements.id, requirementTaken.missing))
    : [];
  const documentOf = new Map<number, number>([
    ...[...requirementTaken.known.values()].map((r) => [r.id, r.document_id] as [number, number]),
    ...requirementRows.map((r) => [r.id, r.documentId] as [number, number]),
  ]);
  const perDocument = new Map<number, number>();
  for (const documentId of documentOf.values()) perDocument.set(documentId, (perDocument.get(documentId) ?? 0) + 1);
  const crowded = new Set([...perDocument].filter(([, n]) => n > PRESENTED_REQUIREMENTS_PER_DOCUMENT).map(([d]) => d));
  const presentedRequirements = requirementTaken.known;
  const requirementsToPresent = requirementRows.filter((r) => !crowded.has(r.documentId));
  for (const r of await presentRequirements(tx, requirementsToPresent)) presentedRequirements.set(r.id, r);
  const crowdedOf = new Map([...documentOf].filter(([, documentId]) => crowded.has(documentId)));
  for (const id of crowdedOf.keys()) presentedRequirements.delete(id);

  // A comment is sent as created, never changed: presented once, by id, in one statement for the work.
  const presentedComments = await presentCommentsByIds(tx, idsOf(slots, 'comment'));
  // Classifiers and tags are few: presented by id, a thing deleted later in the work is simply not found.
  const presentedClassifiers = await presentClassifiersByIds(tx, idsOf(slots, 'classifier'));
  const presentedTags = await presentTagsByIds(tx, idsOf(slots, 'tag'));

  const out: WireMessage[] = [];
  const listsByProject = new Map<number, Set<number>>();
  for (const slot of slots) {
    switch (slot.kind) {
      case 'ready':
        out.push(slot.message);
        break;
      case 'project': {
        const project = presentedProjects.get(slot.id);
        if (project) out.push({ projectId: slot.projectId, name: 'ProjectUpdated', data: { project } });
        break;
      }
      case 'projectSettings': {
        const settings = projectSettings.get(slot.id);
        if (settings)
          out.push({
            projectId: slot.projectId,
            name: 'ProjectSettingsUpdated',
            data: { project_id: slot.id, settings },
          });
        break;
      }
      case 'document': {
        const document = presentedDocuments.get(slot.id);
        if (document) out.push({ projectId: slot.projectId, name: 'DocumentUpdated', data: { document } });
        break;
      }
      case 'documentSettings': {
        const settings = documentSettings.get(slot.id);
        if (settings)
          out.push({
            projectId: slot.projectId,
            name: 'DocumentSettingsUpdated',
            data: { document_id: slot.id, settings },
          });
        break;
      }
      case 'classifier': {
        const classifier = presentedClassifiers.get(slot.id);
        if (classifier) out.push({ projectId: slot.projectId, name: 'ClassifierUpdated', data: { classifier } });
        break;
      }
      case 'tag': {
        const tag = presentedTags.get(slot.id);
        if (tag) out.push({ projectId: slot.projectId, name: 'TagUpdated', data: { tag } });
        break;
      }
      case 'category': {
        const category = presentedCategories.get(slot.id);
        if (category) out.push({ projectId: slot.projectId, name: 'CategoryUpdated', data: { category } });
        break;
      }
      case 'requirement': {
        const requirement = presentedRequirements.get(slot.id);
        if (requirement) out.push({ projectId: slot.projectId, name: 'RequirementUpdated', data: { requirement } });
        const crowdedDocument = crowdedOf.get(slot.id);
        if (crowdedDocument !== undefined) {
          const set = listsByProject.get(slot.projectId) ?? new Set<number>();
          set.add(crowdedDocument);
          listsByProject.set(slot.projectId, set);
        }
        break;
      }
      case 'comment': {
        const comment = presentedComments.get(slot.id);
        if (comment) out.push({ projectId: slot.projectId, name: 'CommentCreated', data: { comment } });
        break;
      }
      case 'lists': {
        const set = listsByProject.get(slot.projectId) ?? new Set<number>();
        for (const id of slot.documentIds) set.add(id);
        listsByProject.set(slot.projectId, set);
        break;
      }
    }
  }
  // List reloads go last, once per project, after the entities they follow.
  for (const [projectId, ids] of listsByProject) {
    if (ids.size > 0) out.push({ projectId, name: 'RequirementsUpdated', data: { document_ids: [...ids] } });
  }
  return out;
}
