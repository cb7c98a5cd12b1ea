import type { ReactNode } from 'react';
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StructureDocument } from '../api/workingAreaApi';
import { CategorySelect, NO_CATEGORY } from './CategorySelect';

type PlaceField = 'document_id' | 'category_id';
export type Place = Record<PlaceField, string>;

/** The part of a dialog's form these fields use; the requirement and test dialogs both have it. */
interface PlaceForm {
  values: Place;
  errors: Partial<Record<string, ReactNode>>;
  setFieldValue: (field: PlaceField, value: string) => void;
}

interface PlaceFieldsProps {
  /** Whose texts the labels are: requirements' or tests'. */
  kind: 'requirements' | 'tests';
  form: PlaceForm;
  documents: readonly StructureDocument[];
  /** Where the element was when the dialog opened. */
  original: Place;
}

/** The document and category of a requirement or a test, side by side. */
export function PlaceFields({ kind, form, documents, original }: PlaceFieldsProps) {
  const { t } = useTranslation();
  const document = documents.find((d) => String(d.id) === form.values.document_id);
  return (
    <Group grow align="flex-start">
      <Select
        label={t(`${kind}.document`)}
        data={documents.map((d) => ({ value: String(d.id), label: d.name }))}
        allowDeselect={false}
        value={form.values.document_id}
        error={form.errors.document_id}
        onChange={(value: string | null) => {
          if (!value) return;
          form.setFieldValue('document_id', value);
          // Spec 2 §4: back to the original category in the original document, else none.
          form.setFieldValue('category_id', value === original.document_id ? original.category_id : NO_CATEGORY);
        }}
      />
      <CategorySelect
        label={t(`${kind}.category`)}
        categories={document?.categories ?? []}
        value={form.values.category_id}
        error={form.errors.category_id}
        onChange={(value) => form.setFieldValue('category_id', value)}
      />
    </Group>
  );
}
