import { Badge } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** How many of a requirement's links are out of date (a parent changed after the link or the child). */
export function staleLinkCount(requirement: Pick<RequirementPresented, 'parents' | 'children'>): number {
  let count = 0;
  for (const link of requirement.parents) if (!link.upToDate) count++;
  for (const link of requirement.children) if (!link.upToDate) count++;
  return count;
}

/**
 * The stale-link mark where requirements are listed (issue 9 §3): a red count with its meaning as the accessible
 * name, so that a stale link is seen without opening the requirement. Nothing when every link is up to date.
 */
export function StaleLinksBadge({ requirement }: { requirement: Pick<RequirementPresented, 'parents' | 'children'> }) {
  const { t } = useTranslation();
  const count = staleLinkCount(requirement);
  if (count === 0) return null;
  const label = t('traceability.staleCount', { count });
  // The browser's own hint, not a Mantine Tooltip: the badge sits in table rows made at every step of a scroll.
  return (
    <Badge
      color="red"
      variant="light"
      size="xs"
      radius="sm"
      role="img"
      aria-label={label}
      title={`${label}. ${t('traceability.outOfDateHint')} ${t('traceability.outOfDateClear')}`}
      leftSection={<IconAlertTriangle size={10} stroke={2} aria-hidden />}
      styles={BADGE_STYLES}
    >
      {count}
    </Badge>
  );
}

const BADGE_STYLES = { root: { flexShrink: 0 }, label: { textTransform: 'none', fontWeight: 700 } } as const;
