import { useState } from 'react';
import { Checkbox, Loader, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BASELINE_DESCRIPTION_MAX } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '../../components/applyServerErrors';
import { FormAlert } from '../../components/FormAlert';
import { notifySuccess } from '../../components/notify';
import { useProject } from '../projects/useProject';
import { useStructure } from '../working-area/api/useStructure';
import { DialogActions } from '../working-area/dialogs/DialogActions';
import { GuardedModal } from '../working-area/dialogs/GuardedModal';
import { useBaselinePaths } from './baselinePaths';
import { useCreateBaseline } from './useBaselines';

interface Values {
  name: string;
  description: string;
  /** The documents left out: every document is kept unless unticked, those created while the dialog is open too. */
  left_out: string[];
}

/**
 * Takes a baseline (decisions §22): a name, a description, and which documents (all by default). A name already used
 * in the project comes back as a 422 on `name` and shows under the field; the new baseline opens once taken.
 */
export function CreateBaselineDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { project } = useProject();
  const paths = useBaselinePaths();
  const structure = useStructure(project.id);
  const documents = structure.data ?? [];
  const creation = useCreateBaseline(project.id);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { name: '', description: '', left_out: [] },
    validate: {
      name: (value) => (value.trim() === '' ? t('baselines.create.nameRequired') : null),
      left_out: (value) =>
        documents.length > 0 && documents.every((d) => value.includes(String(d.id)))
          ? t('baselines.create.documentsRequired')
          : null,
    },
  });
  const kept = documents.filter((d) => !form.values.left_out.includes(String(d.id)));

  const save = async (values: Values) => {
    setAlert(null);
    try {
      const created = await creation.mutateAsync({
        name: values.name.trim(),
        ...(values.description.trim() ? { description: values.description.trim() } : {}),
        // All of them: said by leaving the list out, so that the server takes every document it has.
        ...(values.left_out.length > 0 ? { document_ids: kept.map((d) => d.id) } : {}),
      });
      notifySuccess(t('baselines.create.done', { name: created.name }));
      // To the new baseline, which leaves this screen and the dialog with it.
      void navigate(paths.open(created.id));
      onClose();
    } catch (error) {
      // document_ids.N errors belong to the documents' group.
      setAlert(applyServerErrors(form, ['name', 'description'], error, t));
    }
  };

  const choose = (ticked: string[]) =>
    form.setFieldValue(
      'left_out',
      documents.map((d) => String(d.id)).filter((id) => !ticked.includes(id)),
    );

  return (
    <GuardedModal title={t('baselines.create.title')} dirty={form.isDirty()} onClose={onClose}>
      {(requestClose) => (
        <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
          <Stack gap="md">
            <FormAlert message={alert} />
            <TextInput
              label={t('baselines.create.name')}
              description={t('baselines.create.nameHint')}
              required
              data-autofocus
              {...form.getInputProps('name')}
            />
            <Textarea
              label={t('baselines.create.description')}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={BASELINE_DESCRIPTION_MAX}
              {...form.getInputProps('description')}
            />
            <Checkbox.Group
              label={t('baselines.create.documents')}
              description={t('baselines.create.documentsHint')}
              error={form.errors.left_out}
              value={kept.map((d) => String(d.id))}
              onChange={choose}
            >
              {structure.isPending ? (
                <Loader size="xs" aria-label={t('baselines.loading')} />
              ) : documents.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  {t('baselines.create.noDocuments')}
                </Text>
              ) : (
                <Stack gap={6} mt={6}>
                  {documents.map((d) => (
                    <Checkbox key={d.id} value={String(d.id)} label={`${d.acronym} · ${d.name}`} />
                  ))}
                </Stack>
              )}
            </Checkbox.Group>
            <DialogActions
              onCancel={requestClose}
              saveLabel={t('baselines.create.submit')}
              canSave={form.values.name.trim() !== ''}
              saving={creation.isPending}
            />
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
