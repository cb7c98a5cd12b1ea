import { useState } from 'react';
import { Group, Select } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../projects/useCan';
import type { StructureDocument } from '../api/workingAreaApi';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { notifyFailure } from '../common/notifyFailure';
import { CategorySelect, NO_CATEGORY } from '../dialogs/CategorySelect';

interface RequirementPlacementProps {
  requirement: RequirementPresented;
  documents: readonly StructureDocument[];
}

/**
 * The document and category selectors of the requirement view: choosing one moves the requirement there. Below
 * editor they only say where it is (decisions §20).
 */
export function RequirementPlacement({ requirement, documents }: RequirementPlacementProps) {
  const { t } = useTranslation();
  const actions = useWorkingAreaActions();
  const [saving, setSaving] = useState(false);
  const readOnly = !useCan('editor');
  const document = documents.find((d) => d.id === requirement.document_id);

  const move = async (body: { document_id?: number; category_id: number | null }) => {
    setSaving(true);
    try {
      await actions.updateRequirement(requirement, body);
    } catch (error) {
      notifyFailure(error, t);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Group gap="xs" wrap="wrap" align="flex-end" data-tour="requirement-placement">
      <Select
        size="xs"
        w={220}
        label={t('requirements.document')}
        data={documents.map((d) => ({ value: String(d.id), label: d.name }))}
        value={String(requirement.document_id)}
        allowDeselect={false}
        disabled={saving}
        readOnly={readOnly}
        onChange={(value) => {
          // A new document: its categories are not this one's, so the requirement lands at its root.
          if (value && Number(value) !== requirement.document_id)
            void move({ document_id: Number(value), category_id: null });
        }}
      />
      <div style={{ width: 240 }}>
        <CategorySelect
          size="xs"
          label={t('requirements.category')}
          categories={document?.categories ?? []}
          value={String(requirement.category_id ?? NO_CATEGORY)}
          disabled={saving}
          readOnly={readOnly}
          onChange={(value) => {
            const category = value === NO_CATEGORY ? null : Number(value);
            if (category !== requirement.category_id) void move({ category_id: category });
          }}
        />
      </div>
    </Group>
  );
}
