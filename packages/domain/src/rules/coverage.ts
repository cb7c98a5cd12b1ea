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

/** The times the suspect-link rule reads (decisions §22). */
export type LinkTimes = {
  /** When the parent's name, description or status last changed (a category change does not count). */
  parentChangedAt: Date | string;
  /** The child's last change of any kind. */
  childUpdatedAt: Date | string;
  /** The link's creation. */
  linkedAt: Date | string;
  /** The parent's state its last validation covered (decisions §22), or null when never validated. */
  validatedAt?: Date | string | null;
};

/**
 * Decisions §22: a link is up to date unless its parent's name, description or status changed after the latest of
 * the link's creation, its last validation and the child's last change: a new link starts up to date, turns suspect
 * when the parent changes, and is up to date again once the child changes or someone marks it as reviewed. Times are
 * compared to the millisecond, as the server's SQL (read/link-marks.ts) does.
 */
export function isLinkUpToDate(times: LinkTimes): boolean {
  const ms = (value: Date | string) => Math.trunc(new Date(value).getTime());
  const reference = Math.max(
    ms(times.childUpdatedAt),
    ms(times.linkedAt),
    times.validatedAt == null ? -Infinity : ms(times.validatedAt),
  );
  return ms(times.parentChangedAt) <= reference;
}
