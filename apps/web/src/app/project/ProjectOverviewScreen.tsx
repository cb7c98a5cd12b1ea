import { Badge, Box, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RichTextView } from '../../components/editor/RichTextView';
import { usePageTitle } from '../../components/usePageTitle';
import { ProjectSidePanels } from '../../features/side-panels/ProjectSidePanels';
import { GuidedTour } from '../../features/tours/GuidedTour';
import { projectTour } from '../../features/tours/projectTour';
import { OverviewDocuments } from '../../features/working-area-screens/OverviewDocuments';
import { ProjectContributors } from '../../features/projects/ProjectContributors';
import { useProject } from '../../features/projects/useProject';

/** The project overview (spec 2 §2): title with acronym, description, documents, contributors; the comments tab. */
export function ProjectOverviewScreen() {
  const { t } = useTranslation();
  const { project } = useProject();
  usePageTitle(project.name);
  return (
    <ProjectSidePanels>
      <Container size="xl" py="xl" px={{ base: 'md', sm: 'xl' }}>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="lg">
              <Box data-tour="project-title">
                <Group gap={6} mb={4} c="dimmed">
                  {project.owner.type === 'group' ? (
                    <IconUsersGroup size={16} stroke={1.6} />
                  ) : (
                    <IconUser size={16} stroke={1.6} />
                  )}
                  <Text fz="sm" c="dimmed">
                    {project.owner.name}
                  </Text>
                </Group>
                <Group gap="sm" align="center" wrap="wrap">
                  <Title order={1} fz={28} fw={650} style={{ overflowWrap: 'anywhere' }}>
                    {project.name}
                  </Title>
                  <Badge
                    size="lg"
                    variant="light"
                    radius="sm"
                    aria-label={t('project.overview.acronym', { acronym: project.acronym })}
                  >
                    {project.acronym}
                  </Badge>
                </Group>
              </Box>
              <section aria-label={t('project.overview.description')}>
                {project.description ? (
                  <RichTextView html={project.description} />
                ) : (
                  <Text c="dimmed" fz="sm" fs="italic">
                    {t('project.overview.noDescription')}
                  </Text>
                )}
              </section>
              <OverviewDocuments />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <ProjectContributors project={project} />
          </Grid.Col>
        </Grid>
        <GuidedTour tour={projectTour} />
      </Container>
    </ProjectSidePanels>
  );
}
