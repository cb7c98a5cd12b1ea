import { useState } from 'react';
import { ActionIcon, Button, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError';
import { errorMessage } from '../../../components/errorMessage';
import { FormAlert } from '../../../components/FormAlert';
import { notifySuccess } from '../../../components/notify';
import type { StructureDocument } from '../api/workingAreaApi';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { defaultCategoryId } from '../logic/defaultCategory';
import { rowErrors } from '../logic/fieldErrors';
import { CategorySelect, NO_CATEGORY } from './CategorySelect';
import { DialogActions } from './DialogActions';
import { GuardedModal } from './GuardedModal';

interface Row {
  key: number;
  document_id: string;
  category_id: string;
  name: string;
}

interface ChildrenDialogProps {
  requirement: RequirementPresented;
  documents: readonly StructureDocument[];
  onClose: () => void;
}

/**
 * Creates requirements in the child documents, each linked as a child of this one (spec 2, child creation): rows
 * of document, category and name; a new row copies the previous row's document and category.
 */
export function ChildrenDialog({ requirement, documents, onClose }: ChildrenDialogProps) {
  const { t } = useTranslation();
  const actions = useWorkingAreaActions();
  const childDocuments = documents.filter((d) =>
    documents.find((p) => p.id === requirement.document_id)?.children.includes(d.id),
  );
  const firstDocument = String(childDocuments[0]?.id ?? '');
  const parentCategory = documents
    .find((d) => d.id === requirement.document_id)
    ?.categories.find((c) => c.id === requirement.category_id);
  // A row starts in a category of its document (issue 31: one left at "No category" is not exported), the one named
  // like this requirement's if there is one (logic/defaultCategory.ts).
  const startCategory = (documentId: string) =>
    String(
      defaultCategoryId(childDocuments.find((d) => String(d.id) === documentId)?.categories ?? [], parentCategory) ??
        NO_CATEGORY,
    );
  const [first] = useState<Row>(() => ({
    key: 0,
    document_id: firstDocument,
    category_id: startCategory(firstDocument),
    name: '',
  }));
  const [rows, setRows] = useState<Row[]>(() => [first]);
  // Keyed by the row's key, not its index: a removed row takes its errors along, the others keep theirs.
  const [errors, setErrors] = useState<Record<number, Record<string, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty =
    rows.length !== 1 ||
    rows.some((r) => r.name !== '' || r.document_id !== first.document_id || r.category_id !== first.category_id);

  const change = (key: number, patch: Partial<Row>) => {
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    // A field the person changes is no longer the one the server refused: its message goes.
    setErrors((all) => {
      const rowErrors = all[key];
      if (!rowErrors) return all;
      const rest = Object.fromEntries(Object.entries(rowErrors).filter(([field]) => !(field in patch)));
      return { ...all, [key]: rest };
    });
  };
  const removeRow = (key: number) => {
    setRows((list) => list.filter((r) => r.key !== key));
    setErrors(({ [key]: _removed, ...rest }) => rest);
  };
  const addRow = () => {
    const key = Math.random();
    setRows((list) => {
      const last = list[list.length - 1];
      return [
        ...list,
        {
          key,
          document_id: last?.document_id ?? firstDocument,
          category_id: last?.category_id ?? startCategory(firstDocument),
          name: '',
        },
      ];
    });
  };

  const save = async () => {
    setAlert(null);
    setErrors({});
    setSaving(true);
    try {
      await actions.createChildren(requirement, {
        children: rows.map((r) => ({
          document_id: Number(r.document_id),
          category_id: r.category_id === NO_CATEGORY ? null : Number(r.category_id),
          name: r.name,
        })),
      });
      notifySuccess(t('traceability.childrenCreated', { count: rows.length }));
      onClose();
    } catch (error) {
      const sorted = rowErrors(error instanceof ApiError ? error.errors : undefined, 'children');
      setErrors(
        Object.fromEntries(
          Object.entries(sorted.rows).flatMap(([index, fields]) => {
            const row = rows[Number(index)];
            return row ? [[row.key, fields]] : [];
          }),
        ),
      );
      const placed = Object.keys(sorted.rows).length > 0;
      setAlert(sorted.rest.length ? sorted.rest.join(' ') : placed ? null : errorMessage(error, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <GuardedModal
      title={t('traceability.createChildrenTitle', { reference: requirement.reference })}
      dirty={dirty}
      onClose={onClose}
      size="xl"
    >
      {(requestClose) => (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="sm">
            <Text fz="sm" c="dimmed">
              {t('traceability.createChildrenHint')}
            </Text>
            <FormAlert message={alert} />
            {rows.map((row, index) => {
              const document = childDocuments.find((d) => String(d.id) === row.document_id);
              const rowError = errors[row.key] ?? {};
              return (
                <Group
                  key={row.key}
                  align="flex-start"
                  gap="xs"
                  wrap="nowrap"
                  role="group"
                  aria-label={t('traceability.childRow', { number: index + 1 })}
                >
                  <Select
                    label={t('requirements.document')}
                    size="xs"
                    w={200}
                    data={childDocuments.map((d) => ({ value: String(d.id), label: d.name }))}
                    value={row.document_id}
                    error={rowError.document_id}
                    allowDeselect={false}
                    onChange={(value) =>
                      value && change(row.key, { document_id: value, category_id: startCategory(value) })
                    }
                  />
                  <div style={{ width: 200, flexShrink: 0 }}>
                    <CategorySelect
                      label={t('requirements.category')}
                      size="xs"
                      categories={document?.categories ?? []}
                      value={row.category_id}
                      error={rowError.category_id}
                      onChange={(value) => change(row.key, { category_id: value })}
                    />
                  </div>
                  <TextInput
                    label={t('requirements.name')}
                    size="xs"
                    required
                    style={{ flex: 1 }}
                    value={row.name}
                    error={rowError.name}
                    onChange={(event) => change(row.key, { name: event.currentTarget.value })}
                  />
                  <Tooltip label={t('traceability.removeRow')}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      mt={22}
                      aria-label={t('traceability.removeRowNumber', { number: index + 1 })}
                      onClick={() => removeRow(row.key)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              );
            })}
            <Group>
              <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={addRow}>
                {t('traceability.addRow')}
              </Button>
            </Group>
            <DialogActions
              onCancel={requestClose}
              saveLabel={t('traceability.createChildren')}
              canSave={rows.length > 0}
              saving={saving}
            />
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
