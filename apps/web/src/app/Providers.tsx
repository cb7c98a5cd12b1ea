import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { isSessionActive, subscribeSession } from '../api/session';
import { startSessionClock } from '../api/sessionClock';
import { queryClient } from './queryClient';
import { cssVariablesResolver, theme } from './theme';

// The toasts' container (and its transitions) loads after the first page; a toast raised before it is kept in
// the notifications store and shows as soon as the container mounts.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

interface ProvidersProps {
  children: ReactNode;
}

export function Providers({ children }: ProvidersProps) {
  useEffect(() => startSessionClock(), []);
  // Whatever ends the session (logout, expiry, a 401, another tab) must not leave the last user's data cached.
  useEffect(
    () =>
      subscribeSession(() => {
        if (!isSessionActive()) queryClient.clear();
      }),
    [],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Notifications position="bottom-right" />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
