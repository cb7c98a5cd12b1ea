import { useEffect, useId, useState } from 'react';
import { Badge, Group, ScrollArea, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALPHA_DOCUMENT_SETTINGS, DEFAULT_DOCUMENT_SETTINGS, type DocumentSettings } from '@reqloom/domain';
import { api } from '../../api/client';
import { ScreenLoader } from '../../components/ScreenLoader';
import { notifyError } from '../../components/notify';
import { useCan } from '../projects/useCan';
import { useProject } from '../projects/useProject';
import { useCurrentUser } from '../user/useCurrentUser';
import type { StructureDocument } from '../working-area/api/workingAreaApi';
import { workingAreaKeys } from '../../api/workingAreaKeys';
import { useStructure } from '../working-area/api/useStructure';
import { changedSettings, withoutSettled, type SettingKey, type SettingsPatch } from './settingsChanges';

/** Changes wait this long for the next one, then go as one call (spec 2: debounced 1 s). */
export const SETTINGS_DEBOUNCE_MS = 1_000;

const SWITCHES = [
  'export.tableOfContents',
  'export.projectSummary',
  'export.documentSummary',
  'export.requirementTitleAndReference',
  'export.requirementTraceability',
  'export.traceabilityMatrices',
  'export.dateOnTitlePage',
] as const satisfies readonly SettingKey[];

type OptionName<K> = K extends `export.${infer Name}` ? Name : never;
const labelKey = <K extends SettingKey>(key: K) =>
  `exportSettings.options.${key.slice('export.'.length)}` as `exportSettings.options.${OptionName<K>}`;

/**
 * The Word export options of a document (spec 2, decisions §13), shown for the element's document. A switch shows
 * the choice at once; the changes go after a second without another, only those that differ, as one call. What
 * other members change comes through `DocumentSettingsUpdated` into the structure, which this panel reads.
 */
export function ExportSettingsPanel({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const projectId = useProject().project.id;
  const alpha = useCurrentUser().data?.alpha === true;
  // The options belong to the document: below editor they are shown, not changed (decisions §20).
  const readOnly = !useCan('editor');
  const document = useStructure(projectId).data?.find((d) => d.id === documentId);
  // The server answers every option (defaults included): the cached object is the current state, stable between renders.
  const current: DocumentSettings = document?.settings ?? DEFAULT_DOCUMENT_SETTINGS;
  const [wanted, setWanted] = useState<SettingsPatch>({});
  const [sending, setSending] = useState(false);
  const evolutionsHeading = useId();

  // Every choice restarts the wait: a second after the last one, what differs goes as one call. A choice made while
  // a call is on its way waits for it, then goes the same way.
  useEffect(() => {
    const patch = changedSettings(current, wanted);
    if (sending || Object.keys(patch).length === 0) return;
    const timer = setTimeout(() => {
      setSending(true);
      api
        .put<{ data: DocumentSettings }>(`documents/settings/${documentId}`, { settings: patch })
        .then((answer) =>
          queryClient.setQueryData<StructureDocument[]>(workingAreaKeys.structure(projectId), (list) =>
            list?.map((d) => (d.id === documentId ? { ...d, settings: answer.data } : d)),
          ),
        )
        // The switches go back to what is saved (spec 2: the danger toast, 7 s).
        .catch(() => notifyError(t('exportSettings.saveFailed')))
        .finally(() => {
          setSending(false);
          setWanted((w) => withoutSettled(w, patch));
        });
    }, SETTINGS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [current, wanted, sending, documentId, projectId, queryClient, t]);

  if (!document) return <ScreenLoader />;
  const shown: DocumentSettings = { ...current, ...wanted };
  const choose = <K extends SettingKey>(key: K, value: DocumentSettings[K]) =>
    setWanted((w) => {
      // Back to the saved value: nothing of it to send, and a later change by someone else shows.
      const { [key]: _dropped, ...rest } = w;
      return value === current[key] ? rest : { ...rest, [key]: value };
    });

  return (
    <ScrollArea h="100%" type="auto">
      <Stack gap="md" p="md">
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('exportSettings.ofDocument', { name: document.name })}
        </Text>
        {SWITCHES.map((key) => (
          <Switch
            key={key}
            label={t(labelKey(key))}
            checked={shown[key]}
            disabled={readOnly}
            onChange={(event) => choose(key, event.currentTarget.checked)}
          />
        ))}
        {alpha ? (
          // The section is named for what it is about (the requirements' revisions), its switch for the part it adds
          // to the document, like the switches above: both had said "Table of evolutions".
          <Stack
            gap="xs"
            pt="xs"
            role="group"
            aria-labelledby={evolutionsHeading}
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Group gap="xs">
              <Title order={3} fz="sm" fw={600} id={evolutionsHeading}>
                {t('exportSettings.evolutions')}
              </Title>
              <Badge size="xs" variant="light">
                {t('exportSettings.alpha')}
              </Badge>
            </Group>
            <Switch
              label={t(labelKey(ALPHA_DOCUMENT_SETTINGS[0]))}
              description={t('exportSettings.evolutionsHint')}
              checked={shown['export.tableOfEvolutions']}
              disabled={readOnly}
              onChange={(event) => choose('export.tableOfEvolutions', event.currentTarget.checked)}
            />
            <TextInput
              type="date"
              label={t(labelKey(ALPHA_DOCUMENT_SETTINGS[1]))}
              description={t('exportSettings.refDateHint')}
              disabled={readOnly || !shown['export.tableOfEvolutions']}
              value={shown['export.tableOfEvolutionsRefDate'] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                choose('export.tableOfEvolutionsRefDate', /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
              }}
            />
          </Stack>
        ) : null}
      </Stack>
    </ScrollArea>
  );
}
