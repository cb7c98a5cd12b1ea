import { useEffect, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { qualityKey, type PlacedFinding } from './qualityHighlights';
import type { QualityLanguage } from '@reqloom/domain';

export interface ActiveFinding {
  finding: PlacedFinding;
  language: QualityLanguage;
  /** Where to draw the explanation: under the finding's start, in the viewport. */
  left: number;
  top: number;
  /** Shown because the caret is in it (keyboard) rather than under the pointer. */
  byCaret: boolean;
}

/**
 * The finding the person points at or has the caret in (decisions §25: hovering or focusing a finding explains
 * it). The pointer wins while it is over a finding; otherwise the caret's finding, if any.
 */
export function useFindingHint(editor: Editor | null): ActiveFinding | null {
  const [hovered, setHovered] = useState<ActiveFinding | null>(null);
  const [atCaret, setAtCaret] = useState<ActiveFinding | null>(null);

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const dom = editor.view.dom;
    const place = (index: number, byCaret: boolean, element?: Element): ActiveFinding | null => {
      const state = qualityKey.getState(editor.state);
      const finding = state?.findings[index];
      if (!state || !finding) return null;
      const rect = element?.getBoundingClientRect() ?? editor.view.coordsAtPos(finding.from);
      return { finding, language: state.language, left: rect.left, top: rect.bottom, byCaret };
    };
    const over = (event: MouseEvent) => {
      const element = (event.target as Element).closest?.('[data-quality-finding]');
      setHovered(element ? place(Number(element.getAttribute('data-quality-finding')), false, element) : null);
    };
    const leave = () => setHovered(null);
    const caret = () => {
      const state = qualityKey.getState(editor.state);
      const { from, to } = editor.state.selection;
      const index = editor.isFocused && state ? state.findings.findIndex((f) => f.from <= from && to <= f.to) : -1;
      setAtCaret(index < 0 ? null : place(index, true));
    };
    dom.addEventListener('mouseover', over);
    dom.addEventListener('mouseleave', leave);
    editor.on('transaction', caret);
    editor.on('focus', caret);
    editor.on('blur', caret);
    return () => {
      dom.removeEventListener('mouseover', over);
      dom.removeEventListener('mouseleave', leave);
      editor.off('transaction', caret);
      editor.off('focus', caret);
      editor.off('blur', caret);
    };
  }, [editor]);

  return hovered ?? atCaret;
}
