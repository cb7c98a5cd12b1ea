import { useMemo } from 'react';
import { Anchor, Button, Container, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { QUALITY_RULE_IDS, type QualityLanguage } from '@reqloom/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { ScreenLoader } from '../../components/ScreenLoader';
import { usePageTitle } from '../../components/usePageTitle';
import { useDisabledRules } from '../projects/useDisabledRules';
import { useProject } from '../projects/useProject';
import { useDocumentQuality } from '../quality/qualityApi';
import { SeverityMark } from '../quality/SeverityMark';
import { useQualityEngine } from '../quality/useQualityEngine';
import { useStructure } from '../working-area/api/useStructure';
import { useWorkingAreaPaths } from '../working-area/common/useWorkingAreaPaths';
import { WorstRequirements } from './WorstRequirements';

/**
 * A document's quality (decisions §25): its mean score, its requirements worst first (each opens), and its
 * findings counted by rule.
 */
export function DocumentQualityScreen() {
  const { t, i18n } = useTranslation();
  const { project } = useProject();
  const documentId = Number(useParams().documentId);
  const paths = useWorkingAreaPaths();
  const structure = useStructure(project.id);
  const document = structure.data?.find((d) => d.id === documentId);
  const disabled = useDisabledRules();
  const quality = useDocumentQuality(
    project.id,
    Number.isInteger(documentId) ? documentId : undefined,
    disabled.join(','),
  );
  const engine = useQualityEngine();
  const language: QualityLanguage = i18n.language.startsWith('fr') ? 'fr' : 'en';
  usePageTitle(t('quality.document.pageTitle', { name: document?.name ?? '' }));
  const byRule = useMemo(() => QUALITY_RULE_IDS.filter((id) => (quality.data?.by_rule[id] ?? 0) > 0), [quality.data]);

  if (quality.error) return <FormAlert message={errorMessage(quality.error, t)} />;
  if (!quality.data || !engine) return <ScreenLoader />;
  const data = quality.data;
  return (
    <Container size="lg" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Anchor component={Link} to={paths.document(documentId)} fz="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('quality.document.back')}
          </Group>
        </Anchor>
        <Stack gap={4}>
          <Title order={1} fz={28} fw={650}>
            {t('quality.document.pageTitle', { name: document?.name ?? '' })}
          </Title>
          <Text c="dimmed">{t('quality.document.subtitle', { name: document?.name ?? '' })}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Paper withBorder p="md" radius="md">
            <Text fz="sm" c="dimmed" id="quality-mean-label">
              {t('quality.document.mean')}
            </Text>
            <Text fz={40} fw={700} aria-labelledby="quality-mean-label" data-mean-score={data.mean_score}>
              {data.mean_score.toLocaleString(i18n.language)}
            </Text>
            <Text fz="sm" c="dimmed">
              {t('quality.document.requirements', { count: data.requirements.length })}
            </Text>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="md" fw={650} mb="xs">
              {t('quality.document.byRule')}
            </Title>
            {byRule.length === 0 ? (
              <Text fz="sm" c="dimmed">
                {t('quality.document.noFindings')}
              </Text>
            ) : (
              <Table aria-label={t('quality.document.byRule')} verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('quality.document.rule')}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{t('quality.document.count')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {byRule.map((id) => {
                    const rule = engine.QUALITY_RULES[id];
                    return (
                      <Table.Tr key={id} data-rule={id}>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <SeverityMark severity={rule.severity} />
                            <Text fz="sm">{rule.message[language]}</Text>
                            <Text fz="xs" c="dimmed">
                              {rule.reference}
                            </Text>
                          </Group>
                        </Table.Td>
                        <Table.Td style={{ textAlign: 'right' }} fz="sm">
                          {data.by_rule[id]}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        </SimpleGrid>
        <Stack gap="xs">
          <Title order={2} fz="lg" fw={650}>
            {t('quality.document.worst')}
          </Title>
          {data.requirements.length === 0 ? (
            <Text c="dimmed">{t('quality.document.none')}</Text>
          ) : (
            <WorstRequirements requirements={data.requirements} pathOf={paths.requirement} engine={engine} />
          )}
        </Stack>
        <Group>
          <Button component={Link} to={paths.document(documentId)} variant="default" size="xs">
            {t('quality.document.back')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
