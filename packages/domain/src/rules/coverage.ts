export const COVERAGE_STATUSES = ['coveredAndCovering', 'notCovering', 'notCovered'] as const;
export type CoverageStatus = (typeof COVERAGE_STATUSES)[number];

/**
 * Decisions §6: notCovered when the document has child documents and the requirement no children;
 * else notCovering when the document has parent documents and the requirement no parents.
 */
export function coverageStatus(facts: {
  documentHasChildren: boolean;
  documentHasParents: boolean;
  childCount: number;
  parentCount: number;
}): CoverageStatus {
  if (facts.documentHasChildren && facts.childCount === 0) return 'notCovered';
  if (facts.documentHasParents && facts.parentCount === 0) return 'notCovering';
  return 'coveredAndCovering';
}

/**
 * A link is up to date when the parent was not updated after the later of the child's update and
 * the link's creation: a new link starts up to date and turns stale when the parent changes.
 */
export function isLinkUpToDate(
  parentUpdatedAt: Date | string,
  childUpdatedAt: Date | string,
  linkedAt: Date | string,
): boolean {
  const parent = new Date(parentUpdatedAt).getTime();
  const reference = Math.max(new Date(childUpdatedAt).getTime(), new Date(linkedAt).getTime());
  return parent <= reference;
}
