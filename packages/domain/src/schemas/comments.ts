import { z } from 'zod';
import { COMMENT_MAX } from '../constants';
import { idSchema } from './fields';
import { withinRichTextElements } from '../rules/rich-text-elements';

/** What can be commented (decisions §11): the project itself, or one of its documents, categories or requirements. */
export const COMMENTABLE_TYPES = ['project', 'document', 'category', 'requirement'] as const;
export type CommentableType = (typeof COMMENTABLE_TYPES)[number];
export const commentableTypeSchema = z.enum(COMMENTABLE_TYPES);

/** One commentable, as the read-marker call names it in its path. */
export const commentableParams = z.object({ type: commentableTypeSchema, id: idSchema });
export type Commentable = z.infer<typeof commentableParams>;

/**
 * The text as typed: line breaks are kept; the server sanitises it like rich text before storing it, so it is
 * bounded in elements like rich text.
 */
export const commentContentSchema = z
  .string()
  .trim()
  .min(1)
  .max(COMMENT_MAX)
  .refine((html) => withinRichTextElements(html), { message: 'validation.rich_text_elements' });

/** POST documents|categories|requirements/comment/{id}. */
export const createCommentBody = z.object({ content: commentContentSchema });
export type CreateCommentBody = z.infer<typeof createCommentBody>;

/** POST projects/comment/{id}: any element of that project (else 422 on commentable_id). */
export const createProjectCommentBody = z.object({
  commentable_type: commentableTypeSchema,
  commentable_id: idSchema,
  content: commentContentSchema,
});
export type CreateProjectCommentBody = z.infer<typeof createProjectCommentBody>;

export const commentPresented = z.object({
  id: z.number(),
  project_id: z.number(),
  author_id: z.number().nullable(),
  /** Null once the author's account is gone. */
  author: z.object({ id: z.number(), name: z.string(), initials: z.string() }).nullable(),
  commentable_type: commentableTypeSchema,
  commentable_id: z.number(),
  /** Sanitised HTML: the typed text, escaped, with its line breaks. */
  content: z.string(),
  created_at: z.string(),
});
export type CommentPresented = z.infer<typeof commentPresented>;

/**
 * GET …/comments/{id}: oldest first, with the caller's read marker on the element and what it leaves unread
 * (comments of others after it; all of theirs when there is no marker).
 */
export const commentsAnswer = z.object({
  data: z.array(commentPresented),
  read_at: z.string().nullable(),
  unread: z.number(),
});
export type CommentsAnswer = z.infer<typeof commentsAnswer>;
