import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../user/useFormatDateTime';
import { InlineName } from './InlineName';
import classes from './RequirementView.module.css';

interface RequirementTitleProps {
  requirement: RequirementPresented;
  /** Between the reference and the name (the test view's kind badge). */
  badge?: ReactNode;
  tourId?: string;
}

/** The reference, the inline-editable name and who wrote it when: the head of the requirement and test views. */
export function RequirementTitle({ requirement, badge, tourId }: RequirementTitleProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  return (
    <>
      <Group gap="sm" wrap="nowrap" align="center" data-tour={tourId}>
        <span className={classes.reference} aria-label={t('requirements.reference')}>
          {requirement.reference}
        </span>
        {badge}
        <div style={{ flex: 1, minWidth: 0 }}>
          <InlineName requirement={requirement} />
        </div>
      </Group>
      <Text fz="xs" c="dimmed">
        {t('requirements.byline', {
          author: requirement.author?.name ?? t('requirements.unknownAuthor'),
          created: formatDate(requirement.created_at),
          updated: formatDate(requirement.updated_at),
        })}
      </Text>
    </>
  );
}
