import { useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { TAG_TITLE_MAX, type TagColor, type TagPresented } from '@reqloom/domain';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMessage } from '../../components/errorMessage';
import { notifyError, notifySuccess } from '../../components/notify';
import { useWorkingAreaDialogs } from '../working-area/dialogs/useWorkingAreaDialogs';
import { InlineText } from './InlineText';
import { TagColorPicker } from './TagColorPicker';
import type { ClassifierActions } from './useClassifierActions';
import classes from './TagsPanel.module.css';

interface TagRowProps {
  tag: TagPresented;
  documentId: number;
  actions: ClassifierActions;
}

/** A tag in the panel: its colour (the palette), its title (edited in place) and its deletion. */
export function TagRow({ tag, documentId, actions }: TagRowProps) {
  const { t } = useTranslation();
  const dialogs = useWorkingAreaDialogs();
  // The colour chosen shows at once; a refusal brings back the saved one (the cache's).
  const [color, setColor] = useState<string | null>(null);

  const recolour = async (next: string) => {
    setColor(next);
    try {
      await actions.updateTag(tag, { color: next as TagColor });
    } catch (error) {
      notifyError(fieldErrorMessage(error, 'color', t), t('workingArea.failed'));
    } finally {
      setColor(null);
    }
  };

  const remove = async () => {
    const yes = await dialogs.confirm({
      title: t('tags.deleteTagTitle'),
      message: t('tags.deleteTagConfirm', { title: tag.title }),
      confirmLabel: t('workingArea.delete'),
      danger: true,
    });
    if (!yes) return;
    try {
      await actions.deleteTag(tag, documentId);
      notifySuccess(t('tags.tagDeleted', { title: tag.title }));
    } catch (error) {
      notifyError(fieldErrorMessage(error, 'id', t), t('workingArea.failed'));
    }
  };

  return (
    <li className={classes.tagRow}>
      <TagColorPicker value={color ?? tag.color} title={tag.title} onChange={(next) => void recolour(next)} />
      <InlineText
        variant="title"
        value={tag.title}
        label={t('tags.tagTitle', { title: tag.title })}
        maxLength={TAG_TITLE_MAX}
        field="title"
        onSave={(title) => actions.updateTag(tag, { title })}
      />
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={t('tags.deleteTagNamed', { title: tag.title })}
        title={t('workingArea.delete')}
        onClick={() => void remove()}
      >
        <IconTrash size={14} />
      </ActionIcon>
    </li>
  );
}
