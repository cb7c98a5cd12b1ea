import { useRef, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StashedDraftAlert } from '../../../app/unsaved/StashedDraftAlert';
import { useStashedDraft } from '../../../app/unsaved/useStashedDraft';
import { isAskingToLeave } from '../../../app/unsaved/unsavedWork';
import { useUnsavedWork } from '../../../app/unsaved/useUnsavedWork';
import { LazyDescriptionEditor } from '../../../components/editor/LazyDescriptionEditor';
import { plainText } from '../../../components/plainText';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { notifyFailure } from '../common/notifyFailure';

/**
 * The description, edited in place: saved when the editor loses focus or with the save button. (Collaborative
 * editing replaces this save with live sync in a later issue.)
 */
export function RequirementDescription({ requirement }: { requirement: RequirementPresented }) {
  const { t } = useTranslation();
  const actions = useWorkingAreaActions();
  // What the person is typing, with the text and version it started from; null when nothing is being typed, and
  // the view then shows the saved description as it is now (ours, sanitised by the server, or another member's).
  const [edit, setEdit] = useState<{ draft: string; base: string; baseVersion: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const inFlight = useRef<Promise<unknown> | null>(null);
  const draft = edit?.draft ?? requirement.description;
  const dirty = edit !== null && edit.draft !== edit.base;
  const setDraft = (html: string) =>
    setEdit((current) =>
      current
        ? { ...current, draft: html }
        : html === requirement.description
          ? null
          : { draft: html, base: requirement.description, baseVersion: requirement.version },
    );
  // The version a save sends: the one the draft started from if someone saved another description meanwhile (a
  // conflict to settle, never a silent overwrite: decisions §19), else the current one (a link or a status changed).
  const editedVersion = () => (edit && edit.base !== requirement.description ? edit.baseVersion : requirement.version);
  const stashed = useStashedDraft(`requirement.${requirement.id}.description`);
  useUnsavedWork({
    dirty: () => dirty,
    settling: () => inFlight.current,
    drafts: () => [{ key: `requirement.${requirement.id}.description`, value: draft }],
    flush: () => save(draft),
  });

  const save = async (html: string) => {
    if (inFlight.current || html === requirement.description) return;
    setSaving(true);
    const pending = actions.updateRequirement(requirement, { description: html, version: editedVersion() });
    inFlight.current = pending;
    try {
      // Saved, or the person took the other version in the conflict dialog: either way the editor shows what is
      // saved now, unless they typed on while it was being saved.
      const updated = await pending;
      setEdit((current) =>
        current && current.draft !== html
          ? { ...current, base: updated.description, baseVersion: updated.version }
          : null,
      );
    } catch (error) {
      notifyFailure(error, t);
    } finally {
      inFlight.current = null;
      setSaving(false);
    }
  };

  return (
    <Stack gap={6}>
      {stashed.value !== null && (
        <StashedDraftAlert
          preview={plainText(stashed.value)}
          onTake={() => setDraft(stashed.take() ?? draft)}
          onDrop={stashed.drop}
        />
      )}
      <LazyDescriptionEditor
        label={t('requirements.description')}
        value={draft}
        onChange={setDraft}
        // The leave dialog taking the focus is not "leaving the editor": its answer decides.
        onBlur={(html) => void (isAskingToLeave() ? undefined : save(html))}
        minHeight={180}
      />
      <Group justify="space-between" gap="xs">
        <Text fz="xs" c={dirty ? 'orange.8' : 'dimmed'} aria-live="polite">
          {saving ? t('editor.saving') : dirty ? t('editor.unsaved') : t('editor.saved')}
        </Text>
        <Button
          size="xs"
          variant={dirty ? 'filled' : 'default'}
          leftSection={dirty ? <IconDeviceFloppy size={14} /> : <IconCheck size={14} />}
          disabled={!dirty}
          loading={saving}
          onClick={() => void save(draft)}
        >
          {t('editor.saveDescription')}
        </Button>
      </Group>
    </Stack>
  );
}
