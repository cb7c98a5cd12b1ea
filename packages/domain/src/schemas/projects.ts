import { z } from 'zod';
import { ACRONYM_MAX_SIZE_BOUNDS, DEFAULT_ACRONYM_MAX_SIZE, NAME_MAX } from '../constants';
import { JOIN_ROLES, PROJECT_ROLES } from '../rules/roles';
import { qualitySettingsSchema } from './quality';
import { idSchema, nameSchema, slugSchema } from './fields';
import { richTextSchema } from './rich-text';

/** Upper-case letters and digits; the length bound depends on the project (checked by the server). */
export const acronymSchema = z
  .string()
  .trim()
  .min(1)
  .max(ACRONYM_MAX_SIZE_BOUNDS.max)
  .regex(/^[A-Z0-9]+$/, { message: 'validation.acronym_format' });

export const projectRoleSchema = z.enum(PROJECT_ROLES);
export const joinRoleSchema = z.enum(JOIN_ROLES);

export const projectSettingsSchema = z.object({
  organizationName: z.string().trim().max(NAME_MAX),
  acronymMaxSize: z.number().int().min(ACRONYM_MAX_SIZE_BOUNDS.min).max(ACRONYM_MAX_SIZE_BOUNDS.max),
  autoAcronymIgnoreSmallWords: z.boolean(),
  /** The role the join link grants (decisions §20). */
  joinRole: joinRoleSchema,
  /** The quality rules the project turned off (decisions §25). */
  quality: qualitySettingsSchema,
});
export type ProjectSettings = z.infer<typeof projectSettingsSchema>;

export const updateProjectSettingsBody = z.object({ settings: projectSettingsSchema.partial() });

export const createProjectBody = z.object({
  name: nameSchema,
  acronym: acronymSchema.max(DEFAULT_ACRONYM_MAX_SIZE),
  group_id: idSchema.nullish().transform((v) => v ?? null),
  slug: slugSchema,
  description: richTextSchema.nullish().transform((v) => v ?? ''),
});
export type CreateProjectBody = z.infer<typeof createProjectBody>;

export const updateProjectBody = z
  .object({ name: nameSchema, acronym: acronymSchema, description: richTextSchema })
  .partial();
export type UpdateProjectBody = z.infer<typeof updateProjectBody>;

export const ownerTypeSchema = z.enum(['user', 'group']);
export const transferProjectBody = z.object({ owner_type: ownerTypeSchema, owner_id: idSchema });
export type TransferProjectBody = z.infer<typeof transferProjectBody>;

export const memberPresented = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  initials: z.string(),
});

export const projectPresented = z.object({
  id: z.number(),
  owner_type: ownerTypeSchema,
  owner_id: z.number(),
  owner: z.object({ type: ownerTypeSchema, id: z.number(), name: z.string(), namespace: z.string() }),
  name: z.string(),
  acronym: z.string(),
  namespace: z.string(),
  slug: z.string(),
  description: z.string(),
  join_token: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  settings: projectSettingsSchema,
  members: z.array(memberPresented),
  members_count: z.number(),
  documents_count: z.number(),
  /** The caller's own role in the project (decisions §20): the client shows controls by it and never guesses it. */
  my_role: projectRoleSchema,
});
export type ProjectPresented = z.infer<typeof projectPresented>;
/**
 * A project as every member sees it, without `my_role`: what the realtime `ProjectUpdated` carries to a project's
 * room, where each member has a role of their own. A client keeps the `my_role` it read.
 */
export type ProjectShared = Omit<ProjectPresented, 'my_role'>;

export const projectPathParams = z.object({ namespace: z.string().max(100), slug: z.string().max(100) });

/** A member as `GET projects/members/{id}` lists them (decisions §20). */
export const projectMemberPresented = z.object({
  user: memberPresented,
  role: projectRoleSchema,
  joined_at: z.string(),
});
export type ProjectMemberPresented = z.infer<typeof projectMemberPresented>;

export const updateMemberBody = z.object({ role: projectRoleSchema });
export type UpdateMemberBody = z.infer<typeof updateMemberBody>;
