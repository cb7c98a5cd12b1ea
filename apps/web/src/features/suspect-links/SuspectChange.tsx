import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import type { SuspectLinkPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { statusMeta } from '../working-area/common/statusMeta';
import { htmlToPlainText, ValueChange, WordDiff } from '../change-control/WordDiff';
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
  const fields: [string, ReactNode][] = [];
  if (name) fields.push([t('suspectLinks.fields.name'), <WordDiff before={name.before} after={name.after} />]);
  if (description)
    fields.push([
      t('suspectLinks.fields.description'),
      <WordDiff before={htmlToPlainText(description.before)} after={htmlToPlainText(description.after)} />,
    ]);
  if (status)
    fields.push([
      t('suspectLinks.fields.status'),
      <ValueChange before={statusLabel(status.before)} after={statusLabel(status.after)} />,
    ]);
  return (
    <Stack gap={6}>
      {fields.map(([label, change]) => (
        <div key={label} className={classes.field}>
          <span className={classes.fieldLabel}>{label}</span>
          <p className={classes.diff} aria-label={label}>
            {change}
          </p>
        </div>
      ))}
    </Stack>
  );
}
