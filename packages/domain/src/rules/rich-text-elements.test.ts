import { describe, expect, it } from 'vitest';
import { RICH_TEXT_ELEMENTS_MAX } from '../constants';
import { richTextSchema } from '../schemas/rich-text';
import { cutRichTextElements, richTextElements, withinRichTextElements } from './rich-text-elements';

describe('rich text bounded in elements', () => {
  it('counts start tags, not end tags, escaped text or comments', () => {
    expect(richTextElements('')).toBe(0);
    expect(richTextElements('<p>a <strong>b</strong> &lt;em&gt; 1 < 2</p><br><!-- x --><img src="/a">')).toBe(4);
  });

  it('takes rich text up to the bound and refuses one more element', () => {
    const at = '<p>a</p>'.repeat(RICH_TEXT_ELEMENTS_MAX);
    expect(withinRichTextElements(at)).toBe(true);
    expect(richTextSchema.safeParse(at).success).toBe(true);
    const over = richTextSchema.safeParse(`${at}<p>b</p>`);
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe('validation.rich_text_elements');
  });

  it('cuts before the element past the bound', () => {
    expect(cutRichTextElements('<p>a</p><p>b</p><p>c</p>', 2)).toBe('<p>a</p><p>b</p>');
    expect(cutRichTextElements('<p>a<em>b</em>c</p>', 1)).toBe('<p>a');
    expect(cutRichTextElements('<p>a</p>', 1)).toBe('<p>a</p>');
  });
});
