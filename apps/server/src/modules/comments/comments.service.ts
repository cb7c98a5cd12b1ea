import { and, eq, sql } from 'drizzle-orm';
import type { Commentable, CommentPresented } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { categories, commentReads, comments, documents, requirements } from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import type { ProjectRow } from '../../policies/project-access';
import { sanitizeRichText } from '../../security/sanitize';
import type { Work } from '../../core/work';
import type { User } from '../../core/identity';
import { presentComment } from '../../read/comments.presenter';
import { categoryReferenceOf, requirementReferenceOf } from '../../read/audit-references';

/** The element's key columns of a comment or read marker; at most one is set, none for the project itself. */
type CommentableKeys = { documentId?: number; categoryId?: number; requirementId?: number };
/** The element as found: its keys, and the document it is in (the audit trail's link to it). */
type Found = { keys: CommentableKeys; documentId: number | null; name?: string };

/**
 * The keys of the element if it belongs to the project, else null. The element is held with a key-share lock
 * until the work commits: a concurrent delete waits and takes the new comment with it (by cascade), while edits
 * of the element (which take `no key update`) are not held up by comments.
 */
async function commentableIn(tx: Db, projectId: number, target: Commentable): Promise<Found | null> {
  switch (target.type) {
    case 'project':
      return target.id === projectId ? { keys: {}, documentId: null } : null;
    case 'document': {
      const [row] = await tx
        .select({ id: documents.id, name: documents.name })
        .from(documents)
        .where(and(eq(documents.id, target.id), eq(documents.projectId, projectId)))
        .for('key share');
      return row ? { keys: { documentId: row.id }, documentId: row.id, name: row.name } : null;
    }
    case 'category': {
      const [row] = await tx
        .select({ id: categories.id, documentId: categories.documentId })
        .from(categories)
        .innerJoin(documents, eq(documents.id, categories.documentId))
        .where(and(eq(categories.id, target.id), eq(documents.projectId, projectId)))
        .for('key share', { of: categories });
      return row ? { keys: { categoryId: row.id }, documentId: row.documentId } : null;
    }
    case 'requirement': {
      const [row] = await tx
        .select({ id: requirements.id, documentId: requirements.documentId })
        .from(requirements)
        .innerJoin(documents, eq(documents.id, requirements.documentId))
        .where(and(eq(requirements.id, target.id), eq(documents.projectId, projectId)))
        .for('key share', { of: requirements });
      return row ? { keys: { requirementId: row.id }, documentId: row.documentId } : null;
    }
  }
}

/** How the trail names the commented element: a requirement's or category's reference, a document's or the project's name. */
async function commentableName(tx: Db, project: ProjectRow, target: Commentable, found: Found): Promise<string> {
  switch (target.type) {
    case 'project':
      return project.name;
    case 'document':
      return found.name ?? `#${target.id}`;
    case 'category':
      return (await categoryReferenceOf(tx, target.id)) ?? `#${target.id}`;
    case 'requirement':
      return (await requirementReferenceOf(tx, target.id)) ?? `#${target.id}`;
  }
}

/**
 * Comments an element of the project (decisions §11). The text is sanitised like rich text: markup that could
 * run goes, what is left of the typed text (escaped, with its line breaks) stays. A text that sanitises to
 * nothing is refused rather than stored empty. `named` says where the element was named: in the path, whose
 * locator found it in the project (so missing now means deleted meanwhile: 404), or in the body of
 * `projects/comment` (an element of another project, or none: 422 on `commentable_id`).
 */
export async function createComment(
  work: Work,
  user: User,
  project: ProjectRow,
  target: Commentable,
  content: string,
  named: 'path' | 'body' = 'path',
): Promise<CommentPresented> {
  const clean = sanitizeRichText(content);
  if (clean === '') throw invalid({ content: ['validation.comment_empty'] });
  const found = await commentableIn(work.tx, project.id, target);
  if (!found) throw named === 'path' ? notFound() : invalid({ commentable_id: ['validation.not_in_project'] });
  const [row] = await work.tx
    .insert(comments)
    .values({ projectId: project.id, ...found.keys, authorId: user.id, content: clean })
    .returning();
  // Where the comment is, never what it says: the trail is no copy of the discussion.
  work.record(
    { name: 'CommentCreated', projectId: project.id, commentId: row!.id },
    {
      action: 'created',
      entityType: 'comment',
      entityId: row!.id,
      reference: `${target.type} ${await commentableName(work.tx, project, target, found)}`,
      documentId: found.documentId,
      changes: { commentable_type: { new: target.type }, commentable_id: { new: target.id } },
    },
  );
  return presentComment(row!, user.name);
}

/** The caller's read marker on the element becomes now: comments of others up to now are read. */
export async function markRead(work: Work, user: User, project: ProjectRow, target: Commentable): Promise<void> {
  const found = await commentableIn(work.tx, project.id, target);
  // The route's locator found the element in this project: it went meanwhile.
  if (!found) throw notFound();
  // A read marker is the reader's own state, not a change of the project: not in the audit trail.
  await work.tx
    .insert(commentReads)
    .values({ userId: user.id, projectId: project.id, ...found.keys, readAt: sql`now()` })
    .onConflictDoUpdate({
      target: [commentReads.userId, commentReads.commentableType, commentReads.commentableId],
      set: { readAt: sql`now()` },
    });
}
