import { Group, Stack, Text } from '@mantine/core';
import type { QualityFindingPresented, QualityLanguage } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import type { QualityEngine } from './qualityEngine';
import { SeverityMark } from './SeverityMark';

interface FindingExplanationProps {
  engine: QualityEngine;
  finding: Pick<QualityFindingPresented, 'rule' | 'severity' | 'text'>;
  /** The requirement's language: the rule's own words come from the domain in it (decisions §25). */
  language: QualityLanguage;
}

/** What a finding means: the rule's message and explanation, its severity and its INCOSE or EARS reference. */
export function FindingExplanation({ engine, finding, language }: FindingExplanationProps) {
  const { t } = useTranslation();
  const rule = engine.QUALITY_RULES[finding.rule];
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap" align="baseline">
        <SeverityMark severity={finding.severity} />
        <Text fz="sm" fw={600} lang={language}>
          {rule.message[language]}
        </Text>
        <Text fz="xs" c="dimmed" lang={language}>
          {t('quality.quoted', { text: finding.text, interpolation: { escapeValue: false } })}
        </Text>
      </Group>
      <Text fz="sm" lang={language}>
        {rule.explanation[language]}
      </Text>
      <Text fz="xs" c="dimmed">
        {t('quality.reference', { reference: rule.reference })}
      </Text>
    </Stack>
  );
}
