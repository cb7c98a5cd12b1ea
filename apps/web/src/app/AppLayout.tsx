import { Suspense } from 'react';
import { Box } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { ScreenLoader } from '../components/ScreenLoader';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { TopBar } from './TopBar';
import classes from './AppLayout.module.css';

/** The top bar over every screen; a plain sticky header rather than AppShell, which the first page would pay for. */
export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <div className={classes.root}>
      <Box component="header" className={classes.header}>
        <TopBar />
      </Box>
      <main className={classes.main}>
        <ScreenErrorBoundary key={pathname}>
          <Suspense fallback={<ScreenLoader />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
    </div>
  );
}
