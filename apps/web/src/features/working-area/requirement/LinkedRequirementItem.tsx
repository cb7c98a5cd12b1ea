import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { IconAlertTriangle, IconCircleCheck, IconGitCompare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../common/StatusBadge';
import classes from './RequirementView.module.css';

interface LinkedRequirementItemProps {
  link: { id: number; upToDate: boolean };
  requirement: RequirementPresented | undefined;
  href: string;
  /** Opens what changed in the parent of a stale link (decisions §22); absent when nobody shows it. */
  onShowChange?: () => void;
}

/**
 * A linked requirement, coloured as the synaeptic view colours links: blue when up to date, red when the parent
 * changed after the link was last confirmed.
 */
export function LinkedRequirementItem({ link, requirement, href, onShowChange }: LinkedRequirementItemProps) {
  const { t } = useTranslation();
  const mark = link.upToDate ? t('traceability.upToDate') : t('traceability.outOfDate');
  // A stale link says what made it stale and how a person clears it (decisions §6, §22: marking it as reviewed, or a
  // change of the child; editing links does not).
  const hint = link.upToDate
    ? t('traceability.upToDateHint')
    : `${t('traceability.outOfDateHint')} ${t('traceability.outOfDateClear')}`;
  return (
    <li
      className={classes.linkItem}
      data-stale={!link.upToDate || undefined}
      style={{ '--link-color': `var(--mantine-color-${link.upToDate ? 'blue-6' : 'red-6'})` } as React.CSSProperties}
    >
      <Tooltip label={hint} multiline maw={320} events={{ hover: true, focus: true, touch: true }}>
        {/* Focusable, so that the keyboard reaches the explanation too; it is the mark's description. */}
        <Group
          gap={4}
          wrap="nowrap"
          c={link.upToDate ? 'blue.7' : 'red.7'}
          style={{ flex: 'none' }}
          tabIndex={0}
          aria-description={hint}
          data-link-mark
        >
          {link.upToDate ? <IconCircleCheck size={15} aria-hidden /> : <IconAlertTriangle size={15} aria-hidden />}
          <Text fz="xs" fw={600}>
            {mark}
          </Text>
        </Group>
      </Tooltip>
      <Link to={href} className={classes.linkRef}>
        {requirement?.reference ?? `#${link.id}`}
      </Link>
      <Link to={href} className={classes.linkName} title={requirement?.name}>
        {requirement?.name ?? '…'}
      </Link>
      {requirement ? <StatusBadge status={requirement.status} /> : null}
      {!link.upToDate && onShowChange ? (
        <Tooltip label={t('suspectLinks.dialogTitle')}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            onClick={onShowChange}
            aria-label={t('suspectLinks.showChange', { reference: requirement?.reference ?? `#${link.id}` })}
            data-show-change
          >
            <IconGitCompare size={15} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </li>
  );
}
