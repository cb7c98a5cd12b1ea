import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { CollaborativeDescriptionProps } from './CollaborativeDescription';

// The editor, Yjs and the provider load with the first requirement view, not with the app.
const CollaborativeDescription = lazy(async () => ({
  default: (await import('./CollaborativeDescription')).CollaborativeDescription,
}));

export function LazyCollaborativeDescription(props: CollaborativeDescriptionProps) {
  return (
    <Suspense fallback={<Skeleton height={(props.minHeight ?? 180) + 42} radius="sm" />}>
      <CollaborativeDescription {...props} />
    </Suspense>
  );
}
