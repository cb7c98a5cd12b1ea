import { Box, Button, Container, EmptyState, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconTestPipe } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../../api/ApiError';
import { FormAlert } from '../../../components/FormAlert';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { errorMessage } from '../../../components/errorMessage';
import { usePageTitle } from '../../../components/usePageTitle';
import { useCan } from '../../projects/useCan';
import { useProject } from '../../projects/useProject';
import { useRequirement } from '../../working-area/api/useRequirement';
import { useWorkingAreaPaths } from '../../working-area/common/useWorkingAreaPaths';
import { useAlpha } from '../../user/useAlpha';
import { TestPicker } from './TestPicker';
import { TestPlayer } from './TestPlayer';

/**
 * The test player's route (spec 1 §2: playtest/:testId?): a test's player, or without one the choice of a test.
 * Alpha only, and an editor's (decisions §20: running a test records its results): anyone else is sent to the
 * project's overview, as for an unknown address.
 */
export function PlaytestScreen() {
  const { t } = useTranslation();
  const { testId } = useParams();
  const alpha = useAlpha();
  const canRun = useCan('editor');
  const paths = useWorkingAreaPaths();
  const { project } = useProject();
  usePageTitle(`${t('project.views.playtest')} · ${project.name}`);
  const id = Number(testId);
  if (alpha === null) return <ScreenLoader />;
  if (!alpha || !canRun) return <Navigate to={paths.overview} replace />;
  return (
    <Box p={{ base: 'md', md: 'lg' }} maw={1100}>
      {testId === undefined ? (
        <TestPicker />
      ) : Number.isInteger(id) && id > 0 ? (
        <LoadedPlayer key={id} testId={id} />
      ) : (
        <NotATest />
      )}
    </Box>
  );
}

function LoadedPlayer({ testId }: { testId: number }) {
  const { t } = useTranslation();
  const projectId = useProject().project.id;
  const query = useRequirement(projectId, testId);
  if (query.error instanceof ApiError && query.error.status === 404) return <NotATest />;
  if (query.error) return <FormAlert message={errorMessage(query.error, t)} />;
  if (!query.data) return <ScreenLoader />;
  if (query.data.type !== 'test') return <NotATest />;
  return <TestPlayer test={query.data} />;
}

/** An address that names no test of the project. */
function NotATest() {
  const { t } = useTranslation();
  const { project } = useProject();
  const paths = useWorkingAreaPaths();
  return (
    <Container size="sm" py={60}>
      <EmptyState
        size="md"
        icon={<IconTestPipe size={30} stroke={1.5} />}
        withIndicatorBackground
        title={
          <Title order={1} fz="inherit" fw="inherit" lh="inherit" c="inherit">
            {t('tests.player.notFound')}
          </Title>
        }
        description={t('tests.player.notFoundText', { project: project.name })}
      >
        <Stack align="center">
          <Button component={Link} to={paths.overview} variant="light" leftSection={<IconArrowLeft size={16} />}>
            {t('tests.player.backToProject')}
          </Button>
        </Stack>
      </EmptyState>
    </Container>
  );
}
