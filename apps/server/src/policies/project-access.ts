import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { groupUsers, projects, projectUsers } from '../db/schema';

export type ProjectRow = typeof projects.$inferSelect;

export async function isProjectMember(db: Db, projectId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: projectUsers.userId })
    .from(projectUsers)
    .where(and(eq(projectUsers.projectId, projectId), eq(projectUsers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function isGroupMember(db: Db, groupId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: groupUsers.userId })
    .from(groupUsers)
    .where(and(eq(groupUsers.groupId, groupId), eq(groupUsers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function findProject(db: Db, id: number): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row;
}
