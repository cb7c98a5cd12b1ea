import { and, eq, sql } from 'drizzle-orm';
import type { ProjectMemberPresented, ProjectPresented, ProjectRole } from '@reqloom/domain';
import { loadProjectForWrite } from '../../core/locks';
import { forbidden, invalid, notFound } from '../../core/errors';
import type { User } from '../../core/identity';
import type { Work } from '../../core/work';
import { projects, projectUsers, users } from '../../db/schema';
import { can } from '../../policies/policy';
import { projectRole } from '../../policies/project-access';
import { presentMembers, presentProject } from '../../read/projects.presenter';
import { randomToken } from '../../security/tokens';

// Members and roles (decisions §20). Every change of a membership locks the project row first (`no key update`,
// after the `key share` every unit of work in a project takes: the two do not conflict), so two changes of one
// project's members run one after the other: the second reads the roles the first committed. Two maintainers
// demoting each other at the same instant thus leave one maintainer, and a caller demoted meanwhile is refused.

/** The caller's role read again under the project's lock: the access check before it ran outside the work. */
async function lockedRole(work: Work, projectId: number, userId: number): Promise<ProjectRole | null> {
  await loadProjectForWrite(work.tx, projectId);
  return projectRole(work.tx, projectId, userId);
}

/** A member as the audit trail names them: their name at the time (decisions §21). */
async function memberName(work: Work, userId: number): Promise<string | null> {
  const [row] = await work.tx.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? null;
}

async function otherMaintainers(work: Work, projectId: number, userId: number): Promise<number> {
  const [row] = await work.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(projectUsers)
    .where(
      and(
        eq(projectUsers.projectId, projectId),
        eq(projectUsers.role, 'maintainer'),
        sql`${projectUsers.userId} <> ${userId}`,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function changeMemberRole(
  work: Work,
  user: User,
  projectId: number,
  userId: number,
  role: ProjectRole,
): Promise<ProjectMemberPresented> {
  const mine = await lockedRole(work, projectId, user.id);
  if (!can(user, { do: 'project.call', project: { id: projectId, role: mine }, least: 'maintainer' }))
    throw forbidden();
  const target = await projectRole(work.tx, projectId, userId);
  if (target === null) throw notFound();
  if (target !== role) {
    if (target === 'maintainer' && (await otherMaintainers(work, projectId, userId)) === 0)
      throw invalid({ role: ['validation.last_maintainer'] });
    // Announced by this work's facts below: migration 0019's trigger, which tells the instances of roles changed
    // elsewhere (SQL, the command line), stays quiet for this transaction.
    await work.tx.execute(sql`select set_config('reqloom.role_announced', 'on', true)`);
    await work.tx
      .update(projectUsers)
      .set({ role })
      .where(and(eq(projectUsers.projectId, projectId), eq(projectUsers.userId, userId)));
    work.record({ name: 'MembershipRoleChanged', projectId, userId, role });
    work.record(
      { name: 'ProjectMembersChanged', projectId },
      {
        action: 'member_role_changed',
        entityType: 'member',
        entityId: userId,
        reference: await memberName(work, userId),
        changes: { role: { old: target, new: role } },
      },
    );
    work.record({ name: 'ProjectUpdated', projectId });
  }
  const [member] = await presentMembers(work.tx, projectId, userId);
  return member!;
}

/** Removes a member (a maintainer's call) or lets a member leave (their own). */
export async function removeMember(work: Work, user: User, projectId: number, userId: number): Promise<void> {
  const mine = await lockedRole(work, projectId, user.id);
  if (!can(user, { do: 'member.remove', project: { id: projectId, role: mine }, userId })) throw forbidden();
  const target = await projectRole(work.tx, projectId, userId);
  if (target === null) throw notFound();
  if (target === 'maintainer' && (await otherMaintainers(work, projectId, userId)) === 0)
    throw invalid({ user_id: ['validation.last_maintainer'] });
  const name = await memberName(work, userId);
  await work.tx.delete(projectUsers).where(and(eq(projectUsers.projectId, projectId), eq(projectUsers.userId, userId)));
  // The member's connections leave the project (realtime, collaboration), and their own sockets are told the
  // project is gone for them (`tell`).
  work.record({ name: 'MembershipEnded', projectId, userId, tell: true });
  work.record(
    { name: 'ProjectMembersChanged', projectId },
    {
      action: 'member_removed',
      entityType: 'member',
      entityId: userId,
      reference: name,
      // Leaving is removing oneself: the trail says which it was by its actor.
      changes: { role: { old: target } },
    },
  );
  work.record({ name: 'ProjectUpdated', projectId });
}

/** A new join link: the old token stops working at once (decisions §20). */
export async function renewJoinToken(work: Work, user: User, projectId: number): Promise<ProjectPresented> {
  const [row] = await work.tx
    .update(projects)
    .set({ joinToken: randomToken(), updatedAt: new Date() })
    .where(eq(projects.id, projectId))
    .returning();
  if (!row) throw notFound();
  // That the link changed, never the token: the trail is read by every editor, the link is a maintainer's.
  work.record(
    { name: 'ProjectUpdated', projectId },
    {
      action: 'settings_changed',
      entityType: 'project',
      entityId: projectId,
      reference: row.name,
      changes: { join_link: { changed: true } },
    },
  );
  return presentProject(work.tx, row, user.id);
}
