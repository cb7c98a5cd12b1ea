import { Button, Container, EmptyState, Title } from '@mantine/core';
import { IconArrowLeft, IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';
import { projectPath } from './projectPaths';
import { useProject } from './useProject';

/** The test player comes with a later change; its route already leads here. */
export function ComingSoonScreen() {
  const { t } = useTranslation();
  const { project } = useProject();
  const view = t('project.views.playtest');
  usePageTitle(`${view} · ${project.name}`);
  return (
    <Container size="sm" py={80}>
      <EmptyState
        size="md"
        icon={<IconHourglassHigh size={30} stroke={1.5} />}
        withIndicatorBackground
        // The page's one heading, in the empty state's own type size.
        title={
          <Title order={1} fz="inherit" fw="inherit" lh="inherit" c="inherit">
            {t('project.comingSoon.title', { view })}
          </Title>
        }
        description={t('project.comingSoon.text')}
      >
        <Button
          component={Link}
          to={projectPath(project.namespace, project.slug)}
          variant="light"
          leftSection={<IconArrowLeft size={16} />}
          mt="md"
        >
          {t('project.comingSoon.back')}
        </Button>
      </EmptyState>
    </Container>
  );
}
