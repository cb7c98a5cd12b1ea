import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { htmlToPlainText, ValueChange, WordDiff } from '../../change-control/WordDiff';
import { statusMeta } from '../common/statusMeta';
import type { RevisionState } from './revisionStates';

/**
 * What the change after a revision did (decisions §22): a word-level diff of the name and of the description's
 * text, and the status and category before and after, each marked as the diffs are (not by colour alone).
 */
export function RevisionChanges({ before, after }: { before: RevisionState; after: RevisionState }) {
  const { t } = useTranslation();
  const status = (value: number) => t(statusMeta(value).key);
  const category = (state: RevisionState) =>
    state.category_id === null
      ? t('requirements.revisions.root')
      : (state.category_reference ?? t('requirements.revisions.deletedCategory'));
  const beforeText = htmlToPlainText(before.description);
  const afterText = htmlToPlainText(after.description);
  const lines: [string, ReactNode][] = [];
  if (before.name !== after.name)
    lines.push([t('requirements.revisions.name'), <WordDiff before={before.name} after={after.name} />]);
  if (beforeText !== afterText)
    lines.push([t('requirements.description'), <WordDiff before={beforeText} after={afterText} />]);
  else if (before.description !== after.description)
    lines.push([t('requirements.description'), t('requirements.revisions.formatting')]);
  if (before.status !== after.status)
    lines.push([
      t('requirements.revisions.status'),
      <ValueChange before={status(before.status)} after={status(after.status)} />,
    ]);
  if (before.category_id !== after.category_id)
    lines.push([
      t('requirements.revisions.category'),
      <ValueChange before={category(before)} after={category(after)} />,
    ]);
  if (lines.length === 0)
    return (
      <Text fz="sm" c="dimmed" fs="italic">
        {t('requirements.revisions.noChange')}
      </Text>
    );
  return (
    <Stack gap={6} component="dl" m={0} data-revision-changes="">
      {lines.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" fz="xs" fw={600} c="dimmed">
            {label}
          </Text>
          <Text component="dd" fz="sm" m={0}>
            {value}
          </Text>
        </div>
      ))}
    </Stack>
  );
}
