import type { ReactNode } from 'react';
import { Input } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LazyDescriptionEditor } from '../../../components/editor/LazyDescriptionEditor';
import { autoNameFrom } from '../logic/htmlText';
import { NameInput } from './NameInput';

type AutoNamedField = 'name' | 'description';

/** The part of a dialog's form these fields use; the requirement and test dialogs both have it. */
interface AutoNamedForm {
  values: Record<AutoNamedField, string>;
  errors: Partial<Record<string, ReactNode>>;
  setFieldValue: (field: AutoNamedField, value: string) => void;
}

interface AutoNamedFieldsProps {
  /** Whose texts the labels are: requirements' or tests'. */
  kind: 'requirements' | 'tests';
  form: AutoNamedForm;
  /** The auto-name box is offered (the person's preference for requirements; always for tests). */
  offered: boolean;
  autoName: boolean;
  setAutoName: (on: boolean) => void;
  descriptionMinHeight: number;
}

/**
 * Name and description with auto-naming (spec 2 §4): while the box is ticked the name is the description's first
 * line, and typing a name of one's own unticks it. Shared by the requirement and test dialogs so both behave alike.
 */
export function AutoNamedFields({
  kind,
  form,
  offered,
  autoName,
  setAutoName,
  descriptionMinHeight,
}: AutoNamedFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <NameInput
        label={t(`${kind}.name`)}
        value={form.values.name}
        error={form.errors.name}
        autoFocus={!autoName}
        autoName={
          offered
            ? {
                checked: autoName,
                onChange: (checked) => {
                  setAutoName(checked);
                  const excerpt = autoNameFrom(form.values.description);
                  if (checked && excerpt) form.setFieldValue('name', excerpt);
                },
              }
            : undefined
        }
        onChange={(name) => {
          setAutoName(false);
          form.setFieldValue('name', name);
        }}
      />
      <Input.Wrapper label={t(`${kind}.description`)} error={form.errors.description}>
        <LazyDescriptionEditor
          label={t(`${kind}.description`)}
          value={form.values.description}
          onChange={(html) => {
            form.setFieldValue('description', html);
            if (autoName) form.setFieldValue('name', autoNameFrom(html));
          }}
          minHeight={descriptionMinHeight}
        />
      </Input.Wrapper>
    </>
  );
}
