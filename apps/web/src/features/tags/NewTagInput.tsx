import { useState } from 'react';
import { ActionIcon, TextInput } from '@mantine/core';
import { TAG_TITLE_MAX, type ClassifierPresented } from '@reqloom/domain';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMessage } from '../../components/errorMessage';
import { randomTagColor } from './tagColors';
import type { ClassifierActions } from './useClassifierActions';

interface NewTagInputProps {
  classifier: ClassifierPresented;
  actions: ClassifierActions;
}

/** Adds a tag to a classifier: a title, Enter (or the button), and a colour of the palette at random. */
export function NewTagInput({ classifier, actions }: NewTagInputProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const value = title.trim();

  const add = async () => {
    if (!value || saving) return;
    // Said at once rather than after a refusal: titles are unique in a classifier, whatever their case.
    if (classifier.tags.some((tag) => tag.title.toLocaleLowerCase() === value.toLocaleLowerCase())) {
      setError(t('tags.titleTaken'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await actions.createTag(classifier, value, randomTagColor(classifier.tags.map((tag) => tag.color)));
      setTitle('');
    } catch (failure) {
      setError(fieldErrorMessage(failure, 'title', t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <TextInput
      size="xs"
      placeholder={t('tags.newTagPlaceholder')}
      aria-label={t('tags.newTagIn', { name: classifier.name })}
      maxLength={TAG_TITLE_MAX}
      value={title}
      error={error}
      onChange={(event) => {
        setTitle(event.currentTarget.value);
        setError(null);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
        event.preventDefault();
        void add();
      }}
      rightSection={
        <ActionIcon
          size="sm"
          variant="subtle"
          aria-label={t('tags.addTagTo', { name: classifier.name })}
          title={t('tags.addTag')}
          disabled={!value}
          loading={saving}
          onClick={() => void add()}
        >
          <IconPlus size={14} />
        </ActionIcon>
      }
    />
  );
}
