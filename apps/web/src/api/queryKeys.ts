// Every cache key in one place, so that invalidations cannot drift from the queries they target.
export const queryKeys = {
  user: ['user'] as const,
  userTokens: ['user', 'tokens'] as const,
  userProjects: ['user', 'projects'] as const,
  userGroups: ['user', 'groups'] as const,
  /** Every project loaded by its path (to find one by id). */
  projectsByPath: ['projects', 'path'] as const,
  /** A project as the shell loads it, by the path of its address (namespace and slug). */
  projectByPath: (namespace: string, slug: string) => ['projects', 'path', namespace, slug] as const,
  projectSettings: (projectId: number) => ['projects', projectId, 'settings'] as const,
  /** The members of a project with their roles (decisions §20). */
  projectMembers: (projectId: number) => ['projects', projectId, 'members'] as const,
  /** A project's audit trail with its filters (decisions §21). */
  projectAudit: (projectId: number, filters: object) => ['projects', projectId, 'audit', filters] as const,
  /**
   * A document's last approved baseline (decisions §23), shown in the document view and read again on the reviews'
   * events: under the reviews' keys (`['projects', id, 'reviews']`), which their events invalidate.
   */
  documentApprovals: (projectId: number) => ['projects', projectId, 'reviews', 'approval'] as const,
  documentApproval: (projectId: number, documentId: number) =>
    ['projects', projectId, 'reviews', 'approval', documentId] as const,
};
