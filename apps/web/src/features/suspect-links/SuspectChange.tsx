import { Stack, Text } from '@mantine/core';
import type { SuspectLinkPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { htmlToText } from '../working-area/logic/htmlText';
import { statusMeta } from '../working-area/common/statusMeta';
import { SuspectDiff } from './SuspectDiff';
import classes from './SuspectLinks.module.css';

interface SuspectChangeProps {
  changes: SuspectLinkPresented['changes'];
}

/**
 * What changed in a parent since its link was last up to date: its name and description word by word (the
 * description as plain text), its status from one to the other.
 */
export function SuspectChange({ changes }: SuspectChangeProps) {
  const { t } = useTranslation();
  const { name, description, status } = changes;
  if (!name && !description && !status) {
    return (
      <Text fz="sm" c="dimmed" fs="italic">
        {t('suspectLinks.noVisibleChange')}
      </Text>
    );
  }
  const statusLabel = (value: number) => t(statusMeta(value).key);
  return (
    <Stack gap={6}>
      {name ? (
        <div className={classes.field}>
          <span className={classes.fieldLabel}>{t('suspectLinks.fields.name')}</span>
          <SuspectDiff label={t('suspectLinks.fields.name')} before={name.before} after={name.after} />
        </div>
      ) : null}
      {description ? (
        <div className={classes.field}>
          <span className={classes.fieldLabel}>{t('suspectLinks.fields.description')}</span>
          <SuspectDiff
            label={t('suspectLinks.fields.description')}
            before={htmlToText(description.before)}
            after={htmlToText(description.after)}
          />
        </div>
      ) : null}
      {status ? (
        <div className={classes.field}>
          <span className={classes.fieldLabel}>{t('suspectLinks.fields.status')}</span>
          <SuspectDiff
            label={t('suspectLinks.fields.status')}
            before={statusLabel(status.before)}
            after={statusLabel(status.after)}
          />
        </div>
      ) : null}
    </Stack>
  );
}
