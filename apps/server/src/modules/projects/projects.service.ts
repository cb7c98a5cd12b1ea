import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type {
  CreateProjectBody,
  ProjectPresented,
  ProjectSettings,
  TransferProjectBody,
  UpdateProjectBody,
} from '@reqloom/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { jsonbObject, jsonbParam } from '../../db/jsonb';
import { projects, projectUsers } from '../../db/schema';
import { invalid, invalidMessage, notFound } from '../../http/errors';
import { can } from '../../policies/policy';
import { isGroupMember, type ProjectRow } from '../../policies/project-access';
import { sanitizeRichText } from '../../security/sanitize';
import { randomToken, safeEqual } from '../../security/tokens';
import type { User } from '../auth/session.service';
import { completeSettings, presentProject, presentProjects } from './projects.presenter';
import { resolveNamespace } from './namespace';

async function slugTaken(db: Db, owner: { type: 'user' | 'group'; id: number }, slug: string, exceptId?: number) {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.ownerType, owner.type),
        eq(projects.ownerId, owner.id),
        eq(projects.slug, slug),
        exceptId ? ne(projects.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function createProject(ctx: AppContext, user: User, body: CreateProjectBody): Promise<ProjectPresented> {
  let owner: { type: 'user' | 'group'; id: number } = { type: 'user', id: user.id };
  if (body.group_id !== null) {
    const isMember = await isGroupMember(ctx.db, body.group_id, user.id);
    if (!can(user, { do: 'group.createProject', group: { id: body.group_id, isMember } })) {
      throw invalid({ group_id: ['validation.group_member'] });
    }
    owner = { type: 'group', id: body.group_id };
  }
  if (await slugTaken(ctx.db, owner, body.slug)) throw invalid({ slug: ['validation.project_slug_taken'] });
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(projects)
        .values({
          ownerType: owner.type,
          ownerId: owner.id,
          name: body.name,
          acronym: body.acronym,
          slug: body.slug,
          description: sanitizeRichText(body.description),
          joinToken: randomToken(),
          settings: {},
        })
        .returning();
      await tx.insert(projectUsers).values({ projectId: created!.id, userId: user.id });
      return created!;
    });
    return presentProject(ctx.db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ slug: ['validation.project_slug_taken'] });
    throw error;
  }
}

export async function listMyProjects(db: Db, userId: number): Promise<ProjectPresented[]> {
  const rows = await db
    .select({ project: projects })
    .from(projects)
    .innerJoin(projectUsers, eq(projectUsers.projectId, projects.id))
    .where(eq(projectUsers.userId, userId))
    .orderBy(asc(projects.name), asc(projects.ownerId), asc(projects.id));
  return presentProjects(
    db,
    rows.map((r) => r.project),
  );
}

async function publishUpdated(ctx: AppContext, row: ProjectRow, origin?: string): Promise<ProjectPresented> {
  const presented = await presentProject(ctx.db, row);
  ctx.events.publish({ name: 'ProjectUpdated', projectId: row.id, data: { project: presented } }, origin);
  return presented;
}

export async function updateProject(
  ctx: AppContext,
  project: ProjectRow,
  body: UpdateProjectBody,
  origin?: string,
): Promise<ProjectPresented> {
  const max = completeSettings(project.settings).acronymMaxSize;
  if (body.acronym !== undefined && body.acronym.length > max) {
    throw invalid({ acronym: [{ key: 'validation.acronym_max', params: { max } }] });
  }
  const changes: Partial<typeof projects.$inferInsert> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.acronym !== undefined) changes.acronym = body.acronym;
  if (body.description !== undefined) changes.description = sanitizeRichText(body.description);
  if (Object.keys(changes).length === 0) return presentProject(ctx.db, project);
  const [row] = await ctx.db
    .update(projects)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(projects.id, project.id))
    .returning();
  return publishUpdated(ctx, row!, origin);
}

export async function updateSettings(
  ctx: AppContext,
  project: ProjectRow,
  patch: Partial<ProjectSettings>,
  origin?: string,
): Promise<ProjectSettings> {
  // Merged by the UPDATE itself, not from the row read before: two concurrent changes of different settings both land.
  const [row] = await ctx.db
    .update(projects)
    .set({ settings: sql`${jsonbObject(sql`${projects.settings}`)} || ${jsonbParam(patch)}`, updatedAt: new Date() })
    .where(eq(projects.id, project.id))
    .returning();
  if (!row) throw notFound();
  const settings = completeSettings(row.settings);
  ctx.events.publish(
    { name: 'ProjectSettingsUpdated', projectId: project.id, data: { project_id: project.id, settings } },
    origin,
  );
  await publishUpdated(ctx, row, origin);
  return settings;
}

export async function transferProject(
  ctx: AppContext,
  user: User,
  project: ProjectRow,
  body: TransferProjectBody,
  origin?: string,
): Promise<ProjectPresented> {
  const target =
    body.owner_type === 'user'
      ? ({ type: 'user', id: body.owner_id } as const)
      : ({
          type: 'group',
          group: { id: body.owner_id, isMember: await isGroupMember(ctx.db, body.owner_id, user.id) },
        } as const);
  if (!can(user, { do: 'project.transfer', project: { id: project.id, isMember: true }, target })) {
    throw invalid({ owner_id: ['validation.transfer_target'] });
  }
  const owner = { type: body.owner_type, id: body.owner_id };
  if (await slugTaken(ctx.db, owner, project.slug, project.id))
    throw invalid({ owner_id: ['validation.project_slug_taken'] });
  try {
    // Members keep their access: only the owner changes.
    const [row] = await ctx.db
      .update(projects)
      .set({ ownerType: owner.type, ownerId: owner.id, updatedAt: new Date() })
      .where(eq(projects.id, project.id))
      .returning();
    return await publishUpdated(ctx, row!, origin);
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ owner_id: ['validation.project_slug_taken'] });
    throw error;
  }
}

/** Removes the project and, by cascade, everything in it. */
export async function deleteProject(ctx: AppContext, project: ProjectRow, origin?: string): Promise<void> {
  await ctx.db.delete(projects).where(eq(projects.id, project.id));
  ctx.events.publish({ name: 'ProjectDeleted', projectId: project.id, data: { project_id: project.id } }, origin);
}

export async function joinProject(
  ctx: AppContext,
  user: User,
  namespace: string,
  slug: string,
  token: string,
): Promise<ProjectPresented> {
  const owner = await resolveNamespace(ctx.db, namespace);
  const [project] = owner
    ? await ctx.db
        .select()
        .from(projects)
        .where(and(eq(projects.ownerType, owner.type), eq(projects.ownerId, owner.id), eq(projects.slug, slug)))
        .limit(1)
    : [];
  if (!project || !safeEqual(project.joinToken, token)) throw invalidMessage('join.project_invalid');
  const inserted = await ctx.db
    .insert(projectUsers)
    .values({ projectId: project.id, userId: user.id })
    .onConflictDoNothing()
    .returning();
  // The contributors list of the members already there changes.
  if (inserted.length > 0) return publishUpdated(ctx, project);
  return presentProject(ctx.db, project);
}
