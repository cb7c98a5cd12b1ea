import { Extension } from '@tiptap/core';
import type { Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import type { QualityFindingPresented, QualityLanguage, QualityRuleId } from '@reqloom/domain';
import type { QualityEngine } from './qualityEngine';
import { editorText, rangeOf } from './editorText';
import './qualityHighlights.css';

/** Typing is checked this long after the last keystroke: a pass costs little, but not one per key of a burst. */
export const QUALITY_DEBOUNCE_MS = 120;

/** What a pass reads besides the document; the editor's owner keeps it current (a ref, read at each pass). */
export interface QualitySource {
  engine: QualityEngine | null;
  /** The requirement's name: the language follows the whole text, name included. */
  name: string;
  disabled: readonly QualityRuleId[];
  /** Told the text of every pass (the name's underlines and the panel read it). */
  onText?: (text: string) => void;
}

/** A holder of the source that the editor's owner writes (in an effect) and each pass reads. */
export function qualitySourceHolder(initial: QualitySource) {
  let current = initial;
  return {
    read: () => current,
    write: (next: QualitySource) => {
      current = next;
    },
  };
}

/** A finding of the description, where it lies in the editor now. */
export interface PlacedFinding extends QualityFindingPresented {
  from: number;
  to: number;
}

export interface QualityState {
  decorations: DecorationSet;
  findings: PlacedFinding[];
  language: QualityLanguage;
}

export const qualityKey = new PluginKey<QualityState>('quality');

/** The findings of a document's text, placed in the editor (pure: the tests drive it with a document). */
export function placeFindings(
  doc: ProseMirrorNode,
  source: QualitySource,
): { findings: PlacedFinding[]; language: QualityLanguage; text: string } | null {
  if (!source.engine) return null;
  const mapped = editorText(doc);
  const result = source.engine.checkRequirement(
    { name: source.name, description: mapped.text },
    { disabled: source.disabled },
  );
  const findings: PlacedFinding[] = [];
  for (const finding of result.findings) {
    if (finding.field !== 'description') continue;
    const range = rangeOf(mapped, finding.start, finding.end);
    if (range) findings.push({ ...finding, ...range });
  }
  return { findings, language: result.language, text: mapped.text };
}

function decorate(doc: ProseMirrorNode, findings: readonly PlacedFinding[]): DecorationSet {
  return DecorationSet.create(
    doc,
    findings.map((finding, index) =>
      // A decoration, not a mark: the shared (Yjs) document never sees it, nor the HTML written back.
      Decoration.inline(finding.from, finding.to, {
        class: 'quality-finding',
        'data-quality-finding': String(index),
        'data-severity': finding.severity,
        'data-rule': finding.rule,
      }),
    ),
  );
}

/** The name of the passes' User Timing entries, which the browser bench reads (bench/src/browser-quality.ts). */
export const QUALITY_MEASURE = 'reqloom.quality-check';
const MEASURES_KEPT = 1000;
let measures = 0;

/** Records a pass's time as a User Timing measure (a few bytes each; the oldest dropped past MEASURES_KEPT). */
function noteCheck(started: number): void {
  if (++measures > MEASURES_KEPT) {
    performance.clearMeasures(QUALITY_MEASURE);
    measures = 1;
  }
  performance.measure(QUALITY_MEASURE, { start: started, end: performance.now() });
}

/** Asks for a pass now (the engine loaded, the name or the project's rules changed). */
export function refreshQuality(editor: Editor): void {
  if (editor.isDestroyed) return;
  editor.view.dispatch(editor.state.tr.setMeta(qualityKey, 'refresh').setMeta('addToHistory', false));
}

/**
 * Underlines the description's findings (decisions §25) as the person types: inline decorations over the editor's
 * own text, recomputed a moment after the document changes, and mapped through each change meanwhile so that
 * they stay on their words.
 */
// The source is a function: TipTap copies plain option objects when it configures an extension, so a ref given
// as it is would be read as it was at the start.
export const QualityHighlights = Extension.create<{ source: () => QualitySource }>({
  name: 'qualityHighlights',
  addOptions() {
    return { source: () => ({ engine: null, name: '', disabled: [] }) };
  },
  addProseMirrorPlugins() {
    const source = this.options.source;
    const compute = (state: EditorState): QualityState | null => {
      const started = performance.now();
      const current = source();
      const placed = placeFindings(state.doc, current);
      if (!placed) return null;
      current.onText?.(placed.text);
      const next = {
        decorations: decorate(state.doc, placed.findings),
        findings: placed.findings,
        language: placed.language,
      };
      noteCheck(started);
      return next;
    };
    return [
      new Plugin<QualityState>({
        key: qualityKey,
        state: {
          init: (_, state) => compute(state) ?? { decorations: DecorationSet.empty, findings: [], language: 'en' },
          apply(tr, previous, _old, state) {
            const meta = tr.getMeta(qualityKey) as QualityState | 'refresh' | undefined;
            if (meta === 'refresh') return compute(state) ?? previous;
            if (meta) return meta;
            if (!tr.docChanged) return previous;
            return {
              ...previous,
              decorations: previous.decorations.map(tr.mapping, tr.doc),
              findings: previous.findings.flatMap((finding) => {
                const from = tr.mapping.map(finding.from, 1);
                const to = tr.mapping.map(finding.to, -1);
                return to > from ? [{ ...finding, from, to }] : [];
              }),
            };
          },
        },
        props: { decorations: (state) => qualityKey.getState(state)?.decorations },
        view: () => {
          let timer: ReturnType<typeof setTimeout> | undefined;
          return {
            update(view: EditorView, previous: EditorState) {
              if (view.state.doc.eq(previous.doc)) return;
              clearTimeout(timer);
              timer = setTimeout(() => {
                if (view.isDestroyed) return;
                const next = compute(view.state);
                if (next) view.dispatch(view.state.tr.setMeta(qualityKey, next).setMeta('addToHistory', false));
              }, QUALITY_DEBOUNCE_MS);
            },
            destroy: () => clearTimeout(timer),
          };
        },
      }),
    ];
  },
});
