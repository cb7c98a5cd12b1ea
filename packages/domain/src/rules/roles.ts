/**
 * A project member's role (decisions §20), in rising order: each role may do what the ones before it may. Kept
 * beside no schema so that a screen deciding which controls to show does not pull in zod.
 */
export const PROJECT_ROLES = ['viewer', 'reviewer', 'editor', 'maintainer'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** The roles a join link may grant: never maintainer, which only a maintainer hands out. */
export const JOIN_ROLES = ['viewer', 'reviewer', 'editor'] as const;
export type JoinRole = (typeof JOIN_ROLES)[number];

export const DEFAULT_JOIN_ROLE: JoinRole = 'editor';

/** Whether `role` may do what `least` may. */
export function roleAtLeast(role: ProjectRole, least: ProjectRole): boolean {
  return PROJECT_ROLES.indexOf(role) >= PROJECT_ROLES.indexOf(least);
}
