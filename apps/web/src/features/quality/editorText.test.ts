// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { richTextExtensions } from '@reqloom/rich-text';
import * as engine from '@reqloom/domain/quality';
import { editorText, offsetOf, rangeOf } from './editorText';
import { placeFindings, QualityHighlights, qualityKey, refreshQuality } from './qualityHighlights';

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  editor = undefined;
});

function makeEditor(content: string, withHighlights = false) {
  const source = { current: { engine, name: 'The pump', disabled: [] as never[] } };
  editor = new Editor({
    element: document.createElement('div'),
    extensions: [
      ...richTextExtensions(),
      ...(withHighlights ? [QualityHighlights.configure({ source: () => source.current })] : []),
    ],
    content,
  });
  return { editor, source };
}

/** The editor's text between two positions, as the person sees it. */
const between = (e: Editor, from: number, to: number) => e.state.doc.textBetween(from, to);

describe('the editor text the quality rules read', () => {
  it('joins blocks with a newline and keeps a hard break as one, as the server’s qualityText does', () => {
    const html =
      '<h2>Start</h2><p>The pump <strong>shall</strong> start<br>within TBD s.</p><ul><li><p>one</p></li></ul>';
    const { editor: e } = makeEditor(html);
    const mapped = editorText(e.state.doc);
    expect(mapped.text).toBe('Start\nThe pump shall start\nwithin TBD s.\none');
    expect(mapped.positions).toHaveLength(mapped.text.length);
    // Simple blocks agree with the server's text, character for character.
    expect(engine.qualityText('<h2>Start</h2><p>The pump <strong>shall</strong> start<br>within TBD s.</p>')).toBe(
      'Start\nThe pump shall start\nwithin TBD s.',
    );
  });

  it('maps every offset of a word back to the same word in the editor, across marks and blocks', () => {
    const { editor: e } = makeEditor('<p>First</p><p>The <em>pump</em> shall start within TBD s.</p>');
    const mapped = editorText(e.state.doc);
    for (const word of ['First', 'pump', 'TBD', 'The pump shall']) {
      const start = mapped.text.indexOf(word);
      const range = rangeOf(mapped, start, start + word.length)!;
      expect(between(e, range.from, range.to)).toBe(word);
      expect(offsetOf(mapped, range.from)).toBe(start);
    }
  });

  it('refuses offsets outside the text or empty ranges', () => {
    const { editor: e } = makeEditor('<p>abc</p>');
    const mapped = editorText(e.state.doc);
    expect(rangeOf(mapped, 0, 4)).toBeNull();
    expect(rangeOf(mapped, 2, 2)).toBeNull();
    expect(rangeOf(mapped, -1, 1)).toBeNull();
    expect(rangeOf(mapped, 0, 3)).toEqual({ from: 1, to: 4 });
  });

  it('places the findings of the description on their words, and leaves the name’s out', () => {
    const { editor: e, source } = makeEditor('<p>Intro</p><p>The limit shall stay <strong>TBD</strong> and TBC.</p>');
    const placed = placeFindings(e.state.doc, { ...source.current, name: 'Name TBD' })!;
    expect(placed.findings.map((f) => between(e, f.from, f.to))).toEqual(['TBD', 'TBC']);
    expect(placed.findings.every((f) => f.field === 'description')).toBe(true);
    expect(placeFindings(e.state.doc, { ...source.current, engine: null })).toBeNull();
    expect(placeFindings(e.state.doc, { ...source.current, disabled: ['tbd'] })!.findings).toEqual([]);
  });
});

describe('the quality decorations', () => {
  it('underline the findings without changing the document, and follow the text as it changes', () => {
    const { editor: e } = makeEditor('<p>The range shall be TBD.</p>', true);
    const before = e.getHTML();
    const marked = () => [...e.view.dom.querySelectorAll('.quality-finding')].map((n) => n.textContent);
    expect(marked()).toEqual(['TBD']);
    expect(e.view.dom.querySelector('.quality-finding')!.getAttribute('data-severity')).toBe('warning');
    // A decoration, never a mark: the HTML (what the server and the other editors get) is as it was.
    expect(e.getHTML()).toBe(before);
    // Text typed before the finding moves it, at once (mapped), before the next pass.
    e.commands.insertContentAt(1, 'Now ');
    const state = qualityKey.getState(e.state)!;
    expect(state.findings.map((f) => between(e, f.from, f.to))).toEqual(['TBD']);
    expect(marked()).toEqual(['TBD']);
  });

  it('finds new ones on a refresh, and drops those of a rule turned off', () => {
    const { editor: e, source } = makeEditor('<p>The range shall be open.</p>', true);
    expect(qualityKey.getState(e.state)!.findings).toEqual([]);
    e.commands.insertContentAt(e.state.doc.content.size - 1, ' TBC');
    refreshQuality(e);
    expect(qualityKey.getState(e.state)!.findings.map((f) => f.text)).toEqual(['TBC']);
    source.current = { ...source.current, disabled: ['tbd'] as never[] };
    refreshQuality(e);
    expect(qualityKey.getState(e.state)!.findings).toEqual([]);
  });
});
