import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NAME_MAX, TAG_TITLE_MAX, type TagColor } from '@reqloom/domain';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { notifySuccess } from '../../components/notify';
import { DialogActions } from '../working-area/dialogs/DialogActions';
import { GuardedModal } from '../working-area/dialogs/GuardedModal';
import { classifierBody, classifierErrors, classifierFormErrors, type TagDraft } from './classifierForm';
import { randomTagColor } from './tagColors';
import { TagColorPicker } from './TagColorPicker';
import type { ClassifierActions } from './useClassifierActions';

interface ClassifierDialogProps {
  documentId: number;
  actions: ClassifierActions;
  onClose: () => void;
}

let nextKey = 0;
const draft = (used: readonly string[]): TagDraft => ({
  key: `tag-${++nextKey}`,
  title: '',
  color: randomTagColor(used),
});

/**
 * Creates a classifier (spec 2): its name, whether a requirement may hold several of its tags (on unless turned
 * off), and its first tags, each a title and a colour (a random one to start with). Rows left empty are not sent.
 * Closing with something typed asks first, as every dialog of the working area does.
 */
export function ClassifierDialog({ documentId, actions, onClose }: ClassifierDialogProps) {
  const { t } = useTranslation();
  const [first] = useState(() => draft([]));
  const form = useForm({ initialValues: { name: '', multiselect: true, tags: [first] } });
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const rows = useRef<HTMLDivElement>(null);
  const { tags } = form.values;

  const focusRow = (key: string) => rows.current?.querySelector<HTMLInputElement>(`[data-tag-row="${key}"]`)?.focus();
  // The new row is put in the page and focused within the keystroke that asked for it, so that the next keys go
  // there. Focused a frame later, what a fast typist typed meanwhile went to the row before ("MediumL", "ow").
  const addRow = () => {
    const row = draft(tags.map((tag) => tag.color));
    flushSync(() => form.insertListItem('tags', row));
    focusRow(row.key);
  };

  const save = async () => {
    setAlert(null);
    const local = classifierFormErrors(form.values, t);
    form.setErrors(local);
    if (Object.keys(local).length > 0) return;
    setSaving(true);
    try {
      const created = await actions.createClassifier(classifierBody(documentId, form.values));
      notifySuccess(t('tags.classifierCreated', { name: created.name }));
      onClose();
    } catch (error) {
      // Errors of the name and of each tag go under their fields (the server counts only the tags sent).
      const placed = error instanceof ApiError ? classifierErrors(error.errors ?? {}, form.values) : null;
      if (placed && Object.keys(placed.fields).length > 0) form.setErrors(placed.fields);
      setAlert(placed?.other ?? (placed && Object.keys(placed.fields).length > 0 ? null : errorMessage(error, t)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <GuardedModal title={t('tags.newClassifier')} dirty={form.isDirty()} onClose={onClose} size="md">
      {(requestClose) => (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="md">
            <FormAlert message={alert} />
            <TextInput
              label={t('tags.classifierNameLabel')}
              required
              data-autofocus
              maxLength={NAME_MAX}
              {...form.getInputProps('name')}
            />
            <Switch
              label={t('tags.multiselect')}
              description={t('tags.multiselectHint')}
              {...form.getInputProps('multiselect', { type: 'checkbox' })}
            />
            <Stack ref={rows} gap={6} role="group" aria-labelledby="classifier-dialog-tags">
              <Text id="classifier-dialog-tags" fz="sm" fw={500}>
                {t('tags.title')}
              </Text>
              {tags.map((tag, index) => (
                <Group key={tag.key} gap="xs" wrap="nowrap" align="flex-start">
                  <div style={{ paddingTop: 4 }}>
                    <TagColorPicker
                      value={tag.color}
                      title={tag.title.trim() || t('tags.rowName', { index: index + 1 })}
                      onChange={(color) => form.setFieldValue(`tags.${index}.color`, color as TagColor)}
                    />
                  </div>
                  <TextInput
                    style={{ flex: 1, minWidth: 0 }}
                    aria-label={t('tags.rowTitle', { index: index + 1 })}
                    placeholder={t('tags.rowPlaceholder')}
                    maxLength={TAG_TITLE_MAX}
                    data-tag-row={tag.key}
                    {...form.getInputProps(`tags.${index}.title`)}
                    onKeyDown={(event) => {
                      // Enter goes on to the next tag rather than sending the form half-filled.
                      if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                      event.preventDefault();
                      if (index === tags.length - 1) {
                        if (tag.title.trim()) addRow();
                      } else focusRow(tags[index + 1]!.key);
                    }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={4}
                    aria-label={t('tags.removeRow', { index: index + 1 })}
                    onClick={() => form.removeListItem('tags', index)}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Group>
              ))}
              <Group justify="space-between" gap="xs">
                <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={addRow}>
                  {t('tags.addTag')}
                </Button>
                <Text fz="xs" c="dimmed">
                  {t('tags.rowHint')}
                </Text>
              </Group>
            </Stack>
            <DialogActions
              onCancel={requestClose}
              saveLabel={t('tags.createClassifier')}
              canSave={form.values.name.trim() !== ''}
              saving={saving}
            />
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
