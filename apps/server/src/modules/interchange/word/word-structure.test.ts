import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { growthFourfold } from '../../../test/growth';
import { png } from '../../../test/images';
import type { PlannedCategory, PlannedNode, PlannedRequirement } from '../import/import-plan';
import { docxFile, para, paragraphStyle, type TestDocx } from './test-docx';
import { readWordFile } from './word-import';

// The reader's rules on small files written by hand: one rule per test, so that a broken rule names itself.

const read = (spec: TestDocx, name = 'Spec.docx') => readWordFile(docxFile(spec), name);
const documentOf = (spec: TestDocx) => read(spec).documents[0]!;

function tree(nodes: PlannedNode[]): unknown[] {
  return nodes.map((n) => (n.kind === 'category' ? { [n.name]: tree(n.children) } : n.name));
}

const categories = (nodes: PlannedNode[]) => nodes.filter((n): n is PlannedCategory => n.kind === 'category');
const requirements = (nodes: PlannedNode[]) => nodes.filter((n): n is PlannedRequirement => n.kind === 'requirement');

const STYLES = [
  paragraphStyle('Normal', 'Normal', ''),
  paragraphStyle('Title', 'Title'),
  paragraphStyle('Heading1', 'heading 1', '<w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr>'),
  // No outline level: a built-in heading is known by its id or name.
  paragraphStyle('Heading2', 'heading 2'),
  paragraphStyle('MyHead', 'My head', '<w:basedOn w:val="Heading2"/>'),
  paragraphStyle('HDR10', 'HDR 1.0'),
  paragraphStyle('HDR11', 'HDR 1.1'),
  paragraphStyle('HDR111', 'HDR 1.1.1'),
  paragraphStyle('TOC1', 'toc 1'),
  paragraphStyle('Header', 'header'),
  '<w:style w:type="character" w:styleId="Emph"><w:name w:val="Emph"/><w:rPr><w:i/></w:rPr></w:style>',
  '<w:style w:type="character" w:styleId="Hyperlink"><w:name w:val="Hyperlink"/><w:rPr><w:u w:val="single"/></w:rPr></w:style>',
].join('');

describe('Word import: outline', () => {
  it('makes nested categories of heading styles, custom "HDR n.n" styles and direct outline levels after the front matter', () => {
    const spec: TestDocx = {
      styles: STYLES,
      body: [
        para('The Title', 'Title'),
        '<w:p><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:r><w:t>Agency</w:t></w:r></w:p>',
        para('Intro 3', 'TOC1'),
        para('Page header text', 'Header'),
        para('Intro', 'Heading1'),
        para('Intro text'),
        para('Sub by basedOn', 'MyHead'),
        '<w:p><w:pPr><w:pStyle w:val="Heading2"/></w:pPr></w:p>',
        '<w:p><w:pPr><w:outlineLvl w:val="1"/></w:pPr><w:r><w:t>Direct level</w:t></w:r></w:p>',
        para('Appendix A - Things', 'HDR10'),
        '<w:p><w:pPr><w:pStyle w:val="HDR11"/></w:pPr><w:r><w:t>A.1</w:t></w:r><w:r><w:tab/><w:t>First</w:t></w:r></w:p>',
        para('A.1.1 Deep', 'HDR111'),
        '<w:p><w:pPr><w:pStyle w:val="Heading1"/><w:outlineLvl w:val="9"/></w:pPr><w:r><w:t>Body text after all</w:t></w:r></w:p>',
      ].join(''),
    };
    const doc = documentOf(spec);
    expect(doc.name).toBe('The Title');
    expect(tree(doc.nodes)).toEqual([
      { Intro: [{ 'Sub by basedOn': [] }, { 'Direct level': [] }] },
      { 'Appendix A - Things': [{ First: [{ Deep: [] }] }] },
    ]);
    // What precedes the first heading is front matter: left out, and reported once.
    expect(doc.description).toBeUndefined();
    expect(read(spec).skipped).toEqual([{ what: '“Agency Page header text”', reason: 'front_matter' }]);
    const intro = categories(doc.nodes)[0]!;
    expect(intro.description).toBe('<p>Intro text</p>');
    const deep = categories(categories(categories(doc.nodes)[1]!.children)[0]!.children)[0]!;
    expect(deep.description).toBe('<p>Body text after all</p>');
  });

  it('names the document after a cover page in large type, else the core title, else the file', () => {
    const big = (text: string) => `<w:p><w:r><w:rPr><w:b/><w:sz w:val="52"/></w:rPr><w:t>${text}</w:t></w:r></w:p>`;
    const cover = documentOf({ body: para('Agency') + big('Software') + big('Requirements') + para('Version 1') });
    expect(cover.name).toBe('Software Requirements');
    expect(cover.description).toBe('<p>Agency</p><p>Version 1</p>');
    expect(documentOf({ body: para('Hello'), title: 'Core title' }).name).toBe('Core title');
    expect(read({ body: para('Hello') }, 'C:\\files\\My spec.v2.docx').documents[0]!.name).toBe('My spec.v2');
  });

  it('reads the body whatever prefix the file gives WordprocessingML', () => {
    const body = (w: string) =>
      `<${w}:p><${w}:pPr><${w}:pStyle ${w}:val="Heading1"/></${w}:pPr><${w}:r><${w}:t>Chapter</${w}:t></${w}:r></${w}:p>` +
      `<${w}:p><${w}:r><${w}:rPr><${w}:b/></${w}:rPr><${w}:t>Bold</${w}:t></${w}:r></${w}:p>`;
    const usual = documentOf({ styles: STYLES, body: body('w') });
    const other = documentOf({ styles: STYLES, body: body('ww'), prefix: 'ww' });
    expect(other).toEqual(usual);
    expect(tree(other.nodes)).toEqual([{ Chapter: [] }]);
    expect(categories(other.nodes)[0]!.description).toBe('<p><strong>Bold</strong></p>');
  });
});

describe('Word import: text', () => {
  it('keeps marks, insertions, smart tags, content controls and field results; drops deletions, field codes, page numbers and hidden text', () => {
    const doc = documentOf({
      styles: STYLES,
      rels: [{ id: 'rIdL', type: 'hyperlink', target: 'https://example.com/a?b=1&amp;c=2', external: true }],
      body:
        '<w:p>' +
        '<w:r><w:t xml:space="preserve">Plain </w:t></w:r>' +
        '<w:r><w:rPr><w:b/></w:rPr><w:t>bold</w:t></w:r>' +
        '<w:r><w:rPr><w:rStyle w:val="Emph"/></w:rPr><w:t xml:space="preserve"> styled</w:t></w:r>' +
        '<w:ins w:id="1" w:author="a"><w:r><w:t xml:space="preserve"> inserted</w:t></w:r></w:ins>' +
        '<w:del w:id="2" w:author="a"><w:r><w:delText> deleted</w:delText></w:r></w:del>' +
        '<w:smartTag w:uri="urn:x" w:element="place"><w:r><w:t xml:space="preserve"> Goddard</w:t></w:r></w:smartTag>' +
        '<w:sdt><w:sdtPr/><w:sdtContent><w:r><w:t xml:space="preserve"> controlled</w:t></w:r></w:sdtContent></w:sdt>' +
        '<w:fldSimple w:instr=" PAGE "><w:r><w:t>7</w:t></w:r></w:fldSimple>' +
        '<w:fldSimple w:instr=" DOCPROPERTY Version "><w:r><w:t xml:space="preserve"> v5</w:t></w:r></w:fldSimple>' +
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGEREF _Toc1 \\h </w:instrText></w:r>' +
        '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>12</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>' +
        '<w:r><w:t xml:space="preserve"> see </w:t></w:r>' +
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> HYPERLINK "https://nasa.gov" </w:instrText></w:r>' +
        '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>NASA</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>' +
        '<w:r><w:t xml:space="preserve"> and </w:t></w:r>' +
        '<w:hyperlink r:id="rIdL"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/></w:rPr><w:t>a link</w:t></w:r></w:hyperlink>' +
        '<w:r><w:rPr><w:vanish/></w:rPr><w:t>secret</w:t></w:r>' +
        '<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:t>2</w:t></w:r>' +
        '<w:r><w:rPr><w:strike/></w:rPr><w:t xml:space="preserve"> gone</w:t></w:r>' +
        '<w:r><w:rPr><w:u w:val="single"/></w:rPr><w:t xml:space="preserve"> under</w:t></w:r>' +
        '<w:r><w:rPr><w:rFonts w:ascii="Consolas" w:hAnsi="Consolas"/></w:rPr><w:t xml:space="preserve"> x = 1;</w:t></w:r>' +
        '<w:r><w:tab/><w:t>tabbed</w:t><w:br/><w:t>next  line</w:t><w:br w:type="page"/></w:r>' +
        '</w:p>',
    });
    expect(doc.description).toBe(
      '<p>Plain <strong>bold</strong><em> styled</em> inserted Goddard controlled v5 see ' +
        '<a href="https://nasa.gov">NASA</a> and <a href="https://example.com/a?b=1&amp;c=2">a link</a>' +
        '<sup>2</sup><s> gone</s><u> under</u><code> x = 1;</code> tabbed<br>next line</p>',
    );
  });

  it('reads a text box once, from the DrawingML choice or the VML fallback, never both', () => {
    const box = (content: string) =>
      `<w:txbxContent><w:p><w:r><w:t>Ground System</w:t></w:r></w:p><w:p><w:r><w:t>${content}</w:t></w:r></w:p></w:txbxContent>`;
    const alternate = (requires: string) =>
      '<w:p><w:r><w:t>Figure:</w:t></w:r><w:r><mc:AlternateContent>' +
      `<mc:Choice Requires="${requires}"><w:drawing><wp:inline><wp:docPr id="1" name="Box"/><a:graphic><a:graphicData><wps:wsp><wps:txbx>${box('(Choice)')}</wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:inline></w:drawing></mc:Choice>` +
      `<mc:Fallback><w:pict><v:shape><v:textbox>${box('(Fallback)')}</v:textbox></v:shape></w:pict></mc:Fallback>` +
      '</mc:AlternateContent></w:r><w:r><w:t>end</w:t></w:r></w:p>';
    expect(documentOf({ body: alternate('wps') }).description).toBe(
      '<p>Figure:</p><p>Ground System<br>(Choice)</p><p>end</p>',
    );
    // A choice that needs a namespace the reader does not know falls back.
    const unknown = alternate('zz').replace('<mc:AlternateContent>', '<mc:AlternateContent xmlns:zz="urn:unknown">');
    expect(documentOf({ body: unknown }).description).toBe(
      '<p>Figure:</p><p>Ground System<br>(Fallback)</p><p>end</p>',
    );
  });

  it('makes nested lists of numbered paragraphs, by level and numbering', () => {
    const item = (numId: number, ilvl: number, text: string) =>
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
    const doc = documentOf({
      numbering:
        '<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="decimal"/></w:lvl></w:abstractNum>' +
        '<w:abstractNum w:abstractNumId="2"><w:lvl w:ilvl="0"><w:numFmt w:val="lowerLetter"/></w:lvl></w:abstractNum>' +
        '<w:num w:numId="1"><w:abstractNumId w:val="1"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="2"/></w:num>' +
        '<w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num>',
      body: [
        item(1, 0, 'a'),
        item(1, 1, 'a.1'),
        item(1, 0, 'b'),
        '<w:p/>',
        item(1, 0, 'c'),
        para('break'),
        item(2, 0, 'one'),
        item(3, 0, 'uno'),
        item(0, 0, 'not numbered'),
        item(9, 0, 'unresolved'),
      ].join(''),
    });
    expect(doc.description).toBe(
      '<ul><li><p>a</p><ol><li><p>a.1</p></li></ol></li><li><p>b</p></li><li><p>c</p></li></ul><p>break</p>' +
        '<ol><li><p>one</p></li></ol><ol><li><p>uno</p></li></ol><p>not numbered</p><p>unresolved</p>',
    );
  });

  it('writes tables with header rows, spans and multi-paragraph cells', () => {
    const cell = (content: string, props = '') => `<w:tc><w:tcPr>${props}</w:tcPr>${content}</w:tc>`;
    const bold = (text: string) => `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>${text}</w:t></w:r></w:p>`;
    const doc = documentOf({
      body:
        '<w:tbl>' +
        `<w:tr><w:trPr><w:tblHeader/></w:trPr>${cell(bold('Mode'))}${cell(bold('Limit'))}${cell(bold('Note'))}</w:tr>` +
        `<w:tr>${cell(para('Normal'), '<w:vMerge w:val="restart"/>')}${cell(para('2 s') + para('or less'))}${cell(para('n'))}</w:tr>` +
        `<w:tr>${cell('<w:p/>', '<w:vMerge/>')}${cell(para('Both'), '<w:gridSpan w:val="2"/>')}</w:tr>` +
        '</w:tbl>',
    });
    expect(doc.description).toBe(
      '<table><tbody><tr><th><p>Mode</p></th><th><p>Limit</p></th><th><p>Note</p></th></tr>' +
        '<tr><td rowspan="2"><p>Normal</p></td><td><p>2 s</p><p>or less</p></td><td><p>n</p></td></tr>' +
        '<tr><td colspan="2"><p>Both</p></td></tr></tbody></table>',
    );
  });
});

describe('Word import: requirements', () => {
  it('starts a requirement at each bold "REFERENCE - Name" paragraph; names are cleaned, cut and never empty', () => {
    const title = (text: string) =>
      `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
    const long = 'word '.repeat(80);
    const doc = documentOf({
      styles: STYLES,
      body: [
        para('Category', 'Heading1'),
        para('About the category.'),
        title('REQ-001 -   The  first\trequirement '),
        para('Text of the first.'),
        title('REQ-002 - '),
        para('Second requirement described with many more words than a name should ever hold at all.'),
        title(`REQ_003 - ${long}`),
        para('SSR9 - not bold, so not a title'),
      ].join(''),
    });
    const category = categories(doc.nodes)[0]!;
    expect(category.description).toBe('<p>About the category.</p>');
    const [first, second, third] = requirements(category.children);
    expect(first).toEqual({
      kind: 'requirement',
      name: 'The first requirement',
      description: '<p>Text of the first.</p>',
    });
    expect(second!.name).toBe('Second requirement described with many more words than a name should ever');
    expect(third!.name).toHaveLength(255);
    expect(third!.name.endsWith('word…')).toBe(true);
    expect(third!.description).toBe('<p>SSR9 - not bold, so not a title</p>');
  });

  it('makes one requirement per row of a table of identifiers, reports rows without one, leaves other tables alone', () => {
    const row = (...cells: string[]) => `<w:tr>${cells.map((c) => `<w:tc>${para(c)}</w:tc>`).join('')}</w:tr>`;
    const plan = read({
      body:
        `<w:tbl>${row('ID', 'Text', 'Priority')}${row('R1', 'Do one', 'High')}${row('Note spanning the table')}` +
        `${row('R2.1', 'Do two', 'Priority: Low')}${row('', '', '')}</w:tbl>` +
        `<w:tbl>${row('Term', 'Definition')}${row('Code 582', 'A branch')}${row('FIFO', 'First in first out')}</w:tbl>`,
    });
    const doc = plan.documents[0]!;
    expect(requirements(doc.nodes)).toEqual([
      { kind: 'requirement', name: 'R1', description: '<p>Do one</p><p><strong>Priority:</strong> High</p>' },
      { kind: 'requirement', name: 'R2.1', description: '<p>Do two</p><p>Priority: Low</p>' },
    ]);
    expect(plan.skipped).toEqual([{ what: 'Table row "Note spanning the table"', reason: 'row_without_id' }]);
    expect(doc.description).toContain('<td><p>Code 582</p></td>');
  });
});

describe('Word import: images and objects', () => {
  it('keeps web images once with their alt text, reports WMF, EMF, OLE objects and linked images', () => {
    const blip = (rel: string, alt: string) =>
      `<w:r><w:drawing><wp:inline><wp:docPr id="1" name="p" descr="${alt}"/><a:graphic><a:graphicData><pic:pic><pic:blipFill><a:blip r:embed="${rel}"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;
    const wmf = new Uint8Array([0xd7, 0xcd, 0xc6, 0x9a, 0, 0, 0, 0]);
    const emf = new Uint8Array(48);
    emf.set([1, 0, 0, 0], 0);
    emf.set(strToU8(' EMF'), 40);
    const plan = read({
      rels: [
        { id: 'r1', type: 'image', target: 'media/valve.png' },
        { id: 'r2', type: 'image', target: 'media/old.wmf' },
        { id: 'r3', type: 'image', target: 'media/chart.emf' },
        { id: 'r4', type: 'oleObject', target: 'embeddings/oleObject1.bin' },
        { id: 'r5', type: 'image', target: 'https://example.com/x.png', external: true },
      ],
      parts: {
        'word/media/valve.png': png(4, 2),
        'word/media/old.wmf': wmf,
        'word/media/chart.emf': emf,
        'word/embeddings/oleObject1.bin': new Uint8Array(8),
      },
      body:
        `<w:p><w:r><w:t>Before</w:t></w:r>${blip('r1', 'Valve')}<w:r><w:t>after</w:t></w:r></w:p>` +
        `<w:p>${blip('r1', 'Again')}${blip('r2', 'Old')}</w:p>` +
        '<w:p><w:r><w:pict><v:shape><v:imagedata r:id="r3" o:title="Chart"/></v:shape></w:pict></w:r></w:p>' +
        '<w:p><w:r><w:object><v:shape><v:imagedata r:id="r2"/></v:shape><o:OLEObject ProgID="Visio" r:id="r4"/></w:object></w:r></w:p>' +
        `<w:p><w:r><w:drawing><a:blip r:link="r5"/></w:drawing></w:r></w:p>`,
    });
    expect(plan.images).toHaveLength(1);
    expect(plan.images[0]!.name).toBe('valve.png');
    expect(Buffer.from(plan.images[0]!.data).equals(png(4, 2))).toBe(true);
    const key = plan.images[0]!.key;
    expect(plan.documents[0]!.description).toBe(
      `<p>Before</p><img src="import-image:${key}" alt="Valve"><p>after</p><img src="import-image:${key}" alt="Again">`,
    );
    expect(plan.skipped).toEqual([
      { what: 'Image word/media/old.wmf', reason: 'image_wmf' },
      { what: 'Image word/media/chart.emf', reason: 'image_emf' },
      { what: 'Embedded object word/embeddings/oleObject1.bin (Visio)', reason: 'embedded_object' },
      { what: 'Image https://example.com/x.png', reason: 'image_linked' },
    ]);
  });
});

describe('Word import: hostile files', () => {
  // String.fromCodePoint threw a RangeError on the reading thread, which the route answered as a 500.
  it('leaves out a symbol whose code is no Unicode character', () => {
    const sym = (code: string) => `<w:sym w:font="Symbol" w:char="${code}"/>`;
    const doc = documentOf({
      body: `<w:p><w:r><w:t>a</w:t>${sym('110000')}${sym('-5')}${sym('D800')}${sym('zz')}${sym('2022')}<w:t>b</w:t></w:r></w:p>`,
    });
    expect(doc.description).toBe('<p>a•b</p>');
  });

  // Each merged cell looked for its origin up through every row above it: 60,000 rows (an 11 kB .docx) took 34 s.
  it('merges a column of cells down in time linear in the rows', () => {
    const cell = (props: string) => `<w:tc><w:tcPr>${props}</w:tcPr>${para('x')}</w:tc>`;
    const merged = (rows: number) =>
      documentOf({
        body:
          `<w:tbl><w:tr>${cell('<w:vMerge w:val="restart"/>')}${cell('')}</w:tr>` +
          `<w:tr>${cell('<w:vMerge/>')}${cell('')}</w:tr>`.repeat(rows) +
          `<w:tr>${cell('')}${cell('<w:vMerge/>')}</w:tr>` +
          '</w:tbl>',
      });
    expect(merged(2_000).description).toMatch(/^<table><tbody><tr><td rowspan="2001"><p>x<\/p><\/td><td>/);
    expect(growthFourfold(merged, 8_000)).toBeLessThan(9);
  });

  // Line breaks at the start of a paragraph were taken off one by one with Array.shift, each moving all the rest:
  // 500,000 of them (a 3 kB .docx) took 68 s.
  it('drops the line breaks a paragraph starts with in time linear in their number', () => {
    const breaks = (n: number) =>
      documentOf({ body: `<w:p><w:r>${'<w:br/>'.repeat(n)}<w:t>text</w:t><w:br/></w:r></w:p>` });
    expect(breaks(1_000).description).toBe('<p>text</p>');
    expect(growthFourfold(breaks, 60_000)).toBeLessThan(9);
  });

  // Every run of text looked at every open field (its name, its link) to know whether it shows: 40,000 nested fields
  // and as many runs (a 26 kB .docx) held the reading thread for more than five minutes.
  it('knows whether text inside nested fields shows in time linear in the fields and the runs', () => {
    const run = (inner: string) => `<w:r>${inner}</w:r>`;
    const field = (instr: string) =>
      run('<w:fldChar w:fldCharType="begin"/>') +
      run(`<w:instrText>${instr}</w:instrText>`) +
      run('<w:fldChar w:fldCharType="separate"/>');
    const nested = (n: number) =>
      documentOf({
        body:
          `<w:p>${field(' HYPERLINK "https://example.com" ')}${field(' DOCPROPERTY x ').repeat(n)}` +
          `${run('<w:t>a</w:t>').repeat(n)}${run('<w:fldChar w:fldCharType="end"/>').repeat(n)}` +
          `${field(' PAGE ')}${run('<w:t>7</w:t>')}${run('<w:fldChar w:fldCharType="end"/>')}` +
          `${run('<w:fldChar w:fldCharType="end"/>')}${run('<w:t>b</w:t>')}</w:p>`,
      });
    expect(nested(500).description).toBe(`<p><a href="https://example.com">${'a'.repeat(500)}</a>b</p>`);
    expect(growthFourfold(nested, 1_500)).toBeLessThan(9);
  });
});
