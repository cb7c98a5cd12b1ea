import type { ReactNode } from 'react';
import { Input, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LazyDescriptionEditor } from '../../../components/editor/LazyDescriptionEditor';
import { NameInput } from './NameInput';
import { useAutoAcronym } from './useAutoAcronym';

type NamedField = 'name' | 'acronym' | 'description';

/** The part of a dialog's form these fields use; documents and categories both have it. */
interface NamedForm {
  values: Record<NamedField, string>;
  errors: Partial<Record<string, ReactNode>>;
  setFieldValue: (field: NamedField, value: string) => void;
  getInputProps: (field: 'acronym') => GetInputPropsReturnType;
}

interface NamedEntityFieldsProps {
  /** Whose texts the labels are: documents' or categories'. */
  kind: 'documents' | 'categories';
  form: NamedForm;
  /** Editing an existing one: its acronym is already the person's own and no longer follows the name. */
  editing: boolean;
  /** Acronyms the proposal must not offer: where this one has to be unique. */
  takenAcronyms: readonly string[];
  descriptionMinHeight: number;
}

/**
 * Name, acronym and description, as the document and category dialogs both ask for them, so that the acronym
 * follows the name the same way in both (spec 2 §4).
 */
export function NamedEntityFields({
  kind,
  form,
  editing,
  takenAcronyms,
  descriptionMinHeight,
}: NamedEntityFieldsProps) {
  const { t } = useTranslation();
  const acronym = useAutoAcronym(editing, takenAcronyms);
  return (
    <>
      <NameInput
        label={t(`${kind}.name`)}
        value={form.values.name}
        error={form.errors.name}
        autoFocus
        onChange={(name) => {
          form.setFieldValue('name', name);
          const next = acronym.onName(name);
          if (next !== null) form.setFieldValue('acronym', next);
        }}
      />
      <TextInput
        label={t(`${kind}.acronym`)}
        description={t('workingArea.acronymHint', { max: acronym.maxSize })}
        required
        maxLength={acronym.maxSize}
        styles={{ wrapper: { maxWidth: 220 }, input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...form.getInputProps('acronym')}
        onChange={(event) => form.setFieldValue('acronym', acronym.onTyped(event.currentTarget.value))}
      />
      <Input.Wrapper label={t(`${kind}.description`)} error={form.errors.description}>
        <LazyDescriptionEditor
          label={t(`${kind}.description`)}
          value={form.values.description}
          onChange={(html) => form.setFieldValue('description', html)}
          minHeight={descriptionMinHeight}
        />
      </Input.Wrapper>
    </>
  );
}
