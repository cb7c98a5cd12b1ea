import { lazy, Suspense } from 'react';
import { Group } from '@mantine/core';
import { useLocation } from 'react-router';
import { useSessionActive } from '../api/useSessionActive';
import { LanguageSelect } from '../components/LanguageSelect';
import { Logo } from '../components/Logo';
import { isPublicScreen } from './publicScreens';

// The user menu brings the menu and popover machinery; the login page, which has no user, does not load it.
const UserMenu = lazy(async () => ({ default: (await import('./UserMenu')).UserMenu }));

export function TopBar() {
  const active = useSessionActive();
  const { pathname } = useLocation();
  return (
    <Group h="100%" px={{ base: 'md', sm: 'xl' }} justify="space-between" wrap="nowrap">
      <Logo />
      {isPublicScreen(pathname) || !active ? (
        <LanguageSelect />
      ) : (
        <Suspense fallback={null}>
          <UserMenu />
        </Suspense>
      )}
    </Group>
  );
}
