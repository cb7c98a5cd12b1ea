import { useState } from 'react';
import { Input, MultiSelect } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RequirementPresented, UpdateRequirementBody } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LazyDescriptionEditor } from '../../../components/editor/LazyDescriptionEditor';
import { useProject } from '../../projects/useProject';
import type { StructureDocument } from '../../working-area/api/workingAreaApi';
import { useWorkingAreaActions } from '../../working-area/api/useWorkingAreaActions';
import { useWorkingAreaPaths } from '../../working-area/common/useWorkingAreaPaths';
import { AutoNamedFields } from '../../working-area/dialogs/AutoNamedFields';
import { NO_CATEGORY } from '../../working-area/dialogs/CategorySelect';
import { FormDialog } from '../../working-area/dialogs/FormDialog';
import { PlaceFields } from '../../working-area/dialogs/PlaceFields';
import { withMergedErrors } from '../../working-area/logic/fieldErrors';
import { autoNameInitiallyOn } from '../../working-area/logic/htmlText';
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
      <AutoNamedFields
        kind="tests"
        form={form}
        offered
        autoName={autoName}
        setAutoName={setAutoName}
        descriptionMinHeight={120}
      />
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
      <PlaceFields kind="tests" form={form} documents={documents} original={original} />
    </FormDialog>
  );
}
