import { useState } from 'react';
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import {
  QUALITY_RULE_IDS,
  type ProjectPresented,
  type ProjectSettings,
  type QualityLanguage,
  type QualityRuleId,
} from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { FormAlert } from '../../../components/FormAlert';
import { errorMessage } from '../../../components/errorMessage';
import { useSaveProjectSettings } from './useSaveProjectSettings';
import { useQualityEngine } from '../../quality/useQualityEngine';

interface QualitySettingsFormProps {
  project: ProjectPresented;
  settings: ProjectSettings;
  /** A maintainer's (decisions §20): any other member sees the rules, switches off. */
  canChange: boolean;
}

/**
 * Project settings → Quality (decisions §25): a switch per rule, with its message and its INCOSE or EARS reference,
 * in the interface's language. Saving writes the rules turned off (`settings.quality.disabled`).
 */
export function QualitySettingsForm({ project, settings, canChange }: QualitySettingsFormProps) {
  const { t, i18n } = useTranslation();
  const engine = useQualityEngine();
  const saved = settings.quality?.disabled ?? [];
  const savedKey = [...saved].sort().join(',');
  const [draft, setDraft] = useState<{ from: string; disabled: ReadonlySet<QualityRuleId> }>(() => ({
    from: savedKey,
    disabled: new Set(saved),
  }));
  // The saved rules changed (saved here or by another maintainer): the switches follow them.
  if (draft.from !== savedKey) setDraft({ from: savedKey, disabled: new Set(saved) });
  const [alert, setAlert] = useState<string | null>(null);
  const save = useSaveProjectSettings(project);
  const dirty = [...draft.disabled].sort().join(',') !== savedKey;
  const language: QualityLanguage = i18n.language.startsWith('fr') ? 'fr' : 'en';

  if (!engine) return <ScreenLoader />;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setAlert(null);
        const disabled = QUALITY_RULE_IDS.filter((id) => draft.disabled.has(id));
        save.mutate({ quality: { disabled } }, { onError: (error) => setAlert(errorMessage(error, t)) });
      }}
    >
      <Stack gap="md">
        <FormAlert title={t('project.settings.saveFailed')} message={alert} />
        <Text fz="sm" c="dimmed">
          {t('quality.settings.intro')}
        </Text>
        {canChange ? null : (
          <Text fz="sm" role="note">
            {t('quality.settings.maintainerOnly')}
          </Text>
        )}
        <Stack gap="xs" role="group" aria-label={t('quality.settings.rules')}>
          {QUALITY_RULE_IDS.map((id) => {
            const rule = engine.QUALITY_RULES[id];
            return (
              <Switch
                key={id}
                data-rule={id}
                checked={!draft.disabled.has(id)}
                disabled={!canChange}
                aria-label={t('quality.settings.enabled', { message: rule.message[language] })}
                label={rule.message[language]}
                description={`${rule.reference} · ${t(`quality.severity.${rule.severity}`)}`}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setDraft((current) => {
                    const disabled = new Set(current.disabled);
                    if (on) disabled.delete(id);
                    else disabled.add(id);
                    return { ...current, disabled };
                  });
                }}
              />
            );
          })}
        </Stack>
        {canChange ? (
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              {t('project.settings.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
