import { Suspense } from 'react';
import { Group } from '@mantine/core';
import { useLocation, useMatch } from 'react-router';
import { useSessionActive } from '../api/useSessionActive';
import { LanguageSelect } from '../components/LanguageSelect';
import { Logo } from '../components/Logo';
import { isPublicScreen } from './publicScreens';
import classes from './TopBar.module.css';
import { topBarParts } from './topBarParts';

// The user menu brings the menu and popover machinery; the login page, which has no user, does not load it.
const UserMenu = topBarParts.userMenu;
// Only inside a project: search room and the view toggle.
const ProjectTopBar = topBarParts.projectTopBar;

export function TopBar() {
  const active = useSessionActive();
  const { pathname } = useLocation();
  const inProject = useMatch('/project/:projectNamespace/:projectSlug/*') !== null;
  const signedOut = isPublicScreen(pathname) || !active;
  return (
    <Group h="100%" px={{ base: 'md', sm: 'xl' }} justify="space-between" wrap="nowrap" className={classes.gaps}>
      <Logo />
      {inProject && !signedOut ? (
        <Suspense fallback={null}>
          <ProjectTopBar />
        </Suspense>
      ) : null}
      {signedOut ? (
        <LanguageSelect />
      ) : (
        <Suspense fallback={null}>
          <UserMenu />
        </Suspense>
      )}
    </Group>
  );
}
