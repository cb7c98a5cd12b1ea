import { and, asc, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type {
  CreateChildrenBody,
  CreateRequirementBody,
  Language,
  RequirementPresented,
  UpdateRequirementBody,
} from '@reqloom/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { lockDocument, lockDocuments } from '../../db/locks';
import { requirementLinks, requirements, revisions } from '../../db/schema';
import { invalid, notFound, type FieldErrors } from '../../http/errors';
import { translate } from '../../i18n/messages';
import type { ProjectRow } from '../../policies/project-access';
import { sanitizeRichText } from '../../security/sanitize';
import type { User } from '../auth/session.service';
import { presentRequirement, presentRequirements, type RequirementRow } from './requirements.presenter';
import {
  categoryBelongs,
  checkLinkTargets,
  documentInProject,
  linkedDocuments,
  nextRequirementPosition,
  requirementById,
  siblingRequirements,
  takeReferenceNumber,
} from './requirement-rules';

export async function findRequirement(db: Db, id: number): Promise<RequirementRow | undefined> {
  return requirementById(db, id);
}

function publishUpdated(ctx: AppContext, projectId: number, requirement: RequirementPresented, origin?: string) {
  ctx.events.publish({ name: 'RequirementUpdated', projectId, data: { requirement } }, origin);
}

export async function createRequirement(
  ctx: AppContext,
  user: User,
  project: ProjectRow,
  body: CreateRequirementBody,
  origin?: string,
): Promise<RequirementPresented> {
  if (body.category_id !== null && !(await categoryBelongs(ctx.db, body.category_id, body.document_id))) {
    throw invalid({ category_id: ['validation.not_in_document'] });
  }
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(requirements)
      .values({
        documentId: body.document_id,
        categoryId: body.category_id,
        authorId: user.id,
        updatedBy: user.id,
        referenceNumber: await takeReferenceNumber(tx, body.document_id),
        name: body.name,
        description: sanitizeRichText(body.description),
        status: body.status ?? 0,
        position: await nextRequirementPosition(tx, body.document_id, body.category_id),
      })
      .returning();
    return created!;
  });
  const presented = await presentRequirement(ctx.db, row);
  publishUpdated(ctx, project.id, presented, origin);
  return presented;
}

/** Replaces the parent (or child) links of a requirement with the given set. */
async function replaceLinks(tx: Db, projectId: number, id: number, side: 'parents' | 'children', ids: number[]) {
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
  return [...removed, ...added];
}

/**
 * A partial update (decisions §10). A change of name, description, status or category keeps the previous
 * state as one revision and moves updated_at; link changes do neither. Moving to another document takes
 * the next reference number there and drops the links the new place no longer allows.
 */
export async function updateRequirement(
  ctx: AppContext,
  user: User,
  project: ProjectRow,
  requirement: RequirementRow,
  body: UpdateRequirementBody,
  origin?: string,
): Promise<RequirementPresented> {
  const errors: FieldErrors = {};
  const documentId = body.document_id ?? requirement.documentId;
  const movingDocument = documentId !== requirement.documentId;
  if (movingDocument && !(await documentInProject(ctx.db, documentId, project.id)))
    errors.document_id = ['validation.in'];
  const categoryId = body.category_id !== undefined ? body.category_id : movingDocument ? null : requirement.categoryId;
  if (!errors.document_id && categoryId !== null && !(await categoryBelongs(ctx.db, categoryId, documentId))) {
    errors.category_id = ['validation.not_in_document'];
  }
  if (!errors.document_id) {
    if (body.parents_id) await checkLinkTargets(ctx.db, documentId, 'parents_id', body.parents_id, errors);
    if (body.children_id) await checkLinkTargets(ctx.db, documentId, 'children_id', body.children_id, errors);
  }
  if (Object.keys(errors).length) throw invalid(errors);

  const description = body.description !== undefined ? sanitizeRichText(body.description) : requirement.description;
  const name = body.name ?? requirement.name;
  const status = body.status ?? requirement.status;
  const categoryChanged = categoryId !== requirement.categoryId || movingDocument;
  const contentChanged =
    name !== requirement.name ||
    description !== requirement.description ||
    status !== requirement.status ||
    categoryChanged;
  const touchedOthers = new Set<number>();

  await ctx.db.transaction(async (tx) => {
    // Positions and numbers are read then written: under the documents' locks, from a fresh reading.
    await lockDocuments(tx, [requirement.documentId, documentId]);
    const [current] = await tx.select().from(requirements).where(eq(requirements.id, requirement.id));
    if (!current) return;
    if (contentChanged) {
      await tx.insert(revisions).values({
        requirementId: current.id,
        authorId: current.updatedBy ?? current.authorId,
        categoryId: current.categoryId,
        name: current.name,
        description: current.description,
        status: current.status,
        updatedAt: current.updatedAt,
      });
      const changes: Partial<typeof requirements.$inferInsert> = {
        name,
        description,
        status,
        updatedAt: new Date(),
        updatedBy: user.id,
      };
      if (categoryChanged) {
        changes.categoryId = categoryId;
        changes.documentId = documentId;
        changes.position = await nextRequirementPosition(tx, documentId, categoryId);
        if (movingDocument) changes.referenceNumber = await takeReferenceNumber(tx, documentId);
      }
      await tx.update(requirements).set(changes).where(eq(requirements.id, requirement.id));
    }
    if (movingDocument) {
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
        .where(or(eq(requirementLinks.parentId, requirement.id), eq(requirementLinks.childId, requirement.id)));
      for (const link of links) {
        const ok =
          link.childId === requirement.id ? linked.parents.has(link.parentDoc) : linked.children.has(link.childDoc);
        if (!ok) {
          await tx
            .delete(requirementLinks)
            .where(and(eq(requirementLinks.parentId, link.parentId), eq(requirementLinks.childId, link.childId)));
          touchedOthers.add(link.childId === requirement.id ? link.parentId : link.childId);
        }
      }
    }
    if (body.parents_id)
      for (const id of await replaceLinks(tx, project.id, requirement.id, 'parents', body.parents_id))
        touchedOthers.add(id);
    if (body.children_id)
      for (const id of await replaceLinks(tx, project.id, requirement.id, 'children', body.children_id))
        touchedOthers.add(id);
  });

  const presented = await presentRequirement(ctx.db, (await findRequirement(ctx.db, requirement.id))!);
  publishUpdated(ctx, project.id, presented, origin);
  if (touchedOthers.size > 0) {
    const others = await ctx.db
      .select({ documentId: requirements.documentId })
      .from(requirements)
      .where(inArray(requirements.id, [...touchedOthers]));
    const documentIds = [...new Set(others.map((o) => o.documentId))];
    ctx.events.publish(
      { name: 'RequirementsUpdated', projectId: project.id, data: { document_ids: documentIds } },
      origin,
    );
  }
  if (movingDocument) {
    ctx.events.publish(
      { name: 'RequirementsUpdated', projectId: project.id, data: { document_ids: [requirement.documentId] } },
      origin,
    );
  }
  return presented;
}

export async function deleteRequirement(
  ctx: AppContext,
  project: ProjectRow,
  requirement: RequirementRow,
  origin?: string,
) {
  const neighbours = await ctx.db
    .select({ documentId: requirements.documentId })
    .from(requirementLinks)
    .innerJoin(
      requirements,
      or(
        and(eq(requirementLinks.parentId, requirement.id), eq(requirements.id, requirementLinks.childId)),
        and(eq(requirementLinks.childId, requirement.id), eq(requirements.id, requirementLinks.parentId)),
      ),
    );
  await ctx.db.delete(requirements).where(eq(requirements.id, requirement.id));
  ctx.events.publish(
    {
      name: 'RequirementDeleted',
      projectId: project.id,
      data: { requirement_id: requirement.id, document_id: requirement.documentId },
    },
    origin,
  );
  const documentIds = [...new Set(neighbours.map((n) => n.documentId))];
  if (documentIds.length)
    ctx.events.publish(
      { name: 'RequirementsUpdated', projectId: project.id, data: { document_ids: documentIds } },
      origin,
    );
}

/**
 * The copy goes just after the original, in the same category, named "Copy of …" in the caller's language;
 * links are not copied. It starts as a draft: nobody has reviewed the copy yet. Tests cannot be copied.
 */
export async function copyRequirement(
  ctx: AppContext,
  user: User,
  project: ProjectRow,
  requirement: RequirementRow,
  lang: Language,
  origin?: string,
): Promise<RequirementPresented> {
  if (requirement.type === 'test') throw invalid({ id: ['validation.test_copy'] });
  const row = await ctx.db.transaction(async (tx) => {
    await lockDocument(tx, requirement.documentId);
    const [original] = await tx.select().from(requirements).where(eq(requirements.id, requirement.id));
    if (!original) throw notFound();
    await tx
      .update(requirements)
      .set({ position: sql`${requirements.position} + 1` })
      .where(
        and(
          siblingRequirements(original.documentId, original.categoryId),
          gt(requirements.position, original.position),
        ),
      );
    const [copy] = await tx
      .insert(requirements)
      .values({
        documentId: requirement.documentId,
        categoryId: requirement.categoryId,
        authorId: user.id,
        updatedBy: user.id,
        referenceNumber: await takeReferenceNumber(tx, requirement.documentId),
        name: `${translate(lang, 'requirement.copy_of')} ${original.name}`.slice(0, 255),
        description: original.description,
        status: 0,
        position: original.position + 1,
        type: original.type,
      })
      .returning();
    return copy!;
  });
  const presented = await presentRequirement(ctx.db, row);
  publishUpdated(ctx, project.id, presented, origin);
  ctx.events.publish(
    { name: 'RequirementsUpdated', projectId: project.id, data: { document_ids: [requirement.documentId] } },
    origin,
  );
  return presented;
}

/** Creates requirements in child documents and links each as a child of this one, all or nothing. */
export async function createChildren(
  ctx: AppContext,
  user: User,
  project: ProjectRow,
  requirement: RequirementRow,
  body: CreateChildrenBody,
  origin?: string,
): Promise<RequirementPresented[]> {
  const { children: allowed } = await linkedDocuments(ctx.db, requirement.documentId);
  const errors: FieldErrors = {};
  for (const [index, child] of body.children.entries()) {
    if (!allowed.has(child.document_id)) errors[`children.${index}.document_id`] = ['validation.link_documents'];
    else if (child.category_id !== null && !(await categoryBelongs(ctx.db, child.category_id, child.document_id))) {
      errors[`children.${index}.category_id`] = ['validation.not_in_document'];
    }
  }
  if (Object.keys(errors).length) throw invalid(errors);
  const rows = await ctx.db.transaction(async (tx) => {
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
    }
    return created;
  });
  const presented = await presentRequirements(ctx.db, rows);
  for (const p of presented) publishUpdated(ctx, project.id, p, origin);
  publishUpdated(ctx, project.id, await presentRequirement(ctx.db, requirement), origin);
  return presented;
}

/** Swaps with the previous (up) or next (down) requirement of the same category; a no-op at the ends. */
export async function moveRequirement(
  ctx: AppContext,
  project: ProjectRow,
  requirement: RequirementRow,
  direction: 'up' | 'down',
  origin?: string,
): Promise<RequirementPresented> {
  await ctx.db.transaction(async (tx) => {
    // Under the document's lock and from a fresh reading, so that a double click moves twice, not into a tie.
    await lockDocument(tx, requirement.documentId);
    const [current] = await tx.select().from(requirements).where(eq(requirements.id, requirement.id));
    if (!current) return;
    const [neighbour] = await tx
      .select()
      .from(requirements)
      .where(
        and(
          siblingRequirements(current.documentId, current.categoryId),
          ne(requirements.id, current.id),
          direction === 'up'
            ? lt(requirements.position, current.position)
            : gt(requirements.position, current.position),
        ),
      )
      .orderBy(direction === 'up' ? desc(requirements.position) : asc(requirements.position))
      .limit(1);
    if (!neighbour) return;
    await tx.update(requirements).set({ position: neighbour.position }).where(eq(requirements.id, current.id));
    await tx.update(requirements).set({ position: current.position }).where(eq(requirements.id, neighbour.id));
  });
  ctx.events.publish(
    { name: 'RequirementsUpdated', projectId: project.id, data: { document_ids: [requirement.documentId] } },
    origin,
  );
  return presentRequirement(ctx.db, (await findRequirement(ctx.db, requirement.id))!);
}
