import { useEffect, useId } from 'react';
import { Paper, Portal } from '@mantine/core';
import type { Editor } from '@tiptap/core';
import { FindingExplanation } from './FindingExplanation';
import { useFindingHint } from './useFindingHint';
import { loadedQualityEngine } from './qualityEngine';

/**
 * The explanation of the finding under the pointer or the caret, drawn under it. The editing area is described by
 * it while it shows (aria-describedby), so a screen reader says it when the caret enters a finding.
 */
export function QualityHint({ editor }: { editor: Editor | null }) {
  const active = useFindingHint(editor);
  const id = useId();
  const engine = loadedQualityEngine();

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const dom = editor.view.dom;
    if (active) dom.setAttribute('aria-describedby', id);
    else dom.removeAttribute('aria-describedby');
    return () => dom.removeAttribute('aria-describedby');
  }, [editor, active, id]);

  if (!active || !engine) return null;
  return (
    <Portal>
      <Paper
        id={id}
        role="tooltip"
        data-quality-hint={active.finding.rule}
        shadow="md"
        withBorder
        p="xs"
        maw={360}
        style={{
          position: 'fixed',
          left: Math.max(8, Math.min(active.left, window.innerWidth - 368)),
          top: active.top + 6,
          zIndex: 400,
          pointerEvents: 'none',
        }}
      >
        <FindingExplanation engine={engine} finding={active.finding} language={active.language} />
      </Paper>
    </Portal>
  );
}
