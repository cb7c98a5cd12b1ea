import type { ReactNode } from 'react';
import { Button, Container, Grid, Stack, Text, Title } from '@mantine/core';
import { IconFolders, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenLoader } from '../../components/ScreenLoader';
import { usePageTitle } from '../../components/usePageTitle';
import { useMyGroups } from '../groups/useMyGroups';
import { useMyProjects } from '../projects/useMyProjects';
import { dashboardTour } from '../tours/dashboardTour';
import { GuidedTour } from '../tours/GuidedTour';
import { DashboardEmpty } from './DashboardEmpty';
import { DashboardError } from './DashboardError';
import { DashboardSection } from './DashboardSection';
import { GroupsTable } from './GroupsTable';
import { ProjectsTable } from './ProjectsTable';

export function DashboardScreen() {
  const { t } = useTranslation();
  usePageTitle(t('dashboard.title'));
  const projects = useMyProjects();
  const groups = useMyGroups();

  let projectsContent: ReactNode;
  if (projects.error) projectsContent = <DashboardError error={projects.error} />;
  else if (!projects.data) projectsContent = <ScreenLoader />;
  else if (projects.data.length === 0)
    projectsContent = (
      <DashboardEmpty
        title={t('dashboard.projects.emptyTitle')}
        text={t('dashboard.projects.emptyText')}
        icon={<IconFolders size={28} stroke={1.5} />}
      />
    );
  else projectsContent = <ProjectsTable projects={projects.data} />;

  let groupsContent: ReactNode;
  if (groups.error) groupsContent = <DashboardError error={groups.error} />;
  else if (!groups.data) groupsContent = <ScreenLoader />;
  else if (groups.data.length === 0)
    groupsContent = (
      <DashboardEmpty
        title={t('dashboard.groups.emptyTitle')}
        text={t('dashboard.groups.emptyText')}
        icon={<IconUsersGroup size={28} stroke={1.5} />}
      />
    );
  else groupsContent = <GroupsTable groups={groups.data} />;

  return (
    <Container size="xl" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <Stack gap={4} mb="xl">
        <Title order={1} fz={28} fw={650}>
          {t('dashboard.title')}
        </Title>
        <Text c="dimmed">{t('dashboard.subtitle')}</Text>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <DashboardSection
            id="my-projects"
            tourId="dashboard-projects"
            title={t('dashboard.projects.heading')}
            count={projects.data?.length}
            action={
              <Button
                component={Link}
                to="/projects/new"
                size="sm"
                leftSection={<IconPlus size={16} />}
                data-tour="dashboard-new-project"
              >
                {t('dashboard.projects.new')}
              </Button>
            }
          >
            {projectsContent}
          </DashboardSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <DashboardSection
            id="my-groups"
            tourId="dashboard-groups"
            title={t('dashboard.groups.heading')}
            count={groups.data?.length}
            action={
              <Button
                component={Link}
                to="/groups/new"
                size="sm"
                variant="default"
                leftSection={<IconPlus size={16} />}
                data-tour="dashboard-new-group"
              >
                {t('dashboard.groups.new')}
              </Button>
            }
          >
            {groupsContent}
          </DashboardSection>
        </Grid.Col>
      </Grid>
      <GuidedTour tour={dashboardTour} />
    </Container>
  );
}
