import { z } from 'zod';
import { idSchema, nameSchema } from './fields';

/**
 * The tag palette (spec 2 §9: nine translucent colours, shown in rows of 3). A tag's `color` is one of these
 * values exactly (decisions §12); translucent so that the text on a badge keeps the page's own colour.
 */
export const TAG_COLORS = [
  'rgba(239, 68, 68, 0.3)',
  'rgba(249, 115, 22, 0.3)',
  'rgba(234, 179, 8, 0.3)',
  'rgba(34, 197, 94, 0.3)',
  'rgba(20, 184, 166, 0.3)',
  'rgba(59, 130, 246, 0.3)',
  'rgba(99, 102, 241, 0.3)',
  'rgba(168, 85, 247, 0.3)',
  'rgba(236, 72, 153, 0.3)',
] as const;
export type TagColor = (typeof TAG_COLORS)[number];

export const TAG_TITLE_MAX = 100;
/** Bounds that keep one document's classifiers usable in a table: the API refuses more (422). */
export const CLASSIFIER_TAGS_MAX = 100;

export const tagColorSchema = z.enum(TAG_COLORS, { message: 'validation.tag_color' });
export const tagTitleSchema = z.string().trim().min(1).max(TAG_TITLE_MAX);

export const tagPresented = z.object({
  id: z.number(),
  classifier_id: z.number(),
  title: z.string(),
  color: z.string(),
});
export type TagPresented = z.infer<typeof tagPresented>;

export const classifierPresented = z.object({
  id: z.number(),
  document_id: z.number(),
  name: z.string(),
  multiselect: z.boolean(),
  tags: z.array(tagPresented),
});
export type ClassifierPresented = z.infer<typeof classifierPresented>;

export const createClassifierBody = z.object({
  document_id: idSchema,
  name: nameSchema,
  tags: z
    .array(z.object({ title: tagTitleSchema, color: tagColorSchema }))
    .max(CLASSIFIER_TAGS_MAX)
    .optional()
    .default([]),
  multiselect: z.boolean().optional().default(true),
});
export type CreateClassifierBody = z.infer<typeof createClassifierBody>;

export const updateClassifierBody = z.object({ name: nameSchema, multiselect: z.boolean() }).partial();
export type UpdateClassifierBody = z.infer<typeof updateClassifierBody>;

export const createTagBody = z.object({ classifier_id: idSchema, title: tagTitleSchema, color: tagColorSchema });
export type CreateTagBody = z.infer<typeof createTagBody>;

export const updateTagBody = z.object({ title: tagTitleSchema, color: tagColorSchema }).partial();
export type UpdateTagBody = z.infer<typeof updateTagBody>;
