import { useState } from 'react';
import { Group, Input, Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RequirementPresented, UpdateRequirementBody } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { LazyDescriptionEditor } from '../../../components/editor/LazyDescriptionEditor';
import type { StructureDocument } from '../api/workingAreaApi';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { useWorkingAreaPreferences } from '../common/useWorkingAreaPreferences';
import { autoNameFrom, autoNameInitiallyOn } from '../logic/htmlText';
import { CategorySelect, NO_CATEGORY } from './CategorySelect';
import { FormDialog } from './FormDialog';
import { NameInput } from './NameInput';

interface RequirementDialogProps {
  documents: readonly StructureDocument[];
  documentId: number;
  categoryId?: number | null;
  requirement?: RequirementPresented;
  onClose: () => void;
}

/** Creates or edits a requirement: name (with auto-name), description, document and category. */
export function RequirementDialog({ documents, documentId, categoryId, requirement, onClose }: RequirementDialogProps) {
  const { t } = useTranslation();
  const actions = useWorkingAreaActions();
  const { autoNaming } = useWorkingAreaPreferences();
  const original = {
    document_id: String(requirement?.document_id ?? documentId),
    category_id: String((requirement ? requirement.category_id : categoryId) ?? NO_CATEGORY),
  };
  const form = useForm({
    initialValues: { name: requirement?.name ?? '', description: requirement?.description ?? '', ...original },
  });
  const [autoName, setAutoName] = useState(
    () => autoNaming && autoNameInitiallyOn(requirement?.name ?? '', requirement?.description ?? ''),
  );
  const document = documents.find((d) => String(d.id) === form.values.document_id);

  const save = async (values: typeof form.values) => {
    const category = values.category_id === NO_CATEGORY ? null : Number(values.category_id);
    if (requirement) {
      const body: UpdateRequirementBody = {};
      if (values.name !== requirement.name) body.name = values.name;
      if (values.description !== requirement.description) body.description = values.description;
      if (Number(values.document_id) !== requirement.document_id) body.document_id = Number(values.document_id);
      if (category !== requirement.category_id || body.document_id) body.category_id = category;
      await actions.updateRequirement(requirement, body);
    } else {
      await actions.createRequirement({
        document_id: Number(values.document_id),
        category_id: category,
        name: values.name,
        description: values.description,
      });
    }
  };

  return (
    <FormDialog
      kind="requirements"
      editing={requirement !== undefined}
      form={form}
      onSave={save}
      onClose={onClose}
      size="xl"
    >
      <NameInput
        label={t('requirements.name')}
        value={form.values.name}
        error={form.errors.name}
        autoFocus={!autoName}
        autoName={
          autoNaming
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
          // Typing a name of one's own ends auto-naming.
          setAutoName(false);
          form.setFieldValue('name', name);
        }}
      />
      <Input.Wrapper label={t('requirements.description')} error={form.errors.description}>
        <LazyDescriptionEditor
          label={t('requirements.description')}
          value={form.values.description}
          onChange={(html) => {
            form.setFieldValue('description', html);
            if (autoName) form.setFieldValue('name', autoNameFrom(html));
          }}
          minHeight={160}
        />
      </Input.Wrapper>
      <Group grow align="flex-start">
        <Select
          label={t('requirements.document')}
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
          label={t('requirements.category')}
          categories={document?.categories ?? []}
          value={form.values.category_id}
          error={form.errors.category_id}
          onChange={(value) => form.setFieldValue('category_id', value)}
        />
      </Group>
    </FormDialog>
  );
}
