import { useState } from 'react';
import { Alert, Input, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LazyDescriptionEditor } from '../../../components/editor/LazyDescriptionEditor';
import { applyServerErrors } from '../../../components/applyServerErrors';
import { FormAlert } from '../../../components/FormAlert';
import { notifySuccess } from '../../../components/notify';
import type { StructureDocument } from '../api/workingAreaApi';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { useWorkingAreaPaths } from '../common/useWorkingAreaPaths';
import { withMergedErrors } from '../logic/fieldErrors';
import { DialogActions } from './DialogActions';
import { GuardedModal } from './GuardedModal';
import { NameInput } from './NameInput';
import { useAutoAcronym } from './useAutoAcronym';

const FIELDS = ['name', 'acronym', 'description', 'parents_id'] as const;

interface DocumentDialogProps {
  document?: StructureDocument;
  documents: readonly StructureDocument[];
  onClose: () => void;
}

/** All documents below this one (its children, theirs, …): none of them can become its parent. */
function descendants(documents: readonly StructureDocument[], id: number): Set<number> {
  const byId = new Map(documents.map((d) => [d.id, d]));
  const found = new Set<number>();
  const stack = [id];
  while (stack.length) {
    for (const child of byId.get(stack.pop()!)?.children ?? []) {
      if (!found.has(child)) {
        found.add(child);
        stack.push(child);
      }
    }
  }
  return found;
}

/** Creates or edits a document: name, acronym, description and parent document (spec 2, dialogs). */
export function DocumentDialog({ document, documents, onClose }: DocumentDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = useWorkingAreaPaths();
  const actions = useWorkingAreaActions();
  const acronym = useAutoAcronym(document !== undefined);
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: {
      name: document?.name ?? '',
      acronym: document?.acronym ?? '',
      description: document?.description ?? '',
      parents_id: (document?.parents ?? []).map(String),
    },
  });
  const excluded = document ? descendants(documents, document.id).add(document.id) : new Set<number>();
  const options = documents
    .filter((d) => !excluded.has(d.id))
    .map((d) => ({ value: String(d.id), label: `${d.acronym} · ${d.name}` }));
  const removedParents = (document?.parents ?? []).filter((id) => !form.values.parents_id.includes(String(id)));

  const save = async (values: typeof form.values) => {
    setAlert(null);
    setSaving(true);
    const body = {
      name: values.name,
      acronym: values.acronym,
      description: values.description,
      parents_id: values.parents_id.map(Number),
    };
    try {
      if (document) {
        await actions.updateDocument(document, body);
        notifySuccess(t('documents.saved'));
        onClose();
      } else {
        const created = await actions.createDocument(body);
        notifySuccess(t('documents.created'));
        onClose();
        void navigate(paths.document(created.id));
      }
    } catch (error) {
      setAlert(applyServerErrors(form, FIELDS, withMergedErrors(error, ['parents_id']), t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <GuardedModal
      title={document ? t('documents.editTitle') : t('documents.createTitle')}
      dirty={form.isDirty()}
      onClose={onClose}
    >
      {(requestClose) => (
        <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
          <Stack gap="md">
            <FormAlert message={alert} />
            <NameInput
              label={t('documents.name')}
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
              label={t('documents.acronym')}
              description={t('workingArea.acronymHint', { max: acronym.maxSize })}
              required
              maxLength={acronym.maxSize}
              styles={{ wrapper: { maxWidth: 220 }, input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps('acronym')}
              onChange={(event) => form.setFieldValue('acronym', acronym.onTyped(event.currentTarget.value))}
            />
            <Input.Wrapper label={t('documents.description')} error={form.errors.description}>
              <LazyDescriptionEditor
                label={t('documents.description')}
                value={form.values.description}
                onChange={(html) => form.setFieldValue('description', html)}
                minHeight={100}
              />
            </Input.Wrapper>
            <MultiSelect
              label={t('documents.parents')}
              description={t('documents.parentsHint')}
              placeholder={form.values.parents_id.length ? undefined : t('documents.noParent')}
              data={options}
              searchable
              clearable
              nothingFoundMessage={t('workingArea.nothingFound')}
              {...form.getInputProps('parents_id')}
            />
            {removedParents.length > 0 ? (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                {t('documents.alert.unlinkParentDocument')}
              </Alert>
            ) : null}
            <DialogActions
              onCancel={requestClose}
              saveLabel={document ? t('workingArea.save') : t('documents.create')}
              canSave={form.isDirty()}
              saving={saving}
            />
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
