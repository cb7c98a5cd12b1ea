// Every cache key in one place, so that invalidations cannot drift from the queries they target.
export const queryKeys = {
  user: ['user'] as const,
  userTokens: ['user', 'tokens'] as const,
  userProjects: ['user', 'projects'] as const,
  userGroups: ['user', 'groups'] as const,
};
