import { Suspense } from 'react';
import { Box } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { ScreenLoader } from '../components/ScreenLoader';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { TopBar } from './TopBar';
import classes from './AppLayout.module.css';

/**
 * A screen's key for its error boundary: moving elsewhere starts afresh. Inside a project the key is the project's
 * address, so that moving between its views keeps the project shell (and its subscriptions) mounted; the shell has
 * its own boundary around each view.
 */
function screenKey(pathname: string): string {
  return /^\/project\/[^/]+\/[^/]+/.exec(pathname)?.[0] ?? pathname;
}

/** The top bar over every screen; a plain sticky header rather than AppShell, which the first page would pay for. */
export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <div className={classes.root}>
      <SkipLink />
      <Box component="header" className={classes.header}>
        <TopBar />
      </Box>
      {/* Focusable by script only (tabIndex -1): the skip link's target, never a stop of the Tab key. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <ScreenErrorBoundary key={screenKey(pathname)}>
          <Suspense fallback={<ScreenLoader />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
    </div>
  );
}
