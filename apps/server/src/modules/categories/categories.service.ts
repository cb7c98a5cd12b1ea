import { and, asc, desc, eq, gt, inArray, isNull, lt, max, ne } from 'drizzle-orm';
import type { CategoryPresented, CreateCategoryBody, UpdateCategoryBody } from '@reqloom/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { lockDocument } from '../../db/locks';
import { categories, requirements, revisions } from '../../db/schema';
import { invalid, type FieldErrors } from '../../http/errors';
import type { ProjectRow } from '../../policies/project-access';
import { sanitizeRichText } from '../../security/sanitize';
import { completeSettings } from '../projects/projects.presenter';
import { findDocument } from '../documents/documents.service';
import { loadCategoryTree, orderedCategories, subtreeIds, type CategoryRow } from './categories.presenter';

type Tx = Db;

const siblingsOf = (documentId: number, parentId: number | null) =>
  and(
    eq(categories.documentId, documentId),
    parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId),
  );

async function nextPosition(db: Tx, documentId: number, parentId: number | null): Promise<number> {
  const [row] = await db
    .select({ last: max(categories.position) })
    .from(categories)
    .where(siblingsOf(documentId, parentId));
  return (row?.last ?? -1) + 1;
}

async function presentOne(db: Db, category: CategoryRow): Promise<CategoryPresented> {
  const tree = await loadCategoryTree(db, category.documentId);
  return tree.presented.get(category.id)!;
}

function checkAcronym(project: ProjectRow, acronym: string | undefined, errors: FieldErrors) {
  const maxSize = completeSettings(project.settings).acronymMaxSize;
  if (acronym !== undefined && acronym.length > maxSize)
    errors.acronym = [{ key: 'validation.acronym_max', params: { max: maxSize } }];
}

export async function createCategory(
  ctx: AppContext,
  project: ProjectRow,
  body: CreateCategoryBody,
  origin?: string,
): Promise<CategoryPresented> {
  const errors: FieldErrors = {};
  checkAcronym(project, body.acronym, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  const row = await ctx.db.transaction(async (tx) => {
    await lockDocument(tx, body.document_id);
    if (body.parent_id !== null) {
      const [parent] = await tx.select().from(categories).where(eq(categories.id, body.parent_id)).limit(1);
      if (!parent || parent.documentId !== body.document_id)
        throw invalid({ parent_id: ['validation.not_in_document'] });
    }
    const position = await nextPosition(tx, body.document_id, body.parent_id);
    const [created] = await tx
      .insert(categories)
      .values({
        documentId: body.document_id,
        parentId: body.parent_id,
        name: body.name,
        acronym: body.acronym,
        description: sanitizeRichText(body.description),
        position,
      })
      .returning();
    return created!;
  });
  const category = await presentOne(ctx.db, row);
  ctx.events.publish({ name: 'CategoryUpdated', projectId: project.id, data: { category } }, origin);
  ctx.events.publish(
    { name: 'ProjectStructureUpdated', projectId: project.id, data: { project_id: project.id } },
    origin,
  );
  return category;
}

export async function updateCategory(
  ctx: AppContext,
  project: ProjectRow,
  category: CategoryRow,
  body: UpdateCategoryBody,
  origin?: string,
): Promise<CategoryPresented> {
  const errors: FieldErrors = {};
  checkAcronym(project, body.acronym, errors);
  const moving = body.parent_id !== undefined && body.parent_id !== category.parentId;
  if (Object.keys(errors).length) throw invalid(errors);
  const changes: Partial<typeof categories.$inferInsert> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.acronym !== undefined) changes.acronym = body.acronym;
  if (body.description !== undefined) changes.description = sanitizeRichText(body.description);
  const row = await ctx.db.transaction(async (tx) => {
    await lockDocument(tx, category.documentId);
    if (moving) {
      // Checked under the document's lock: two crossing moves cannot together make a loop.
      if (body.parent_id !== null && body.parent_id !== undefined) {
        const tree = await loadCategoryTree(tx, category.documentId);
        if (!tree.presented.has(body.parent_id)) throw invalid({ parent_id: ['validation.not_in_document'] });
        if (subtreeIds(tree, category.id).includes(body.parent_id)) {
          throw invalid({ parent_id: ['validation.parent_category'] });
        }
      }
      changes.parentId = body.parent_id ?? null;
      changes.position = await nextPosition(tx, category.documentId, body.parent_id ?? null);
    }
    if (Object.keys(changes).length === 0) return category;
    const [updated] = await tx
      .update(categories)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(categories.id, category.id))
      .returning();
    return updated!;
  });
  const presented = await presentOne(ctx.db, row);
  ctx.events.publish({ name: 'CategoryUpdated', projectId: project.id, data: { category: presented } }, origin);
  ctx.events.publish(
    { name: 'ProjectStructureUpdated', projectId: project.id, data: { project_id: project.id } },
    origin,
  );
  // References of the requirements below change with the acronym or the place of the category.
  if (body.acronym !== undefined || moving) {
    ctx.events.publish(
      { name: 'RequirementsUpdated', projectId: project.id, data: { document_ids: [category.documentId] } },
      origin,
    );
  }
  return presented;
}

/** Swaps the category with its previous (up) or next (down) sibling; a no-op at either end. */
export async function moveCategory(
  ctx: AppContext,
  project: ProjectRow,
  category: CategoryRow,
  direction: 'up' | 'down',
  origin?: string,
): Promise<CategoryPresented> {
  await ctx.db.transaction(async (tx) => {
    // Under the document's lock and from a fresh reading, so that a double click moves twice, not into a tie.
    await lockDocument(tx, category.documentId);
    const [current] = await tx.select().from(categories).where(eq(categories.id, category.id));
    if (!current) return;
    const [neighbour] = await tx
      .select()
      .from(categories)
      .where(
        and(
          siblingsOf(current.documentId, current.parentId),
          ne(categories.id, current.id),
          direction === 'up' ? lt(categories.position, current.position) : gt(categories.position, current.position),
        ),
      )
      .orderBy(direction === 'up' ? desc(categories.position) : asc(categories.position))
      .limit(1);
    if (!neighbour) return;
    await tx.update(categories).set({ position: neighbour.position }).where(eq(categories.id, current.id));
    await tx.update(categories).set({ position: current.position }).where(eq(categories.id, neighbour.id));
  });
  const [row] = await ctx.db.select().from(categories).where(eq(categories.id, category.id));
  ctx.events.publish(
    { name: 'CategoriesUpdated', projectId: project.id, data: { document_id: category.documentId } },
    origin,
  );
  ctx.events.publish(
    { name: 'ProjectStructureUpdated', projectId: project.id, data: { project_id: project.id } },
    origin,
  );
  return presentOne(ctx.db, row!);
}

/**
 * Deletes the category and its sub-categories; all their requirements move to the document root,
 * after the requirements already there, in the order they had (decisions §6).
 */
export async function deleteCategory(
  ctx: AppContext,
  userId: number,
  project: ProjectRow,
  category: CategoryRow,
  origin?: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockDocument(tx, category.documentId);
    const tree = await loadCategoryTree(tx, category.documentId);
    const ids = subtreeIds(tree, category.id);
    const order = new Map(orderedCategories(tree).map((c, index) => [c.id, index]));
    const moving = ids.length ? await tx.select().from(requirements).where(inArray(requirements.categoryId, ids)) : [];
    moving.sort(
      (a, b) => order.get(a.categoryId!)! - order.get(b.categoryId!)! || a.position - b.position || a.id - b.id,
    );
    const [root] = await tx
      .select({ last: max(requirements.position) })
      .from(requirements)
      .where(and(eq(requirements.documentId, category.documentId), isNull(requirements.categoryId)));
    let position = (root?.last ?? -1) + 1;
    // A change of category like any other: the previous state is kept and updated_at moves (decisions §6).
    const now = new Date();
    if (moving.length) {
      await tx.insert(revisions).values(
        moving.map((r) => ({
          requirementId: r.id,
          authorId: r.updatedBy ?? r.authorId,
          categoryId: r.categoryId,
          name: r.name,
          description: r.description,
          status: r.status,
          updatedAt: r.updatedAt,
        })),
      );
    }
    for (const requirement of moving) {
      await tx
        .update(requirements)
        .set({ categoryId: null, position: position++, updatedAt: now, updatedBy: userId })
        .where(eq(requirements.id, requirement.id));
    }
    await tx.delete(categories).where(eq(categories.id, category.id));
  });
  ctx.events.publish(
    {
      name: 'CategoryDeleted',
      projectId: project.id,
      data: { category_id: category.id, document_id: category.documentId },
    },
    origin,
  );
  ctx.events.publish(
    { name: 'RequirementsUpdated', projectId: project.id, data: { document_ids: [category.documentId] } },
    origin,
  );
  ctx.events.publish(
    { name: 'ProjectStructureUpdated', projectId: project.id, data: { project_id: project.id } },
    origin,
  );
}

export async function documentOfCategory(db: Db, category: CategoryRow) {
  return findDocument(db, category.documentId);
}
