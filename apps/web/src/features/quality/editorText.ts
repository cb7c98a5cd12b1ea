import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

/**
 * The editor's own text as the quality check reads it (decisions §25, `qualityText` of the domain): textblock by
 * textblock, joined by '\n', a hard break a '\n', other inline leaves (images) nothing. `positions[i]` is the
 * document position of the text's character i, so that a finding's offsets map back to a range of the editor.
 */
export interface EditorText {
  text: string;
  positions: number[];
}

export function editorText(doc: ProseMirrorNode): EditorText {
  let text = '';
  const positions: number[] = [];
  let first = true;
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    if (!first) {
      // The separator stands just after the previous block's text: it maps to nowhere a finding ends inside.
      positions.push(pos);
      text += '\n';
    }
    first = false;
    node.forEach((child, offset) => {
      const start = pos + 1 + offset;
      if (child.isText) {
        const value = child.text ?? '';
        for (let i = 0; i < value.length; i++) positions.push(start + i);
        text += value;
      } else if (child.type.name === 'hardBreak') {
        positions.push(start);
        text += '\n';
      }
    });
    return false;
  });
  return { text, positions };
}

/** The editor range of the text's characters [start, end), or null when the offsets fall outside the text. */
export function rangeOf(mapped: EditorText, start: number, end: number): { from: number; to: number } | null {
  if (start < 0 || end <= start || end > mapped.positions.length) return null;
  return { from: mapped.positions[start]!, to: mapped.positions[end - 1]! + 1 };
}

/** The text offset of an editor position (the first character at or after it), for the caret's finding. */
export function offsetOf(mapped: EditorText, pos: number): number {
  let low = 0;
  let high = mapped.positions.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (mapped.positions[middle]! < pos) low = middle + 1;
    else high = middle;
  }
  return low;
}
