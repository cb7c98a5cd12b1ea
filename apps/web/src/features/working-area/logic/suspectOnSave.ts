import type { RequirementPresented } from '@reqloom/domain';

/**
 * How many links a change of a requirement would turn suspect (decisions §22): a change of its name, description or
 * status makes every link to its children suspect; those already suspect stay so, and count once. A change of its
 * category, or none, turns none.
 */
export function linksTurningSuspect(
  requirement: Pick<RequirementPresented, 'name' | 'description' | 'status' | 'children'>,
  next: { name?: string; description?: string; status?: number },
): number {
  const changes =
    (next.name !== undefined && next.name !== requirement.name) ||
    (next.description !== undefined && next.description !== requirement.description) ||
    (next.status !== undefined && next.status !== requirement.status);
  return changes ? requirement.children.filter((link) => link.upToDate).length : 0;
}
