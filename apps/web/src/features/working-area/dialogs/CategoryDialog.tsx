import { Group, Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CategoryPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import type { StructureDocument } from '../api/workingAreaApi';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { useWorkingAreaPreferences } from '../common/useWorkingAreaPreferences';
import { categoryOptions } from '../logic/categoryTree';
import { FormDialog } from './FormDialog';
import { NamedEntityFields } from './NamedEntityFields';

const ROOT = 'root';

interface CategoryDialogProps {
  documents: readonly StructureDocument[];
  documentId: number;
  parentId?: number | null;
  category?: CategoryPresented;
  onClose: () => void;
}

/** Creates or edits a category: name, acronym, description, document (fixed once created), parent category. */
export function CategoryDialog({ documents, documentId, parentId, category, onClose }: CategoryDialogProps) {
  const { t } = useTranslation();
  const actions = useWorkingAreaActions();
  const { categoryNumbering } = useWorkingAreaPreferences();
  const form = useForm({
    initialValues: {
      name: category?.name ?? '',
      acronym: category?.acronym ?? '',
      description: category?.description ?? '',
      document_id: String(category?.document_id ?? documentId),
      parent_id: String((category ? category.parent_id : parentId) ?? ROOT),
    },
  });
  const document = documents.find((d) => String(d.id) === form.values.document_id);
  const parentOptions = [
    { value: ROOT, label: t('categories.noParent'), depth: 0 },
    ...categoryOptions(document?.categories ?? [], categoryNumbering, category),
  ];
  const depthOf = new Map(parentOptions.map((o) => [o.value, o.depth]));
  // Siblings with one acronym would share a reference (decisions §19): the proposal avoids theirs.
  const parentValue = form.values.parent_id === ROOT ? null : Number(form.values.parent_id);
  const siblingAcronyms = (document?.categories ?? [])
    .filter((c) => c.parent_id === parentValue && c.id !== category?.id)
    .map((c) => c.acronym);

  const save = async (values: typeof form.values) => {
    const parent = values.parent_id === ROOT ? null : Number(values.parent_id);
    const texts = { name: values.name, acronym: values.acronym, description: values.description };
    if (category) {
      // The parent is sent only when it changed.
      await actions.updateCategory(category, {
        ...texts,
        ...(parent !== category.parent_id ? { parent_id: parent } : {}),
      });
    } else {
      await actions.createCategory({ document_id: Number(values.document_id), parent_id: parent, ...texts });
    }
  };

  return (
    <FormDialog kind="categories" editing={category !== undefined} form={form} onSave={save} onClose={onClose}>
      <NamedEntityFields
        kind="categories"
        form={form}
        editing={category !== undefined}
        takenAcronyms={siblingAcronyms}
        descriptionMinHeight={80}
      />
      <Group grow align="flex-start">
        <Select
          label={t('categories.document')}
          data={documents.map((d) => ({ value: String(d.id), label: d.name }))}
          disabled={category !== undefined}
          allowDeselect={false}
          value={form.values.document_id}
          error={form.errors.document_id}
          onChange={(value: string | null) => {
            if (!value) return;
            form.setFieldValue('document_id', value);
            // The parent must be a category of the chosen document.
            form.setFieldValue('parent_id', ROOT);
          }}
        />
        <Select
          label={t('categories.parent')}
          data={parentOptions.map(({ value, label }) => ({ value, label }))}
          allowDeselect={false}
          searchable
          nothingFoundMessage={t('workingArea.nothingFound')}
          renderOption={({ option }) => (
            <Text fz="sm" pl={(depthOf.get(option.value) ?? 0) * 14}>
              {option.label}
            </Text>
          )}
          value={form.values.parent_id}
          error={form.errors.parent_id}
          onChange={(value: string | null) => value && form.setFieldValue('parent_id', value)}
        />
      </Group>
    </FormDialog>
  );
}
