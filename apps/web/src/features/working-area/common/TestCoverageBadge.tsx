import { Badge, Tooltip } from '@mantine/core';
import { IconArrowBarToUp, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * What a test covers: its parents, the requirements it checks (issue 31). A test has no children to wait for, so
 * the requirement's "not covered" would mislead; it says how many requirements it covers instead.
 */
export function TestCoverageBadge({ count, compact }: { count: number; compact?: boolean }) {
  const { t } = useTranslation();
  const label = count === 0 ? t('tests.coverage.coversNone') : t('tests.coverage.covers', { count });
  const hint = count === 0 ? t('tests.coverage.coversNoneHint') : t('tests.coverage.coversHint');
  const Icon = count === 0 ? IconArrowBarToUp : IconCircleCheck;
  const badge = (
    <Badge
      color={count === 0 ? 'orange' : 'teal'}
      variant={count === 0 ? 'filled' : 'light'}
      size={compact ? 'xs' : 'sm'}
      radius="sm"
      leftSection={<Icon size={compact ? 10 : 12} stroke={2} aria-hidden />}
      styles={BADGE_STYLES}
      // In a table row the browser's own hint, as the requirement's coverage badge does (issue 9 §5).
      title={compact ? hint : undefined}
      data-test-coverage
    >
      {label}
    </Badge>
  );
  if (compact) return badge;
  return (
    <Tooltip label={hint} withArrow multiline maw={280}>
      {badge}
    </Tooltip>
  );
}

const BADGE_STYLES = { label: { textTransform: 'none', fontWeight: 600 } } as const;
