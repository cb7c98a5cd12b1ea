import { strToU8, zipSync } from 'fflate';

// Small .docx files written by hand for the reader's tests: a body (WordprocessingML under the prefix `w`, or another
// one to show that prefixes do not matter), and the styles, numbering, relationships and media it needs.

export const NS = {
  w: 'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  mc: 'http://schemas.openxmlformats.org/markup-compatibility/2006',
  wp: 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  pic: 'http://schemas.openxmlformats.org/drawingml/2006/picture',
  wps: 'http://schemas.microsoft.com/office/word/2010/wordprocessingShape',
  v: 'urn:schemas-microsoft-com:vml',
  o: 'urn:schemas-microsoft-com:office:office',
};

export type TestRel = { id: string; type: 'image' | 'hyperlink' | 'oleObject'; target: string; external?: boolean };

export type TestDocx = {
  /** The body's content. */
  body: string;
  /** The prefix the body uses for WordprocessingML (default `w`). */
  prefix?: string;
  /** `<w:style>` elements. */
  styles?: string;
  /** `<w:abstractNum>` and `<w:num>` elements. */
  numbering?: string;
  rels?: TestRel[];
  /** Parts by path (`word/media/image1.png`). */
  parts?: Record<string, Uint8Array>;
  creator?: string;
  title?: string;
};

const declarations = (prefix: string) =>
  Object.entries(NS)
    .map(([p, uri]) => `xmlns:${p === 'w' ? prefix : p}="${uri}"`)
    .join(' ');

export function docxFile(spec: TestDocx): Uint8Array {
  const w = spec.prefix ?? 'w';
  const rels = (spec.rels ?? [])
    .map(
      (rel) =>
        `<Relationship Id="${rel.id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${rel.type}" Target="${rel.target}"${rel.external ? ' TargetMode="External"' : ''}/>`,
    )
    .join('');
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '</Relationships>',
    ),
    'docProps/core.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
        `<dc:title>${spec.title ?? ''}</dc:title><dc:creator>${spec.creator ?? 'Someone'}</dc:creator></cp:coreProperties>`,
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><${w}:document ${declarations(w)}><${w}:body>${spec.body}</${w}:body></${w}:document>`,
    ),
    'word/styles.xml': strToU8(`<w:styles xmlns:w="${NS.w}">${spec.styles ?? ''}</w:styles>`),
    'word/numbering.xml': strToU8(`<w:numbering xmlns:w="${NS.w}">${spec.numbering ?? ''}</w:numbering>`),
    'word/_rels/document.xml.rels': strToU8(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    ),
    ...spec.parts,
  };
  return zipSync(files);
}

/** A paragraph of plain text, optionally in a style. */
export const para = (text: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

export const paragraphStyle = (id: string, name: string, extra = '') =>
  `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/>${extra}</w:style>`;
