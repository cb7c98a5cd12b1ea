import { inArray, sql } from 'drizzle-orm';
import { coverageStatus, inReadingOrder, type CategoryPresented, type RequirementPresented } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { users } from '../../db/schema';
import { buildCategoryTree, orderedCategories, type CategoryRow } from '../../read/categories.presenter';
import { groupLinkMarks, type ListLinks } from '../../read/requirements.presenter';
import { baselineDocument, findBaseline } from './baselines.presenter';
import type { StateContent } from './baselines.state';

/** A document as a baseline kept it: what `GET baselines/requirements/{id}` and the Word exports read. */
export type BaselineDocument = {
  baseline: { id: number; projectId: number; name: string; createdAt: Date };
  document: { id: number; name: string; acronym: string; description: string };
  /** Its categories as they were, in tree order (parents first, siblings in order), with references and places. */
  categories: CategoryPresented[];
  /** Its requirements as they were, in reading order (decisions §6), in the shape of documents/requirements/{id}. */
  requirements: RequirementPresented[];
};

type EntryRow = { requirement_id: number; position: number; content: StateContent };

/** A kept requirement presented as the live view presents one (read/requirements.presenter.ts). */
export function presentKept(
  entry: { id: number; documentId: number; projectId: number; position: number; content: StateContent },
  facts: { hasParents: boolean; hasChildren: boolean; authorName: string | undefined; links: ListLinks },
): RequirementPresented {
  const c = entry.content;
  const parents = facts.links.parentsOf.get(entry.id) ?? [];
  const children = facts.links.childrenOf.get(entry.id) ?? [];
  return {
    id: entry.id,
    project_id: entry.projectId,
    document_id: entry.documentId,
    category_id: c.category_id,
    author_id: c.author_id,
    author: c.author_id !== null && facts.authorName !== undefined ? { id: c.author_id, name: facts.authorName } : null,
    reference: c.reference,
    reference_number: c.reference_number,
    name: c.name,
    description: c.description,
    order: entry.position,
    status: c.status,
    type: c.type,
    test: c.type === 'test',
    ...(c.type === 'test' && c.test
      ? {
          initialConditions: c.test.initialConditions,
          previouslyPassedTests: c.test.previouslyPassedTests,
          steps: c.test.steps,
          has_runs: c.test.has_runs,
        }
      : {}),
    has_comments: c.has_comments,
    tags: c.tags.map(([id, classifierId, title, color]) => ({ id, classifier_id: classifierId, title, color })),
    attributes: c.attributes,
    parents,
    children,
    coverageStatus: coverageStatus({
      documentHasChildren: facts.hasChildren,
      documentHasParents: facts.hasParents,
      childCount: children.length,
      parentCount: parents.length,
    }),
    version: c.version,
    created_at: new Date(Number(c.created_at)).toISOString(),
    updated_at: new Date(Number(c.updated_at)).toISOString(),
  };
}

/**
 * A document as the baseline kept it, or undefined when the baseline is unknown or did not keep that document. Reads
 * the one manifest the baseline points at: four statements whatever the document's size. For the web view and the
 * Word exports (`exportmsword`, `comparereport`) alike.
 */
export async function loadBaselineDocument(
  db: Db,
  baselineId: number,
  documentId: number,
): Promise<BaselineDocument | undefined> {
  const baseline = await findBaseline(db, baselineId);
  const kept = baseline && (await baselineDocument(db, baselineId, documentId));
  if (!baseline || !kept) return undefined;
  const [entries, categoryRows, links] = await Promise.all([
    db
      .execute(
        sql`select e.requirement_id, e.position, s.content from baseline_manifests m
             cross join unnest(m.requirement_ids, m.state_ids, m.positions) as e(requirement_id, state_id, position)
             join baseline_states s on s.id = e.state_id where m.id = ${kept.manifestId}
             order by e.position, e.requirement_id`,
      )
      .then((r) => rowsOf<EntryRow>(r)),
    db
      .execute(
        sql`select category_id, parent_id, position, name, acronym, description, version, created_at, updated_at
              from baseline_manifest_categories where manifest_id = ${kept.manifestId}
             order by position, category_id`,
      )
      .then((r) =>
        rowsOf<Record<string, unknown>>(r).map((c): CategoryRow => ({
          id: Number(c.category_id),
          documentId,
          parentId: c.parent_id === null ? null : Number(c.parent_id),
          position: Number(c.position),
          name: String(c.name),
          acronym: String(c.acronym),
          description: String(c.description),
          version: Number(c.version),
          createdAt: new Date(c.created_at as string),
          updatedAt: new Date(c.updated_at as string),
        })),
      ),
    db
      .execute(
        sql`select l.parent_id, l.child_id, l.up_to_date from baseline_manifests m
             cross join unnest(m.link_parent_ids, m.link_child_ids, m.link_up_to_date) as l(parent_id, child_id, up_to_date)
             where m.id = ${kept.manifestId}`,
      )
      .then((r) => rowsOf<{ parent_id: number; child_id: number; up_to_date: boolean }>(r)),
  ]);
  const tree = buildCategoryTree(kept.acronym, categoryRows);
  const authorIds = [...new Set(entries.map((e) => e.content.author_id).filter((id): id is number => id !== null))];
  const authors = authorIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, authorIds))
    : [];
  const authorName = new Map(authors.map((a) => [a.id, a.name]));
  const grouped = groupLinkMarks(
    links.flatMap((l) => [
      { side: 'p', mine: Number(l.child_id), other: Number(l.parent_id), up: l.up_to_date },
      { side: 'c', mine: Number(l.parent_id), other: Number(l.child_id), up: l.up_to_date },
    ]),
  );
  const requirements = entries.map((e) =>
    presentKept(
      {
        id: Number(e.requirement_id),
        documentId,
        projectId: baseline.projectId,
        position: Number(e.position),
        content: e.content,
      },
      {
        hasParents: kept.hasParents,
        hasChildren: kept.hasChildren,
        authorName: e.content.author_id !== null ? authorName.get(e.content.author_id) : undefined,
        links: grouped,
      },
    ),
  );
  return {
    baseline: { id: baseline.id, projectId: baseline.projectId, name: baseline.name, createdAt: baseline.createdAt },
    document: { id: documentId, name: kept.name, acronym: kept.acronym, description: kept.description },
    categories: orderedCategories(tree),
    requirements: inReadingOrder(requirements, tree.presented),
  };
}
