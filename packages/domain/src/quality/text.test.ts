import { describe, expect, it } from 'vitest';
import { qualityText } from './text';

describe('qualityText', () => {
  it('joins textblocks by one new line, whatever holds them, as the editor does', () => {
    expect(qualityText('<p>One.</p><ul><li><p>Two.</p></li><li><p>Three.</p></li></ul><p>Four.</p>')).toBe(
      'One.\nTwo.\nThree.\nFour.',
    );
    expect(qualityText('<table><tbody><tr><td><p>A</p></td><td><p>B</p></td></tr></tbody></table>')).toBe('A\nB');
    // An import's bare list items and whitespace between the blocks.
    expect(qualityText('<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n<p>c</p>')).toBe('a\nb\nc');
  });

  it('keeps an empty paragraph as a separator and a <br> as a new line inside its block', () => {
    expect(qualityText('<p>a</p><p></p><p>b<br>c</p>')).toBe('a\n\nb\nc');
  });

  it('decodes entities, leaves a reference beyond Unicode as written, and ignores forged marks', () => {
    expect(qualityText('<p>R&amp;D &lt;5 ms&gt; &#233;t&#xE9; &#99999999;</p>')).toBe('R&D <5 ms> été &#99999999;');
    expect(qualityText('<p>a\uE001b</p>')).toBe('ab');
  });
});
