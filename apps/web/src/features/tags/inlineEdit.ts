/** What leaving an inline edit (Enter or blur) does with the text typed (spec 2 §5, and the tags panel). */
export type InlineCommit = { kind: 'keep' } | { kind: 'reset' } | { kind: 'save'; value: string };

/**
 * Saves only a real change: the text trimmed, not empty, and not what is saved already. An empty text, or one
 * that differs only by spaces around it, goes back to the saved one; nothing is sent for it.
 */
export function inlineCommit(draft: string, saved: string): InlineCommit {
  const value = draft.trim();
  if (value === saved) return draft === saved ? { kind: 'keep' } : { kind: 'reset' };
  if (value === '') return { kind: 'reset' };
  return { kind: 'save', value };
}
