import { Switch, Text } from '@mantine/core';
import type { ClassifierPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { TagBadges } from './TagBadges';
import classes from './TagsPanel.module.css';

/** A classifier in the tags panel as a member below editor sees it (decisions §20): read, never changed. */
export function ClassifierCardView({ classifier }: { classifier: ClassifierPresented }) {
  const { t } = useTranslation();
  return (
    <section className={classes.card} aria-label={t('tags.classifierLabel', { name: classifier.name })}>
      <div className={classes.cardHead}>
        <Text fw={600} fz="sm">
          {classifier.name}
        </Text>
      </div>
      <Switch size="xs" label={t('tags.multiselect')} checked={classifier.multiselect} disabled readOnly />
      {classifier.tags.length > 0 ? (
        <TagBadges tags={classifier.tags} />
      ) : (
        <Text fz="xs" c="dimmed">
          {t('tags.noTagsYet')}
        </Text>
      )}
    </section>
  );
}
