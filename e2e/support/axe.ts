import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.2 AA rule sets of issue 9 §4 (axe has no separate wcag22a tag: its 2.2 A rules carry wcag21a/wcag2a). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Violation {
  id: string;
  impact: string;
  targets: string[];
}

/** Runs axe on the page as it stands and keeps only what blocks people: the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** One line per violation, with a few of its targets, so that a failing test says what to fix and where. */
export function describeViolations(view: string, violations: readonly Violation[]): string {
  const lines = violations.map(
    (v) =>
      `  ${v.id} (${v.impact}, ${v.targets.length}×): ${v.targets.slice(0, 4).join(' | ')}${v.targets.length > 4 ? ' …' : ''}`,
  );
  return `${view}: ${violations.length} serious or critical axe violation(s)\n${lines.join('\n')}`;
}
