import { describe, expect, it } from 'vitest';
import { foldText, matchRanges, plainText, searchExtract, searchWords } from './search-extract';

describe('search words', () => {
  it('fold accents, case and ligatures, and split on anything but letters and digits', () => {
    expect(foldText('Électrovanne ŒUVRE Straße')).toBe('electrovanne oeuvre strasse');
    expect(searchWords("  L'électro-VANNE  #12 ")).toEqual(['l', 'electro', 'vanne', '12']);
    expect(searchWords('%%% ***')).toEqual([]);
  });

  it('read rich text as its words', () => {
    expect(plainText('<p>A &amp; B</p><ul><li><p>x&lt;y</p></li></ul>')).toBe('A & B x<y');
  });

  it('keeps lists and tables readable on one line', () => {
    expect(
      plainText(
        '<p>Acting on:</p><ol><li><p>the valve</p></li><li><p>the vents</p></li></ol><p>Set points:</p>' +
          '<table><tbody><tr><th><p>Period</p></th><th><p>Tomatoes</p></th></tr>' +
          '<tr><td><p>Day</p></td><td><p>22 °C</p></td></tr></tbody></table>',
      ),
    ).toBe('Acting on: the valve; the vents; Set points: Period · Tomatoes; Day · 22 °C');
    expect(plainText('<p>ex<em>am</em>ple</p><p>next<br>line</p>')).toBe('example next line');
    // A list inside a list item ends once.
    expect(plainText('<ul><li><p>a</p><ul><li><p>b</p></li></ul></li><li><p>c</p></li></ul>')).toBe('a b; c');
  });
});

describe('the extract', () => {
  it('marks matches whatever their accents and case, in the original text', () => {
    expect(searchExtract('Électrovanne de purge', ['electrovanne'])).toBe('<mark>Électrovanne</mark> de purge');
    expect(searchExtract('the electrovanne opens', ['ELECTROVANNE'.toLowerCase()])).toBe(
      'the <mark>electrovanne</mark> opens',
    );
    expect(searchExtract('Œuvre complète', ['oeuvre'])).toBe('<mark>Œuvre</mark> complète');
    expect(matchRanges('a café, CAFÉ', ['cafe'])).toEqual([
      [2, 6],
      [8, 12],
    ]);
  });

  it('escapes everything around and inside the marks', () => {
    const html = searchExtract('<script>alert("x")</script> & <b>valve</b>', ['valve', 'script']);
    expect(html).toBe(
      '&lt;<mark>script</mark>&gt;alert(&quot;x&quot;)&lt;/<mark>script</mark>&gt; &amp; &lt;b&gt;<mark>valve</mark>&lt;/b&gt;',
    );
    expect(html).not.toMatch(/<(?!\/?mark>)/);
  });

  it('shows the text around the first match of a long text, with ellipses where it is cut', () => {
    const text = `${'lorem ipsum '.repeat(40)}the valve closes ${'dolor sit '.repeat(40)}`;
    const html = searchExtract(text, ['valve'], 100);
    expect(html.startsWith('…')).toBe(true);
    expect(html.endsWith('…')).toBe(true);
    expect(html).toContain('<mark>valve</mark>');
    expect(html.replace(/<\/?mark>/g, '').length).toBeLessThan(130);
  });

  it('is the start of the text when nothing matches', () => {
    expect(searchExtract('short text', ['zzz'])).toBe('short text');
  });
});
