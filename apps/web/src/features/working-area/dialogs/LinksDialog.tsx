import { useState } from 'react';
import { MultiSelect, Stack, Text } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorMessage } from '../../../components/errorMessage';
import { FormAlert } from '../../../components/FormAlert';
import { notifySuccess } from '../../../components/notify';
import { useProject } from '../../projects/useProject';
import type { StructureDocument } from '../api/workingAreaApi';
import { useLinkedRequirements } from '../api/useLinkedRequirements';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { mergeIndexedErrors } from '../logic/fieldErrors';
import { DialogActions } from './DialogActions';
import { GuardedModal } from './GuardedModal';

interface LinksDialogProps {
  requirement: RequirementPresented;
  side: 'parents' | 'children';
  documents: readonly StructureDocument[];
  onClose: () => void;
}

/**
 * Edits a requirement's parents (among the requirements of the parent documents) or children (among those of the
 * child documents): links only join documents linked parent to child (decisions §6).
 */
export function LinksDialog({ requirement, side, documents, onClose }: LinksDialogProps) {
  const { t } = useTranslation();
  const projectId = useProject().project.id;
  const actions = useWorkingAreaActions();
  const own = documents.find((d) => d.id === requirement.document_id);
  const linkedDocuments = documents.filter((d) => (side === 'parents' ? own?.parents : own?.children)?.includes(d.id));
  const candidates = useLinkedRequirements(
    projectId,
    linkedDocuments.map((d) => d.id),
  );
  const initial = requirement[side].map((l) => String(l.id));
  const [value, setValue] = useState<string[]>(initial);
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = value.length !== initial.length || value.some((id) => !initial.includes(id));
  const field = side === 'parents' ? 'parents_id' : 'children_id';

  const data = linkedDocuments.map((d) => ({
    group: d.name,
    items: [...candidates.byId.values()]
      .filter((r) => r.document_id === d.id)
      .map((r) => ({ value: String(r.id), label: `${r.reference} · ${r.name}` })),
  }));

  const save = async () => {
    setAlert(null);
    setError(null);
    setSaving(true);
    try {
      await actions.updateRequirement(requirement, { [field]: value.map(Number) });
      notifySuccess(t('traceability.linksSaved'));
      onClose();
    } catch (failure) {
      const merged = failure instanceof ApiError && failure.errors ? mergeIndexedErrors(failure.errors, field) : {};
      if (merged[field]) setError(merged[field].join(' '));
      else setAlert(errorMessage(failure, t));
    } finally {
      setSaving(false);
    }
  };

  const title = side === 'parents' ? t('traceability.editParentsTitle') : t('traceability.editChildrenTitle');
  return (
    <GuardedModal title={`${title} · ${requirement.reference}`} dirty={dirty} onClose={onClose}>
      {(requestClose) => (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              {side === 'parents' ? t('traceability.editParentsHint') : t('traceability.editChildrenHint')}
            </Text>
            <FormAlert message={alert} />
            <MultiSelect
              label={side === 'parents' ? t('traceability.parents') : t('traceability.children')}
              placeholder={t('traceability.searchRequirements')}
              data={data}
              value={value}
              onChange={setValue}
              error={error}
              searchable
              clearable
              limit={100}
              maxDropdownHeight={320}
              disabled={candidates.loading}
              nothingFoundMessage={t('workingArea.nothingFound')}
              comboboxProps={{ withinPortal: true }}
            />
            <DialogActions onCancel={requestClose} saveLabel={t('workingArea.save')} canSave={dirty} saving={saving} />
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
