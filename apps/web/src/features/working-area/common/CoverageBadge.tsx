import { Badge, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconArrowBarToDown, IconArrowBarToUp } from '@tabler/icons-react';
import type { CoverageStatus } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';

const META = {
  notCovered: { color: 'red', icon: IconArrowBarToDown, key: 'traceability.coverage.notCovered' },
  notCovering: { color: 'orange', icon: IconArrowBarToUp, key: 'traceability.coverage.notCovering' },
  coveredAndCovering: { color: 'teal', icon: IconCircleCheck, key: 'traceability.coverage.covered' },
} as const;

const HINTS = {
  notCovered: 'traceability.coverage.notCoveredHint',
  notCovering: 'traceability.coverage.notCoveringHint',
  coveredAndCovering: 'traceability.coverage.coveredHint',
} as const;

/**
 * Coverage (decisions §6): not covered (the document has child documents, the requirement no child), not
 * covering (it has parent documents, the requirement no parent), covered otherwise.
 */
export function CoverageBadge({ status, compact }: { status: CoverageStatus; compact?: boolean }) {
  const { t } = useTranslation();
  const meta = META[status];
  const Icon = meta.icon;
  const badge = (
    <Badge
      color={meta.color}
      variant={status === 'coveredAndCovering' ? 'light' : 'filled'}
      size={compact ? 'xs' : 'sm'}
      radius="sm"
      leftSection={<Icon size={compact ? 10 : 12} stroke={2} aria-hidden />}
      styles={BADGE_STYLES}
      // Compact, in a table row: the browser's own hint. A Mantine Tooltip a row (its floating position and
      // listeners) cost frames while scrolling a long table (issue 9 §5).
      title={compact ? t(HINTS[status]) : undefined}
    >
      {t(meta.key)}
    </Badge>
  );
  if (compact) return badge;
  return (
    <Tooltip label={t(HINTS[status])} withArrow multiline maw={280}>
      {badge}
    </Tooltip>
  );
}

const BADGE_STYLES = { label: { textTransform: 'none', fontWeight: 600 } } as const;
