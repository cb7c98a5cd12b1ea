import type { ProjectRole } from '@reqloom/domain';
import type { SignedUp, TestApp } from './harness';

type Project = { id: number; slug: string; join_token: string; namespace?: string };

/**
 * Makes `member` a member of the owner's project with `role` (decisions §20): joins with the link (which grants the
 * project's joinRole, editor by default), then the maintainer sets the role through the route.
 */
export async function joinAs(
  t: TestApp,
  maintainer: SignedUp,
  project: Project,
  member: SignedUp,
  role: ProjectRole = 'editor',
): Promise<void> {
  const namespace = project.namespace ?? maintainer.username;
  const joined = await member.agent.post(`/api/projects/join/${namespace}/${project.slug}`, {
    token: project.join_token,
  });
  if (joined.statusCode !== 200) throw new Error(`join failed: ${joined.body}`);
  if (joined.data.data.my_role === role) return;
  await setRole(maintainer, project.id, member, role);
}

/** Gives a member another role through `PUT projects/members/{id}/{userId}`, as a maintainer of the project. */
export async function setRole(maintainer: SignedUp, projectId: number, member: { id: number }, role: ProjectRole) {
  const res = await maintainer.agent.put(`/api/projects/members/${projectId}/${member.id}`, { role });
  if (res.statusCode !== 200) throw new Error(`role change failed: ${res.statusCode} ${res.body}`);
}
