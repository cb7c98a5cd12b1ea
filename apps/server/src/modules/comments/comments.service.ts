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

/** The element's key columns of a comment or read marker; at most one is set, none for the project itself. */
type CommentableKeys = { documentId?: number; categoryId?: number; requirementId?: number };

/**
 * The keys of the element if it belongs to the project, else null. The element is held with a key-share lock
 * until the work commits: a concurrent delete waits and takes the new comment with it (by cascade), while edits
 * of the element (which take `no key update`) are not held up by comments.
 */
async function commentableIn(tx: Db, projectId: number, target: Commentable): Promise<CommentableKeys | null> {
  switch (target.type) {
    case 'project':
      return target.id === projectId ? {} : null;
    case 'document': {
      const [row] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.id, target.id), eq(documents.projectId, projectId)))
        .for('key share');
      return row ? { documentId: row.id } : null;
    }
    case 'category': {
      const [row] = await tx
        .select({ id: categories.id })
        .from(categories)
        .innerJoin(documents, eq(documents.id, categories.documentId))
        .where(and(eq(categories.id, target.id), eq(documents.projectId, projectId)))
        .for('key share', { of: categories });
      return row ? { categoryId: row.id } : null;
    }
    case 'requirement': {
      const [row] = await tx
        .select({ id: requirements.id })
        .from(requirements)
        .innerJoin(documents, eq(documents.id, requirements.documentId))
        .where(and(eq(requirements.id, target.id), eq(documents.projectId, projectId)))
        .for('key share', { of: requirements });
      return row ? { requirementId: row.id } : null;
    }
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
  const keys = await commentableIn(work.tx, project.id, target);
  if (!keys) throw named === 'path' ? notFound() : invalid({ commentable_id: ['validation.not_in_project'] });
  const [row] = await work.tx
    .insert(comments)
    .values({ projectId: project.id, ...keys, authorId: user.id, content: clean })
    .returning();
  work.record({ name: 'CommentCreated', projectId: project.id, commentId: row!.id });
  return presentComment(row!, user.name);
}

/** The caller's read marker on the element becomes now: comments of others up to now are read. */
export async function markRead(work: Work, user: User, project: ProjectRow, target: Commentable): Promise<void> {
  const keys = await commentableIn(work.tx, project.id, target);
  // The route's locator found the element in this project: it went meanwhile.
  if (!keys) throw notFound();
  await work.tx
    .insert(commentReads)
    .values({ userId: user.id, projectId: project.id, ...keys, readAt: sql`now()` })
    .onConflictDoUpdate({
      target: [commentReads.userId, commentReads.commentableType, commentReads.commentableId],
      set: { readAt: sql`now()` },
    });
}
