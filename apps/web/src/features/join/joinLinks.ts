import type { GroupPresented, ProjectPresented } from '@reqloom/domain';

// The links members copy to invite others (spec 1 §2); they open the join routes of this app.

const segment = encodeURIComponent;

export function groupJoinLink(group: Pick<GroupPresented, 'slug' | 'join_token'>, origin: string): string {
  return `${origin}/groups/join/${segment(group.slug)}/${segment(group.join_token)}`;
}

export function projectJoinLink(
  project: Pick<ProjectPresented, 'namespace' | 'slug' | 'join_token'>,
  origin: string,
): string {
  return `${origin}/projects/join/${segment(project.namespace)}/${segment(project.slug)}/${segment(project.join_token)}`;
}
