import { describe, expect, it } from 'vitest';
import { escapeAttribute, escapeText } from './escape';

describe('escaping text into HTML or XML', () => {
  it('escapes the ampersand first, then the angle brackets, and the double quote in an attribute only', () => {
    expect(escapeText(`a & <b> "c" 'd' &amp;`)).toBe(`a &amp; &lt;b&gt; "c" 'd' &amp;amp;`);
    expect(escapeAttribute(`a & <b> "c" 'd'`)).toBe(`a &amp; &lt;b&gt; &quot;c&quot; 'd'`);
  });
});
