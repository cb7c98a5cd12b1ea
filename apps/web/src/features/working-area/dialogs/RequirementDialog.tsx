import { useState } from 'react';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { RequirementPresented, UpdateRequirementBody } from '@reqloom/domain';
import type { StructureDocument } from '../api/workingAreaApi';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { useWorkingAreaPreferences } from '../common/useWorkingAreaPreferences';
import { InfoAlert } from '../common/InfoAlert';
import { autoNameInitiallyOn } from '../logic/htmlText';
import { linksTurningSuspect } from '../logic/suspectOnSave';
import { AutoNamedFields } from './AutoNamedFields';
import { NO_CATEGORY } from './CategorySelect';
import { FormDialog } from './FormDialog';
import { PlaceFields } from './PlaceFields';

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
  // What saving does to the links below it, said before it is done (decisions §22).
  const turningSuspect = requirement
    ? linksTurningSuspect(requirement, { name: form.values.name, description: form.values.description })
    : 0;
  const [autoName, setAutoName] = useState(
    () => autoNaming && autoNameInitiallyOn(requirement?.name ?? '', requirement?.description ?? ''),
  );

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
      <AutoNamedFields
        kind="requirements"
        form={form}
        offered={autoNaming}
        autoName={autoName}
        setAutoName={setAutoName}
        descriptionMinHeight={160}
      />
      <PlaceFields kind="requirements" form={form} documents={documents} original={original} />
      {turningSuspect > 0 ? (
        <InfoAlert color="yellow">{t('suspectLinks.willTurnSuspect', { count: turningSuspect })}</InfoAlert>
      ) : null}
    </FormDialog>
  );
}
