import { Group, List, RingProgress, Stack, Text, Title } from '@mantine/core';
import type { QualityRuleId, RequirementPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { ScreenLoader } from '../../components/ScreenLoader';
import { FindingExplanation } from './FindingExplanation';
import { scoreColor } from './scoreColor';
import { useQualityEngine } from './useQualityEngine';
import { useRequirementQuality } from './useRequirementQuality';

/**
 * The Quality tab of a requirement (decisions §25): its score and each finding explained, name first, as the
 * editor underlines them (the same check over the same text, updated while someone types).
 */
export function QualityPanel({
  requirement,
  disabled,
}: {
  requirement: RequirementPresented;
  /** The rules the project turned off. */
  disabled: readonly QualityRuleId[];
}) {
  const { t } = useTranslation();
  const engine = useQualityEngine();
  const result = useRequirementQuality(requirement, disabled);
  if (!engine || !result) return <ScreenLoader />;
  return (
    <Stack gap="md" data-quality-panel>
      <Group gap="sm" wrap="nowrap">
        <RingProgress
          size={64}
          thickness={6}
          roundCaps
          sections={[{ value: result.score, color: scoreColor(result.score) }]}
          label={
            <Text ta="center" fz="sm" fw={700}>
              {result.score}
            </Text>
          }
          aria-hidden
        />
        <Stack gap={0}>
          <Text fz="sm" fw={600} data-quality-score={result.score}>
            {t('quality.scoreLine', { score: result.score })}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('quality.findings', { count: result.findings.length })} ·{' '}
            {t('quality.rulesLanguage', { language: t(`quality.languages.${result.language}`) })}
          </Text>
        </Stack>
      </Group>
      {result.findings.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('quality.noFindings')}
        </Text>
      ) : (
        (['name', 'description'] as const).map((field) => {
          const findings = result.findings.filter((f) => f.field === field);
          if (findings.length === 0) return null;
          return (
            <Stack key={field} gap={6}>
              <Title order={3} fz="sm" fw={650}>
                {t(`quality.field.${field}`)}
              </Title>
              <List listStyleType="none" spacing="sm" aria-label={t(`quality.field.${field}`)}>
                {findings.map((finding) => (
                  <List.Item key={`${finding.rule}-${finding.start}`} data-finding-rule={finding.rule}>
                    <FindingExplanation engine={engine} finding={finding} language={result.language} />
                  </List.Item>
                ))}
              </List>
            </Stack>
          );
        })
      )}
      <Text fz="xs" c="dimmed">
        {t('quality.live')}
      </Text>
    </Stack>
  );
}
