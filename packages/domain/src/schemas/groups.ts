import { z } from 'zod';
import { nameSchema, slugSchema } from './fields';
import { richTextSchema } from './rich-text';

export const createGroupBody = z.object({
  name: nameSchema,
  slug: slugSchema,
  description: richTextSchema.nullish().transform((v) => v ?? ''),
});
export type CreateGroupBody = z.infer<typeof createGroupBody>;

export const joinBody = z.object({ token: z.string().min(1).max(200) });

export const groupPresented = z.object({
  id: z.number(),
  parent_id: z.null(),
  name: z.string(),
  namespace: z.null(),
  slug: z.string(),
  description: z.string(),
  join_token: z.string(),
  created_at: z.string(),
  members_count: z.number(),
  owned_projects_count: z.number(),
});
export type GroupPresented = z.infer<typeof groupPresented>;
