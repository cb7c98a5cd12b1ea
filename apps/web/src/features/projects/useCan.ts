import { roleAtLeast, type ProjectRole } from '@reqloom/domain';
import { useProject } from './useProject';

/**
 * Whether the caller's role in the current project (`my_role`, as the server presents it) reaches `least`
 * (decisions §20). Every screen decides which controls to show by it, so that the rule lives in one place:
 * `useCan('reviewer')` to comment, `useCan('editor')` to change the working area, `useCan('maintainer')` to manage
 * the project. Only screens inside the project shell may call it.
 */
export function useCan(least: ProjectRole): boolean {
  return roleAtLeast(useProject().project.my_role, least);
}
