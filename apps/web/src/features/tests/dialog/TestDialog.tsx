import { useState } from 'react';
import { Group, Input, MultiSelect, Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RequirementPresented, UpdateRequirementBody } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LazyDescriptionEditor } from '../../../components/editor/LazyDescriptionEditor';
import { useProject } from '../../projects/useProject';
import type { StructureDocument } from '../../working-area/api/workingAreaApi';
import { useWorkingAreaActions } from '../../working-area/api/useWorkingAreaActions';
import { useWorkingAreaPaths } from '../../working-area/common/useWorkingAreaPaths';
import { CategorySelect, NO_CATEGORY } from '../../working-area/dialogs/CategorySelect';
import { FormDialog } from '../../working-area/dialogs/FormDialog';
import { NameInput } from '../../working-area/dialogs/NameInput';
import { withMergedErrors } from '../../working-area/logic/fieldErrors';
import { autoNameFrom, autoNameInitiallyOn } from '../../working-area/logic/htmlText';
import { useProjectTests } from '../api/useProjectTests';

interface TestDialogProps {
  documents: readonly StructureDocument[];
  documentId: number;
  categoryId?: number | null;
  test?: RequirementPresented;
  onClose: () => void;
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Creates or edits a test (spec 2 §4): name with the auto-name box (always shown for tests), description, initial
 * conditions, the tests that must have passed before, document and category. Its steps are edited in its view.
 */
export function TestDialog({ documents, documentId, categoryId, test, onClose }: TestDialogProps) {
  const { t } = useTranslation();
  const actions = useWorkingAreaActions();
  const navigate = useNavigate();
  const paths = useWorkingAreaPaths();
  const projectId = useProject().project.id;
  const { tests } = useProjectTests(projectId);
  const original = {
    document_id: String(test?.document_id ?? documentId),
    category_id: String((test ? test.category_id : categoryId) ?? NO_CATEGORY),
  };
  const form = useForm({
    initialValues: {
      name: test?.name ?? '',
      description: test?.description ?? '',
      initialConditions: test?.initialConditions ?? '',
      previouslyPassedTests: (test?.previouslyPassedTests ?? []).map(String),
      ...original,
    },
  });
  const [autoName, setAutoName] = useState(() => autoNameInitiallyOn(test?.name ?? '', test?.description ?? ''));
  const document = documents.find((d) => String(d.id) === form.values.document_id);
  const known = new Set(tests.map((candidate) => candidate.id));
  const options = tests
    .filter((candidate) => candidate.id !== test?.id)
    .map((candidate) => ({ value: String(candidate.id), label: `${candidate.reference} - ${candidate.name}` }));
  // A previous test not (yet) loaded still shows, by its number, rather than silently dropping from the choice.
  for (const id of form.values.previouslyPassedTests) {
    if (!known.has(Number(id))) options.push({ value: id, label: `#${id}` });
  }

  const save = async (values: typeof form.values) => {
    const category = values.category_id === NO_CATEGORY ? null : Number(values.category_id);
    const previous = values.previouslyPassedTests.map(Number);
    if (test) {
      const body: UpdateRequirementBody = {};
      if (values.name !== test.name) body.name = values.name;
      if (values.description !== test.description) body.description = values.description;
      if (values.initialConditions !== (test.initialConditions ?? ''))
        body.initialConditions = values.initialConditions;
      if (!sameIds(previous, test.previouslyPassedTests ?? [])) body.previouslyPassedTests = previous;
      if (Number(values.document_id) !== test.document_id) body.document_id = Number(values.document_id);
      if (category !== test.category_id || body.document_id) body.category_id = category;
      return actions.updateRequirement(test, body);
    }
    return actions.createRequirement({
      document_id: Number(values.document_id),
      category_id: category,
      name: values.name,
      description: values.description,
      type: 'test',
      test: true,
      initialConditions: values.initialConditions,
      previouslyPassedTests: previous,
      steps: [],
    });
  };

  return (
    <FormDialog
      kind="tests"
      editing={test !== undefined}
      form={form}
      onSave={save}
      // A new test opens in its view, where its steps are written.
      onSaved={(saved) => {
        if (!test) void navigate(paths.requirement(saved.id));
      }}
      onClose={onClose}
      size="xl"
      // previouslyPassedTests.N errors are shown under the picker, merged.
      mapError={(error) => withMergedErrors(error, ['previouslyPassedTests'])}
    >
      <NameInput
        label={t('tests.name')}
        value={form.values.name}
        error={form.errors.name}
        autoFocus={!autoName}
        autoName={{
          checked: autoName,
          onChange: (checked) => {
            setAutoName(checked);
            const excerpt = autoNameFrom(form.values.description);
            if (checked && excerpt) form.setFieldValue('name', excerpt);
          },
        }}
        onChange={(name) => {
          setAutoName(false);
          form.setFieldValue('name', name);
        }}
      />
      <Input.Wrapper label={t('tests.description')} error={form.errors.description}>
        <LazyDescriptionEditor
          label={t('tests.description')}
          value={form.values.description}
          onChange={(html) => {
            form.setFieldValue('description', html);
            if (autoName) form.setFieldValue('name', autoNameFrom(html));
          }}
          minHeight={120}
        />
      </Input.Wrapper>
      <Input.Wrapper label={t('tests.initialConditions')} error={form.errors.initialConditions}>
        <LazyDescriptionEditor
          label={t('tests.initialConditions')}
          value={form.values.initialConditions}
          onChange={(html) => form.setFieldValue('initialConditions', html)}
          minHeight={90}
        />
      </Input.Wrapper>
      <MultiSelect
        label={t('tests.previouslyPassedTests')}
        description={t('tests.previouslyPassedTestsHint')}
        placeholder={form.values.previouslyPassedTests.length === 0 ? t('tests.pickTests') : undefined}
        data={options}
        searchable
        clearable
        nothingFoundMessage={t('tests.noOtherTests')}
        value={form.values.previouslyPassedTests}
        error={form.errors.previouslyPassedTests}
        onChange={(value) => form.setFieldValue('previouslyPassedTests', value)}
      />
      <Group grow align="flex-start">
        <Select
          label={t('tests.document')}
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
          label={t('tests.category')}
          categories={document?.categories ?? []}
          value={form.values.category_id}
          error={form.errors.category_id}
          onChange={(value) => form.setFieldValue('category_id', value)}
        />
      </Group>
    </FormDialog>
  );
}
