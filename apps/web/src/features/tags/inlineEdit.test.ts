import { describe, expect, it } from 'vitest';
import { inlineCommit } from './inlineEdit';

describe('leaving an inline edit', () => {
  it('sends a real change, trimmed', () => {
    expect(inlineCommit('  Urgent ', 'High')).toEqual({ kind: 'save', value: 'Urgent' });
    expect(inlineCommit('high', 'High')).toEqual({ kind: 'save', value: 'high' });
  });

  it('sends nothing when unchanged, and puts the saved text back for spaces alone or an empty text', () => {
    expect(inlineCommit('High', 'High')).toEqual({ kind: 'keep' });
    expect(inlineCommit(' High  ', 'High')).toEqual({ kind: 'reset' });
    expect(inlineCommit('   ', 'High')).toEqual({ kind: 'reset' });
  });
});
