import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import { IconFolders, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/usePageTitle';
import { DashboardSection } from './DashboardSection';

export function DashboardScreen() {
  const { t } = useTranslation();
  usePageTitle(t('dashboard.title'));
  return (
    <Container size="xl" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <Stack gap={4} mb="xl">
        <Title order={1} fz={28} fw={650}>
          {t('dashboard.title')}
        </Title>
        <Text c="dimmed">{t('dashboard.subtitle')}</Text>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <DashboardSection
            id="my-projects"
            title={t('dashboard.projects.heading')}
            emptyTitle={t('dashboard.projects.emptyTitle')}
            emptyText={t('dashboard.projects.emptyText')}
            icon={<IconFolders size={28} stroke={1.5} />}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <DashboardSection
            id="my-groups"
            title={t('dashboard.groups.heading')}
            emptyTitle={t('dashboard.groups.emptyTitle')}
            emptyText={t('dashboard.groups.emptyText')}
            icon={<IconUsersGroup size={28} stroke={1.5} />}
          />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
