import { Suspense } from 'react';
import { Container, Grid, NavLink, Paper, Title } from '@mantine/core';
import { IconAdjustments, IconApps, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { ScreenLoader } from '../../components/ScreenLoader';

const SECTIONS = [
  { path: '/user/profile', label: 'nav.profile', icon: IconUser },
  { path: '/user/preferences', label: 'nav.preferences', icon: IconAdjustments },
  { path: '/user/applications', label: 'nav.applications', icon: IconApps },
] as const;

/** The user settings: a sidebar of the three sections beside the chosen one. */
export function UserSettingsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Container size="lg" py="xl">
      <Title order={1} fz={28} fw={650} mb="xl">
        {t('user.settings')}
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Paper component="nav" aria-label={t('user.settingsNav')} withBorder radius="md" p={6}>
            {SECTIONS.map(({ path, label, icon: Icon }) => (
              <NavLink
                key={path}
                component={Link}
                to={path}
                label={t(label)}
                active={pathname === path}
                aria-current={pathname === path ? 'page' : undefined}
                leftSection={<Icon size={18} stroke={1.6} />}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              />
            ))}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <Suspense fallback={<ScreenLoader />}>
            <Outlet />
          </Suspense>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
