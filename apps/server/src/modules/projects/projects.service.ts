import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { acronymTooLong } from '@reqloom/domain';
import type {
  CreateProjectBody,
  ProjectPresented,
  ProjectSettings,
  TransferProjectBody,
  UpdateProjectBody,
} from '@reqloom/domain';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { jsonbObject, jsonbParam } from '../../db/jsonb';
import { loadProjectForWrite } from '../../core/locks';
import { groups, projects, projectUsers, users } from '../../db/schema';
import { changedFields } from '../../core/audit';
import { invalid, invalidMessage, notFound } from '../../core/errors';
import { can, type ProjectFacts } from '../../policies/policy';
import { isGroupMember, type ProjectRow } from '../../policies/project-access';
import { sanitizeRichText } from '../../security/sanitize';
import { randomToken, safeEqual } from '../../security/tokens';
import type { Work } from '../../core/work';
import type { User } from '../../core/identity';
import { completeProjectSettings, presentProject, presentProjectsFor } from '../../read/projects.presenter';
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

/**
 * An owner as the audit trail names it: its namespace, `user:<username>` or `group:<slug>`, as it was at the change
 * (decisions §21).
 */
async function ownerName(db: Db, owner: { type: string; id: number }): Promise<string> {
  const [row] =
    owner.type === 'group'
      ? await db.select({ name: groups.slug }).from(groups).where(eq(groups.id, owner.id)).limit(1)
      : await db.select({ name: users.username }).from(users).where(eq(users.id, owner.id)).limit(1);
  return `${owner.type}:${row?.name ?? `#${owner.id}`}`;
}

/** Presents a project for the answer; the unit of work reuses it, without the caller's role, for the wire event. */
async function answer(work: Work, row: ProjectRow, userId: number): Promise<ProjectPresented> {
  const value = await presentProject(work.tx, row, userId);
  const { my_role: _mine, ...shared } = value;
  work.remember({ kind: 'project', value: shared });
  return value;
}

export async function createProject(work: Work, user: User, body: CreateProjectBody): Promise<ProjectPresented> {
  const { tx } = work;
  let owner: { type: 'user' | 'group'; id: number } = { type: 'user', id: user.id };
  if (body.group_id !== null) {
    const isMember = await isGroupMember(tx, body.group_id, user.id);
    if (!can(user, { do: 'group.createProject', group: { id: body.group_id, isMember } })) {
      throw invalid({ group_id: ['validation.group_member'] });
    }
    owner = { type: 'group', id: body.group_id };
  }
  if (await slugTaken(tx, owner, body.slug)) throw invalid({ slug: ['validation.project_slug_taken'] });
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
    .onConflictDoNothing()
    .returning();
  // A concurrent creation took the slug between the check and the insert.
  if (!created) throw invalid({ slug: ['validation.project_slug_taken'] });
  // Whoever creates a project is its maintainer (decisions §20).
  await tx.insert(projectUsers).values({ projectId: created.id, userId: user.id, role: 'maintainer' });
  work.audit(created.id, {
    action: 'created',
    entityType: 'project',
    entityId: created.id,
    reference: created.name,
    changes: {
      name: { new: created.name },
      acronym: { new: created.acronym },
      slug: { new: created.slug },
      owner: { new: await ownerName(tx, owner) },
    },
  });
  return presentProject(tx, created, user.id);
}

export async function listMyProjects(db: Db, userId: number): Promise<ProjectPresented[]> {
  const rows = await db
    .select({ project: projects })
    .from(projects)
    .innerJoin(projectUsers, eq(projectUsers.projectId, projects.id))
    .where(eq(projectUsers.userId, userId))
    .orderBy(asc(projects.name), asc(projects.ownerId), asc(projects.id));
  return presentProjectsFor(
    db,
    rows.map((r) => r.project),
    userId,
  );
}

export async function updateProject(
  work: Work,
  user: User,
  project: ProjectRow,
  body: UpdateProjectBody,
): Promise<ProjectPresented> {
  const { tx } = work;
  const current = await loadProjectForWrite(tx, project.id);
  const tooLong = acronymTooLong(body.acronym, completeProjectSettings(current.settings).acronymMaxSize);
  if (tooLong) throw invalid({ acronym: [tooLong] });
  const changes: Partial<typeof projects.$inferInsert> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.acronym !== undefined) changes.acronym = body.acronym;
  if (body.description !== undefined) changes.description = sanitizeRichText(body.description);
  if (Object.keys(changes).length === 0) return presentProject(tx, current, user.id);
  const [row] = await tx
    .update(projects)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(projects.id, project.id))
    .returning();
  // Only what changed, old and new; the description is rich text: said to have changed, never copied.
  const audited = changedFields(current, row!, ['name', 'acronym', 'slug']);
  if (current.description !== row!.description) audited.description = { changed: true };
  if (Object.keys(audited).length > 0)
    work.record(
      { name: 'ProjectUpdated', projectId: project.id },
      { action: 'updated', entityType: 'project', entityId: project.id, reference: row!.name, changes: audited },
    );
  else work.record({ name: 'ProjectUpdated', projectId: project.id });
  return answer(work, row!, user.id);
}

/** Merges the given settings into the stored ones in one statement: two concurrent changes both stay. */
export async function updateSettings(
  work: Work,
  project: ProjectRow,
  patch: Partial<ProjectSettings>,
): Promise<ProjectSettings> {
  // Read under the row's lock, so that the trail's old values are the ones this change replaces; the merge is still
  // done by the UPDATE itself, as it was before the trail needed them.
  const current = await loadProjectForWrite(work.tx, project.id);
  const before = completeProjectSettings(current.settings);
  const [row] = await work.tx
    .update(projects)
    .set({ settings: sql`${jsonbObject(sql`${projects.settings}`)} || ${jsonbParam(patch)}`, updatedAt: new Date() })
    .where(eq(projects.id, project.id))
    .returning({ settings: projects.settings });
  if (!row) throw notFound();
  const after = completeProjectSettings(row.settings);
  const changes = changedFields(before, after, Object.keys(patch) as (keyof ProjectSettings)[]);
  if (Object.keys(changes).length > 0)
    work.record(
      { name: 'ProjectSettingsUpdated', projectId: project.id },
      { action: 'settings_changed', entityType: 'project', entityId: project.id, reference: current.name, changes },
    );
  else work.record({ name: 'ProjectSettingsUpdated', projectId: project.id });
  work.record({ name: 'ProjectUpdated', projectId: project.id });
  return after;
}

export async function transferProject(
  work: Work,
  user: User,
  project: ProjectFacts,
  body: TransferProjectBody,
): Promise<ProjectPresented> {
  const { tx } = work;
  const current = await loadProjectForWrite(tx, project.id);
  const facts = { id: project.id, role: project.role };
  const target =
    body.owner_type === 'user'
      ? ({ type: 'user', id: body.owner_id } as const)
      : ({
          type: 'group',
          group: { id: body.owner_id, isMember: await isGroupMember(tx, body.owner_id, user.id) },
        } as const);
  if (!can(user, { do: 'project.transfer', project: facts, target })) {
    throw invalid({ owner_id: ['validation.transfer_target'] });
  }
  const owner = { type: body.owner_type, id: body.owner_id };
  if (await slugTaken(tx, owner, current.slug, project.id))
    throw invalid({ owner_id: ['validation.project_slug_taken'] });
  // Members keep their access: only the owner changes. A project of the same slug created meanwhile makes the
  // update fail; the whole work rolls back.
  const row = await tx
    .update(projects)
    .set({ ownerType: owner.type, ownerId: owner.id, updatedAt: new Date() })
    .where(eq(projects.id, project.id))
    .returning()
    .then(
      ([updated]) => updated,
      (error: unknown) => {
        throw isUniqueViolation(error) ? invalid({ owner_id: ['validation.project_slug_taken'] }) : error;
      },
    );
  const from = await ownerName(tx, { type: current.ownerType, id: current.ownerId });
  const to = await ownerName(tx, owner);
  work.record(
    { name: 'ProjectUpdated', projectId: project.id },
    {
      action: 'transferred',
      entityType: 'project',
      entityId: project.id,
      reference: current.name,
      changes: { owner: { old: from, new: to } },
    },
  );
  return answer(work, row!, user.id);
}

/** Removes the project and, by cascade, everything in it, in one transaction. */
export async function deleteProject(work: Work, project: ProjectRow): Promise<void> {
  await loadProjectForWrite(work.tx, project.id, 'update');
  await work.tx.delete(projects).where(eq(projects.id, project.id));
  // Its trail goes with it (the cascade); the deletion is kept apart, with no project, and names it (decisions §21).
  work.audit(null, {
    action: 'deleted',
    entityType: 'project',
    entityId: project.id,
    reference: `${project.name} (${project.acronym})`,
  });
  work.record({ name: 'ProjectDeleted', projectId: project.id });
}

export async function joinProject(
  work: Work,
  user: User,
  namespace: string,
  slug: string,
  token: string,
): Promise<ProjectPresented> {
  const { tx } = work;
  const owner = await resolveNamespace(tx, namespace);
  const [project] = owner
    ? await tx
        .select()
        .from(projects)
        .where(and(eq(projects.ownerType, owner.type), eq(projects.ownerId, owner.id), eq(projects.slug, slug)))
        .limit(1)
    : [];
  if (!project || !safeEqual(project.joinToken, token)) throw invalidMessage('join.project_invalid');
  // The link grants the project's joinRole (decisions §20); a member already there keeps the role they have.
  const role = completeProjectSettings(project.settings).joinRole;
  const inserted = await tx
    .insert(projectUsers)
    .values({ projectId: project.id, userId: user.id, role })
    .onConflictDoNothing()
    .returning();
  // The contributors list of the members already there changes.
  if (inserted.length > 0) {
    work.record({ name: 'ProjectUpdated', projectId: project.id });
    work.record(
      { name: 'ProjectMembersChanged', projectId: project.id },
      {
        action: 'member_joined',
        entityType: 'member',
        entityId: user.id,
        reference: user.name,
        changes: { role: { new: role } },
      },
    );
  }
  return presentProject(tx, project, user.id);
}
