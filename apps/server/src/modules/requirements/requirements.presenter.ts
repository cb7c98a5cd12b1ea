import { asc, desc, eq, inArray, or } from 'drizzle-orm';
import {
  coverageStatus,
  isLinkUpToDate,
  requirementReference,
  type RequirementPresented,
  type RevisionPresented,
} from '@reqloom/domain';
import type { Db } from '../../db/client';
import { documentLinks, documents, requirementLinks, requirements, revisions, users } from '../../db/schema';
import { loadCategoryTrees, type CategoryTree } from '../categories/categories.presenter';

export type RequirementRow = typeof requirements.$inferSelect;

/** Splits a list so that no query carries more parameters than PostgreSQL accepts. */
function chunks<T>(items: T[], size = 5000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Presents requirements with references, links (with up-to-date marks), coverage and authors in a
 * fixed number of queries, whatever their count: a 1,000-requirement document is one call.
 */
export async function presentRequirements(
  db: Db,
  rows: RequirementRow[],
  preloaded?: { trees?: Map<number, CategoryTree> },
): Promise<RequirementPresented[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const documentIds = [...new Set(rows.map((r) => r.documentId))];
  const docs = await db
    .select({ id: documents.id, acronym: documents.acronym, projectId: documents.projectId })
    .from(documents)
    .where(inArray(documents.id, documentIds));
  const docById = new Map(docs.map((d) => [d.id, d]));
  const trees = preloaded?.trees ?? (await loadCategoryTrees(db, documentIds));
  const docLinks = await db
    .select()
    .from(documentLinks)
    .where(or(inArray(documentLinks.parentId, documentIds), inArray(documentLinks.childId, documentIds)));

  const rowById = new Map(rows.map((r) => [r.id, r]));
  const parentsOf = await linksOf(db, ids, 'parents', rowById);
  const childrenOf = await linksOf(db, ids, 'children', rowById);

  const authorIds = [...new Set(rows.map((r) => r.authorId).filter((id): id is number => id !== null))];
  const authors = authorIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, authorIds))
    : [];
  const authorById = new Map(authors.map((a) => [a.id, a]));
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

  return rows.map((r) => {
    const doc = docById.get(r.documentId);
    const tree = trees.get(r.documentId);
    const prefix = (r.categoryId !== null ? tree?.references.get(r.categoryId) : undefined) ?? doc?.acronym ?? '';
    const parents = (parentsOf.get(r.id) ?? []).sort(byId);
    const children = (childrenOf.get(r.id) ?? []).sort(byId);
    return {
      id: r.id,
      project_id: doc?.projectId ?? 0,
      document_id: r.documentId,
      category_id: r.categoryId,
      author_id: r.authorId,
      author: r.authorId !== null ? (authorById.get(r.authorId) ?? null) : null,
      reference: requirementReference(prefix, r.referenceNumber),
      reference_number: r.referenceNumber,
      name: r.name,
      description: r.description,
      order: r.position,
      status: r.status,
      type: r.type,
      test: r.type === 'test',
      has_comments: false,
      tags: [],
      parents,
      children,
      coverageStatus: coverageStatus({
        documentHasChildren: docLinks.some((l) => l.parentId === r.documentId),
        documentHasParents: docLinks.some((l) => l.childId === r.documentId),
        childCount: children.length,
        parentCount: parents.length,
      }),
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    };
  });
}

type LinkMark = { id: number; upToDate: boolean };

/**
 * The parents (or children) of the given requirements, each with its up-to-date mark, which needs the
 * other side's updated_at: one joined query per chunk of ids.
 */
async function linksOf(
  db: Db,
  ids: number[],
  side: 'parents' | 'children',
  rowById: Map<number, RequirementRow>,
): Promise<Map<number, LinkMark[]>> {
  const mine = side === 'parents' ? requirementLinks.childId : requirementLinks.parentId;
  const other = side === 'parents' ? requirementLinks.parentId : requirementLinks.childId;
  const result = new Map<number, LinkMark[]>();
  for (const part of chunks(ids)) {
    const found = await db
      .select({ mine, other, createdAt: requirementLinks.createdAt, otherUpdatedAt: requirements.updatedAt })
      .from(requirementLinks)
      .innerJoin(requirements, eq(requirements.id, other))
      .where(inArray(mine, part));
    for (const l of found) {
      const row = rowById.get(l.mine)!;
      const [parentAt, childAt] =
        side === 'parents' ? [l.otherUpdatedAt, row.updatedAt] : [row.updatedAt, l.otherUpdatedAt];
      const list = result.get(l.mine) ?? [];
      list.push({ id: l.other, upToDate: isLinkUpToDate(parentAt, childAt, l.createdAt) });
      result.set(l.mine, list);
    }
  }
  return result;
}

export async function presentRequirement(db: Db, row: RequirementRow): Promise<RequirementPresented> {
  const [presented] = await presentRequirements(db, [row]);
  return presented!;
}

/** Newest first. */
export async function presentRevisions(db: Db, requirementId: number): Promise<RevisionPresented[]> {
  const rows = await db
    .select({ revision: revisions, authorName: users.name })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.authorId))
    .where(eq(revisions.requirementId, requirementId))
    .orderBy(desc(revisions.id));
  return rows.map(({ revision: v, authorName }) => ({
    id: v.id,
    requirement_id: v.requirementId,
    category_id: v.categoryId,
    author_id: v.authorId,
    author: v.authorId !== null && authorName !== null ? { id: v.authorId, name: authorName } : null,
    name: v.name,
    description: v.description,
    status: v.status,
    updated_at: v.updatedAt.toISOString(),
  }));
}

/** A document's requirements in reading order: by category (tree order, root first), then by order. */
export async function documentRequirementRows(db: Db, documentId: number): Promise<RequirementRow[]> {
  return db
    .select()
    .from(requirements)
    .where(eq(requirements.documentId, documentId))
    .orderBy(asc(requirements.position), asc(requirements.id));
}
