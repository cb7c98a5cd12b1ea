import { useState } from 'react';
import { Group, Input, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CategoryPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { LazyDescriptionEditor } from '../../../components/editor/LazyDescriptionEditor';
import { applyServerErrors } from '../../../components/applyServerErrors';
import { FormAlert } from '../../../components/FormAlert';
import { notifySuccess } from '../../../components/notify';
import type { StructureDocument } from '../api/workingAreaApi';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { useWorkingAreaPreferences } from '../common/useWorkingAreaPreferences';
import { categoryOptions } from '../logic/categoryTree';
import { DialogActions } from './DialogActions';
import { GuardedModal } from './GuardedModal';
import { NameInput } from './NameInput';
import { useAutoAcronym } from './useAutoAcronym';

const FIELDS = ['name', 'acronym', 'description', 'document_id', 'parent_id'] as const;
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
  const acronym = useAutoAcronym(category !== undefined);
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
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

  const save = async (values: typeof form.values) => {
    setAlert(null);
    setSaving(true);
    const parent = values.parent_id === ROOT ? null : Number(values.parent_id);
    try {
      if (category) {
        await actions.updateCategory(category, {
          name: values.name,
          acronym: values.acronym,
          description: values.description,
          ...(parent !== category.parent_id ? { parent_id: parent } : {}),
        });
        notifySuccess(t('categories.saved'));
      } else {
        await actions.createCategory({
          document_id: Number(values.document_id),
          parent_id: parent,
          name: values.name,
          acronym: values.acronym,
          description: values.description,
        });
        notifySuccess(t('categories.created'));
      }
      onClose();
    } catch (error) {
      setAlert(applyServerErrors(form, FIELDS, error, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <GuardedModal
      title={category ? t('categories.editTitle') : t('categories.createTitle')}
      dirty={form.isDirty()}
      onClose={onClose}
    >
      {(requestClose) => (
        <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
          <Stack gap="md">
            <FormAlert message={alert} />
            <NameInput
              label={t('categories.name')}
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
              label={t('categories.acronym')}
              description={t('workingArea.acronymHint', { max: acronym.maxSize })}
              required
              maxLength={acronym.maxSize}
              styles={{ wrapper: { maxWidth: 220 }, input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps('acronym')}
              onChange={(event) => form.setFieldValue('acronym', acronym.onTyped(event.currentTarget.value))}
            />
            <Input.Wrapper label={t('categories.description')} error={form.errors.description}>
              <LazyDescriptionEditor
                label={t('categories.description')}
                value={form.values.description}
                onChange={(html) => form.setFieldValue('description', html)}
                minHeight={80}
              />
            </Input.Wrapper>
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
            <DialogActions
              onCancel={requestClose}
              saveLabel={category ? t('workingArea.save') : t('categories.create')}
              canSave={form.isDirty()}
              saving={saving}
            />
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
