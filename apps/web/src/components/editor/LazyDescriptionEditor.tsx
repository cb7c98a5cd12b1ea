import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { DescriptionEditorProps } from './DescriptionEditor';

// TipTap and ProseMirror weigh more than the screens that show descriptions: they load with the first editor.
const DescriptionEditor = lazy(async () => ({ default: (await import('./DescriptionEditor')).DescriptionEditor }));

/** The description editor, loaded on first use; a placeholder of its size meanwhile. */
export function LazyDescriptionEditor(props: DescriptionEditorProps) {
  return (
    <Suspense fallback={<Skeleton height={(props.minHeight ?? 140) + 42} radius="sm" />}>
      <DescriptionEditor {...props} />
    </Suspense>
  );
}
