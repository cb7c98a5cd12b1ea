import type { GroupPresented } from '@reqloom/domain';
import type { GroupWithCounts } from './groups.service';

export function presentGroup(group: GroupWithCounts): GroupPresented {
  return {
    id: group.id,
    parent_id: null,
    name: group.name,
    namespace: null,
    slug: group.slug,
    description: group.description,
    join_token: group.joinToken,
    created_at: group.createdAt.toISOString(),
    members_count: group.membersCount,
    owned_projects_count: group.ownedProjectsCount,
  };
}
