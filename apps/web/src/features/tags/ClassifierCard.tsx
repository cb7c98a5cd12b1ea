import { useState } from 'react';
import { ActionIcon, Switch, Text } from '@mantine/core';
import { NAME_MAX, type ClassifierPresented } from '@reqloom/domain';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMessage } from '../../components/errorMessage';
import { notifyError, notifySuccess } from '../../components/notify';
import { useWorkingAreaDialogs } from '../working-area/dialogs/useWorkingAreaDialogs';
import { InlineText } from './InlineText';
import { NewTagInput } from './NewTagInput';
import { TagRow } from './TagRow';
import type { ClassifierActions } from './useClassifierActions';
import classes from './TagsPanel.module.css';

interface ClassifierCardProps {
  classifier: ClassifierPresented;
  actions: ClassifierActions;
}

/**
 * A classifier in the tags panel: its name (edited in place), whether a requirement may hold several of its tags,
 * its tags, a box to add one, and its deletion (after a confirmation).
 */
export function ClassifierCard({ classifier, actions }: ClassifierCardProps) {
  const { t } = useTranslation();
  const dialogs = useWorkingAreaDialogs();
  const [multiselect, setMultiselect] = useState<boolean | null>(null);

  const switchMultiselect = async (next: boolean) => {
    setMultiselect(next);
    try {
      await actions.updateClassifier(classifier, { multiselect: next });
    } catch (error) {
      notifyError(fieldErrorMessage(error, 'multiselect', t), t('workingArea.failed'));
    } finally {
      setMultiselect(null);
    }
  };

  const remove = async () => {
    const yes = await dialogs.confirm({
      title: t('tags.deleteClassifierTitle'),
      message: t('tags.deleteClassifierConfirm', { name: classifier.name, count: classifier.tags.length }),
      confirmLabel: t('workingArea.delete'),
      danger: true,
    });
    if (!yes) return;
    try {
      await actions.deleteClassifier(classifier);
      notifySuccess(t('tags.classifierDeleted', { name: classifier.name }));
    } catch (error) {
      notifyError(fieldErrorMessage(error, 'id', t), t('workingArea.failed'));
    }
  };

  return (
    <section className={classes.card} aria-label={t('tags.classifierLabel', { name: classifier.name })}>
      <div className={classes.cardHead}>
        <InlineText
          variant="name"
          value={classifier.name}
          label={t('tags.classifierName', { name: classifier.name })}
          maxLength={NAME_MAX}
          field="name"
          onSave={(name) => actions.updateClassifier(classifier, { name })}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          mt={4}
          aria-label={t('tags.deleteClassifierNamed', { name: classifier.name })}
          title={t('workingArea.delete')}
          onClick={() => void remove()}
        >
          <IconTrash size={15} />
        </ActionIcon>
      </div>
      <Switch
        size="xs"
        label={t('tags.multiselect')}
        checked={multiselect ?? classifier.multiselect}
        disabled={multiselect !== null}
        onChange={(event) => void switchMultiselect(event.currentTarget.checked)}
      />
      {classifier.tags.length > 0 ? (
        <ul className={classes.tags} aria-label={t('tags.tagsOf', { name: classifier.name })}>
          {classifier.tags.map((tag) => (
            <TagRow key={tag.id} tag={tag} documentId={classifier.document_id} actions={actions} />
          ))}
        </ul>
      ) : (
        <Text fz="xs" c="dimmed">
          {t('tags.noTagsYet')}
        </Text>
      )}
      <NewTagInput classifier={classifier} actions={actions} />
    </section>
  );
}
