import { Alert, MultiSelect } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { StructureDocument } from '../api/workingAreaApi';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { useWorkingAreaPaths } from '../common/useWorkingAreaPaths';
import { withMergedErrors } from '../logic/fieldErrors';
import { FormDialog } from './FormDialog';
import { NamedEntityFields } from './NamedEntityFields';

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
    const body = {
      name: values.name,
      acronym: values.acronym,
      description: values.description,
      parents_id: values.parents_id.map(Number),
    };
    if (document) {
      await actions.updateDocument(document, body);
      return null;
    }
    return actions.createDocument(body);
  };

  return (
    <FormDialog
      kind="documents"
      editing={document !== undefined}
      form={form}
      onSave={save}
      // A new document opens once created.
      onSaved={(created) => created && void navigate(paths.document(created.id))}
      mapError={(error) => withMergedErrors(error, ['parents_id'])}
      onClose={onClose}
    >
      <NamedEntityFields
        kind="documents"
        form={form}
        editing={document !== undefined}
        // A document's acronym is unique in its project (issue 31).
        takenAcronyms={documents.filter((d) => d.id !== document?.id).map((d) => d.acronym)}
        descriptionMinHeight={100}
      />
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
    </FormDialog>
  );
}
