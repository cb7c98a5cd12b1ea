import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { useProject } from '../../projects/useProject';
import { useStructure } from '../../working-area/api/useStructure';
import { InfoAlert } from '../../working-area/common/InfoAlert';
import { useProjectTests } from '../api/useProjectTests';
import { usePlaytestPath } from '../api/usePlaytestPath';

/** The player without a test: the project's tests, document by document, each one click from its run. */
export function TestPicker() {
  const { t } = useTranslation();
  const projectId = useProject().project.id;
  const documents = useStructure(projectId).data ?? [];
  const { tests, loading } = useProjectTests(projectId);
  const playtest = usePlaytestPath();
  if (loading) return <ScreenLoader />;
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {t('tests.player.chooseTitle')}
      </Title>
      {tests.length === 0 ? <InfoAlert>{t('tests.player.noTests')}</InfoAlert> : null}
      {documents.map((document) => {
        const own = tests.filter((test) => test.document_id === document.id);
        if (own.length === 0) return null;
        return (
          <Paper key={document.id} withBorder radius="md" p="md" component="section">
            <Title order={2} fz="md" mb="xs">
              {document.name}
            </Title>
            <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {own.map((test) => (
                <Group key={test.id} component="li" gap="xs" wrap="nowrap">
                  <IconPlayerPlay size={14} aria-hidden />
                  <Anchor component={Link} to={playtest(test.id)} fz="sm">
                    <Text span ff="monospace" fw={600} fz="xs" mr={8}>
                      {test.reference}
                    </Text>
                    {test.name}
                  </Anchor>
                  <Text fz="xs" c="dimmed">
                    {t('tests.stepCount', { count: test.steps?.length ?? 0 })}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
