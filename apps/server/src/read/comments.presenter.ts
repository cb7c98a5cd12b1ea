import { and, asc, eq, inArray } from 'drizzle-orm';
import { initials, unreadCount, type Commentable, type CommentPresented } from '@reqloom/domain';
import type { Db } from '../db/client';
import { commentReads, comments, users } from '../db/schema';

export type CommentRow = typeof comments.$inferSelect;

export function presentComment(row: CommentRow, authorName: string | null | undefined): CommentPresented {
  return {
    id: row.id,
    project_id: row.projectId,
    author_id: row.authorId,
    author:
      row.authorId !== null && typeof authorName === 'string'
        ? { id: row.authorId, name: authorName, initials: initials(authorName) }
        : null,
    commentable_type: row.commentableType,
    commentable_id: row.commentableId,
    content: row.content,
    created_at: row.createdAt.toISOString(),
  };
}

const withAuthor = (db: Db) =>
  db
    .select({ comment: comments, authorName: users.name })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId));

/** The comments with these ids, by id (the wire presents the comments a unit of work created). */
export async function presentCommentsByIds(db: Db, ids: number[]): Promise<Map<number, CommentPresented>> {
  if (ids.length === 0) return new Map();
  const rows = await withAuthor(db).where(inArray(comments.id, ids));
  return new Map(rows.map(({ comment, authorName }) => [comment.id, presentComment(comment, authorName)]));
}

/**
 * GET …/comments/{id}: the element's comments oldest first, the reader's marker on it, and what the marker leaves
 * unread. Looked up by (type, id), which the commentable index serves.
 */
export async function presentCommentsOf(
  db: Db,
  target: Commentable,
  readerId: number,
): Promise<{ data: CommentPresented[]; read_at: string | null; unread: number }> {
  const [rows, marker] = await Promise.all([
    withAuthor(db)
      .where(and(eq(comments.commentableType, target.type), eq(comments.commentableId, target.id)))
      .orderBy(asc(comments.id)),
    db
      .select({ readAt: commentReads.readAt })
      .from(commentReads)
      .where(
        and(
          eq(commentReads.userId, readerId),
          eq(commentReads.commentableType, target.type),
          eq(commentReads.commentableId, target.id),
        ),
      )
      .limit(1),
  ]);
  const data = rows.map(({ comment, authorName }) => presentComment(comment, authorName));
  const readAt = marker[0]?.readAt.toISOString() ?? null;
  return { data, read_at: readAt, unread: unreadCount(data, readAt, readerId) };
}
