import { inArray } from 'drizzle-orm';
import type { RealtimeEventName, RealtimeEvents } from '@reqloom/domain';
import type { Db } from '../db/client';
import { categories, documents, projects, requirements } from '../db/schema';
import { loadCategoryTrees } from '../modules/categories/categories.presenter';
import { completeDocumentSettings, presentDocuments } from '../modules/documents/documents.presenter';
import { completeSettings, presentProjects } from '../modules/projects/projects.presenter';
import { presentRequirements } from '../modules/requirements/requirements.presenter';
import type { DomainEvent } from './domain-events';

/** One event for the browsers: the wire contract of `packages/domain`, addressed to a project's room. */
export type WireMessage = {
  [Name in RealtimeEventName]: { projectId: number; name: Name; data: RealtimeEvents[Name] };
}[RealtimeEventName];

/** Beyond this many changed requirements in one document, a unit of work (an import) says "reload the list". */
const PRESENTED_REQUIREMENTS_PER_DOCUMENT = 50;

type Slot =
  | { kind: 'ready'; message: WireMessage }
  | {
      kind: 'project' | 'projectSettings' | 'document' | 'documentSettings' | 'category' | 'requirement';
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
export async function toWire(tx: Db, events: DomainEvent[]): Promise<WireMessage[]> {
  const slots: Slot[] = [];
  const seen = new Map<string, Slot>();
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
  const entity = (kind: Exclude<Slot['kind'], 'ready' | 'lists'>, id: number, projectId: number) =>
    once(`${kind}:${id}`, () => ({ kind, id, projectId }));

  for (const event of events) {
    switch (event.name) {
      case 'ProjectUpdated':
        entity('project', event.projectId, event.projectId);
        break;
      case 'ProjectSettingsUpdated':
        entity('projectSettings', event.projectId, event.projectId);
        break;
      case 'ProjectDeleted':
        ready(`ProjectDeleted:${event.projectId}`, {
          projectId: event.projectId,
          name: 'ProjectDeleted',
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
        ready(`DocumentDeleted:${event.documentId}`, {
          projectId: event.projectId,
          name: 'DocumentDeleted',
          data: { document_id: event.documentId },
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
        ready(`RequirementDeleted:${event.requirementId}`, {
          projectId: event.projectId,
          name: 'RequirementDeleted',
          data: { requirement_id: event.requirementId, document_id: event.documentId },
        });
        break;
      case 'MembershipEnded':
      case 'SessionEnded':
      case 'UserSessionsEnded':
      case 'AccessTokenRevoked':
        break; // Not for browsers: realtime acts on these itself.
    }
  }
  return present(tx, slots);
}

const idsOf = (slots: Slot[], kind: Slot['kind']) => slots.flatMap((s) => (s.kind === kind && 'id' in s ? [s.id] : []));

async function present(tx: Db, slots: Slot[]): Promise<WireMessage[]> {
  const projectIds = [...new Set([...idsOf(slots, 'project'), ...idsOf(slots, 'projectSettings')])];
  const projectRows = projectIds.length ? await tx.select().from(projects).where(inArray(projects.id, projectIds)) : [];
  const presentedProjects = new Map(
    (
      await presentProjects(
        tx,
        projectRows.filter((p) => idsOf(slots, 'project').includes(p.id)),
      )
    ).map((p) => [p.id, p]),
  );
  const projectSettings = new Map(projectRows.map((p) => [p.id, completeSettings(p.settings)]));

  const documentIds = [...new Set([...idsOf(slots, 'document'), ...idsOf(slots, 'documentSettings')])];
  const documentRows = documentIds.length
    ? await tx.select().from(documents).where(inArray(documents.id, documentIds))
    : [];
  const presentedDocuments = new Map(
    (
      await presentDocuments(
        tx,
        documentRows.filter((d) => idsOf(slots, 'document').includes(d.id)),
      )
    ).map((d) => [d.id, d]),
  );
  const documentSettings = new Map(documentRows.map((d) => [d.id, completeDocumentSettings(d.settings)]));

  const categoryIds = idsOf(slots, 'category');
  const categoryRows = categoryIds.length
    ? await tx.select().from(categories).where(inArray(categories.id, categoryIds))
    : [];
  const trees = await loadCategoryTrees(tx, [...new Set(categoryRows.map((c) => c.documentId))]);
  const presentedCategories = new Map(
    categoryRows.flatMap((c) => {
      const presented = trees.get(c.documentId)?.presented.get(c.id);
      return presented ? [[c.id, presented] as const] : [];
    }),
  );

  // Many changed requirements of one document (an import, a category moved) become one "reload that list".
  const requirementIds = idsOf(slots, 'requirement');
  const requirementRows = requirementIds.length
    ? await tx.select().from(requirements).where(inArray(requirements.id, requirementIds))
    : [];
  const perDocument = new Map<number, number>();
  for (const row of requirementRows) perDocument.set(row.documentId, (perDocument.get(row.documentId) ?? 0) + 1);
  const crowded = new Set([...perDocument].filter(([, n]) => n > PRESENTED_REQUIREMENTS_PER_DOCUMENT).map(([d]) => d));
  const presentedRequirements = new Map(
    (
      await presentRequirements(
        tx,
        requirementRows.filter((r) => !crowded.has(r.documentId)),
      )
    ).map((r) => [r.id, r]),
  );
  const crowdedOf = new Map(requirementRows.filter((r) => crowded.has(r.documentId)).map((r) => [r.id, r.documentId]));

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
