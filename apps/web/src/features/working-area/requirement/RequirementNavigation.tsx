import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWorkingAreaPaths } from '../common/useWorkingAreaPaths';
import { neighbours } from '../logic/requirementOrder';

interface RequirementNavigationProps {
  requirement: RequirementPresented;
  /** The document's requirements in reading order. */
  readingOrder: readonly RequirementPresented[];
}

/** Previous and next requirement of the document, in reading order (spec 2, requirement view). */
export function RequirementNavigation({ requirement, readingOrder }: RequirementNavigationProps) {
  const { t } = useTranslation();
  const paths = useWorkingAreaPaths();
  const { previous, next } = neighbours(readingOrder, requirement.id);
  const button = (target: RequirementPresented | undefined, kind: 'previous' | 'next') => {
    const label = target
      ? t(kind === 'previous' ? 'requirements.previousNamed' : 'requirements.nextNamed', { name: target.reference })
      : t(kind === 'previous' ? 'requirements.noPrevious' : 'requirements.noNext');
    const icon = kind === 'previous' ? <IconChevronLeft size={16} /> : <IconChevronRight size={16} />;
    return (
      <Tooltip label={label}>
        {target ? (
          <ActionIcon component={Link} to={paths.requirement(target.id)} variant="default" aria-label={label}>
            {icon}
          </ActionIcon>
        ) : (
          <ActionIcon variant="default" disabled aria-label={label}>
            {icon}
          </ActionIcon>
        )}
      </Tooltip>
    );
  };
  return (
    <Group gap={4} wrap="nowrap">
      {button(previous, 'previous')}
      {button(next, 'next')}
    </Group>
  );
}
