import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';

describe('sanitizeRichText', () => {
  it('keeps what the editor writes', () => {
    const html =
      '<p><strong>b</strong> <em>i</em> <u>u</u> <code>c</code></p><ul><li>x</li></ul><pre><code class="language-ts">x</code></pre>' +
      '<table><tbody><tr><td colspan="2">a</td></tr></tbody></table><p><img src="/api/attachments/AbCdEfGhIjKlMnOpQrSt_-12.png" alt="a"></p>';
    expect(sanitizeRichText(html)).toBe(html.replace('alt="a">', 'alt="a" />'));
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
    ['<img src="javascript:alert(1)" onerror="alert(1)">', ''],
    ['<iframe src="https://evil.example"></iframe><p>k</p>', '<p>k</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<p style="background:url(javascript:x)">s</p>', '<p>s</p>'],
    ['<a href="JaVaScRiPt&colon;alert(1)">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
  ])('removes what could run: %s', (input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });

  it('forces safe link attributes', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_self">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  const ours = '/api/attachments/AbCdEfGhIjKlMnOpQrSt_-12.png';

  it('keeps an image of ours, without what could run', () => {
    expect(sanitizeRichText(`<img src="${ours}" alt="plan" onerror="alert(1)" style="x">`)).toBe(
      `<img src="${ours}" alt="plan" />`,
    );
  });

  it.each([
    ['an external image', '<img src="https://evil.example/track.png">'],
    ['a protocol-relative image', `<img src="//evil.example${ours}">`],
    ['our path on another host', `<img src="https://evil.example${ours}">`],
    ['a javascript: image', '<img src="javascript:alert(1)">'],
    ['an entity-encoded javascript: image', '<img src="jav&#x09;ascript:alert(1)">'],
    ['a data: image', '<img src="data:image/png;base64,iVBORw0KGgo=">'],
    ['a data: SVG', '<img src="data:image/svg+xml,<svg onload=alert(1)>">'],
    ['a blob: image', '<img src="blob:https://reqloom.test/1">'],
    ['another API path', '<img src="/api/auth/logout">'],
    ['a path climbing out', `<img src="/api/attachments/../auth/${ours.slice(17)}">`],
    ['an encoded path climbing out', `<img src="/api/attachments/&#46;&#46;/${ours.slice(17)}">`],
    ['a query string', `<img src="${ours}?x=1">`],
    ['an image without a source', '<img alt="x">'],
  ])('drops %s entirely', (_, img) => {
    expect(sanitizeRichText(`<p>a${img}b</p>`)).toBe('<p>ab</p>');
  });

  // A colspan of 1,000,000,000 was kept, and whatever drew the table afterwards (TipTap's column group when the shared
  // description was written back, the Word export's grid) ran the server out of its heap.
  it('keeps a table within 100 columns: a cell spans at most what its row has left, a nested table has its own', () => {
    const cell = (colspan: string, inner = 'x') => `<td colspan="${colspan}" rowspan="1000000000">${inner}</td>`;
    const nested = `<table><tbody><tr>${cell('99')}${cell('5')}</tr></tbody></table>`;
    const html = `<table><tbody><tr>${cell('1000000000')}</tr><tr>${cell('60')}${cell('60', nested)}${cell('-3')}${cell('abc')}</tr></tbody></table>`;
    const spans = [...sanitizeRichText(html).matchAll(/colspan="([^"]*)" rowspan="([^"]*)"/g)].map((m) => [m[1], m[2]]);
    expect(spans).toEqual([
      ['100', '65534'],
      ['60', '65534'],
      ['40', '65534'],
      ['99', '65534'],
      ['1', '65534'],
      ['1', '65534'],
      ['1', '65534'],
    ]);
    expect(sanitizeRichText('<table><colgroup><col span="1000000000"></colgroup></table>')).toBe(
      '<table><colgroup><col span="100" /></colgroup></table>',
    );
  });

  // Nesting was kept however deep: 20,000 quotes made every export of the document overflow the stack (a 500).
  it('keeps nesting within 64 elements, the words of what is deeper', () => {
    const deep = `${'<blockquote>'.repeat(1000)}<p>bottom line</p>${'</blockquote>'.repeat(1000)}`;
    const clean = sanitizeRichText(deep);
    expect(clean.match(/<blockquote>/g)).toHaveLength(64);
    expect(clean).toContain('bottom line');
  });
});
