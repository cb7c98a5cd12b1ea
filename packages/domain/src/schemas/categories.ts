import { z } from 'zod';
import { idSchema, nameSchema, versionSchema } from './fields';
import { acronymSchema } from './projects';
import { richTextSchema } from './rich-text';

export const createCategoryBody = z.object({
  document_id: idSchema,
  parent_id: idSchema.nullish().transform((v) => v ?? null),
  name: nameSchema,
  acronym: acronymSchema,
  description: richTextSchema.nullish().transform((v) => v ?? ''),
});
export type CreateCategoryBody = z.infer<typeof createCategoryBody>;

/** The document of a category does not change after creation (spec 2: disabled in edit). */
export const updateCategoryBody = z
  .object({
    name: nameSchema,
    acronym: acronymSchema,
    description: richTextSchema,
    parent_id: idSchema.nullable(),
    version: versionSchema,
  })
  .partial();
export type UpdateCategoryBody = z.infer<typeof updateCategoryBody>;

export type CategoryPresented = {
  id: number;
  document_id: number;
  parent_id: number | null;
  name: string;
  acronym: string;
  description: string;
  reference: string;
  order: number;
  _lft: number;
  _rgt: number;
  address: number[];
  depth: number;
  version: number;
  created_at: string;
  updated_at: string;
};

export const categoryPresented: z.ZodType<CategoryPresented> = z.object({
  id: z.number(),
  document_id: z.number(),
  parent_id: z.number().nullable(),
  name: z.string(),
  acronym: z.string(),
  description: z.string(),
  reference: z.string(),
  order: z.number(),
  _lft: z.number(),
  _rgt: z.number(),
  address: z.array(z.number()),
  depth: z.number(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
