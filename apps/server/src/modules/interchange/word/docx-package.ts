import { UnreadableFile } from '../import/import-plan';
import {
  elements,
  firstElement,
  parseXml,
  textOf,
  XmlError,
  type ParseOptions,
  type XmlElement,
} from '../xml/xml-tree';
import { ArchiveError, isZip, readZip, utf8 } from '../zip';
import { Numbering } from './docx-numbering';
import { isW, W_NS, wChild } from './docx-xml';
import { Styles } from './docx-styles';

// The parts of a .docx package the reader needs: the main document, its styles, numbering and relationships, the
// core properties, and the media and embedded objects the text refers to.

const OFFICE_DOCUMENT = /\/officeDocument$/;
const CORE_PROPERTIES = /\/(metadata\/)?core-properties$/;
const DC = 'http://purl.org/dc/elements/1.1/';

/**
 * What the reader never looks at in the main document (layout: margins, borders, spacing, widths, drawing geometry,
 * revision and proofing marks): not built into the tree. A 1,000-requirement export has 140,000 elements, a third
 * of them cell margins and borders.
 */
const NOT_READ = new Map<string, Set<string>>([
  ...W_NS.map(
    (uri) =>
      [
        uri,
        new Set(
          (
            'tcMar tblBorders tcBorders tblW tcW tblGrid tblLook tblLayout tblCellMar tblInd tblCellSpacing spacing ' +
            'bCs iCs szCs lang kern noProof proofErr sectPr jc tabs widowControl autoSpaceDE autoSpaceDN ' +
            'adjustRightInd snapToGrid trHeight cantSplit lastRenderedPageBreak bookmarkStart bookmarkEnd webHidden ' +
            'textAlignment contextualSpacing keepLines suppressAutoHyphens rPrChange pPrChange tblPrChange ' +
            'trPrChange tcPrChange sectPrChange vAlign noWrap hideMark position w'
          ).split(' '),
        ),
      ] as const,
  ),
  [
    'http://schemas.openxmlformats.org/drawingml/2006/main',
    new Set(
      'xfrm prstGeom custGeom ln solidFill noFill gradFill effectLst extLst srcRect stretch avLst bodyPr'.split(' '),
    ),
  ],
  [
    'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing',
    new Set(
      'effectExtent extent simplePos positionH positionV wrapSquare wrapThrough wrapTight wrapTopAndBottom'.split(' '),
    ),
  ],
  ['http://schemas.openxmlformats.org/drawingml/2006/picture', new Set(['spPr', 'nvPicPr'])],
  [
    'http://schemas.microsoft.com/office/word/2010/wordprocessingShape',
    new Set(['spPr', 'bodyPr', 'style', 'cNvSpPr']),
  ],
  ['urn:schemas-microsoft-com:vml', new Set(['formulas', 'stroke', 'path', 'shapetype', 'fill', 'shadow'])],
]);
const notRead = (uri: string, local: string) => NOT_READ.get(uri)?.has(local) ?? false;

export type Relationship = { type: string; target: string; external: boolean };

export type DocxPackage = {
  /**
   * Reads the main document, handing over each child of its body in order as soon as it is parsed (a large body is
   * never held whole), with the namespace declarations of the document's root. Throws UnreadableFile for XML that
   * does not parse or a root that is not a Word document.
   */
  readBody: (each: (block: XmlElement, namespaces: Readonly<Record<string, string>>) => void) => void;
  styles: Styles;
  numbering: Numbering;
  /** The main document's relationships by id; internal targets are resolved to paths in the package. */
  rels: Map<string, Relationship>;
  /** The bytes of a part of the package (media, embedded objects), by path. */
  part: (path: string) => Uint8Array | undefined;
  core: { title: string; creator: string };
};

/** Resolves a relationship's target against the folder of the part that holds it. */
export function resolvePartPath(folder: string, target: string): string {
  const parts = target.startsWith('/') ? [] : folder.split('/').filter(Boolean);
  for (const piece of target.split('/')) {
    if (piece === '' || piece === '.') continue;
    if (piece === '..') parts.pop();
    else parts.push(piece);
  }
  return parts.join('/');
}

function relsPath(partPath: string): string {
  const slash = partPath.lastIndexOf('/');
  return `${partPath.slice(0, slash + 1)}_rels/${partPath.slice(slash + 1)}.rels`;
}

function readRels(xml: XmlElement | undefined, folder: string): Map<string, Relationship> {
  const rels = new Map<string, Relationship>();
  if (!xml) return rels;
  for (const rel of elements(xml, 'Relationship')) {
    const { Id: id, Type: type = '', Target: target = '', TargetMode: mode } = rel.attrs;
    if (!id) continue;
    const external = mode === 'External';
    rels.set(id, { type, target: external ? target : resolvePartPath(folder, target), external });
  }
  return rels;
}

/**
 * Opens a .docx: a zip whose main document part is named by the package relationships (`word/document.xml` in every
 * file Word writes). Anything else, or XML that does not parse, is an UnreadableFile.
 */
export function openDocx(data: Uint8Array): DocxPackage {
  if (!isZip(data)) throw new UnreadableFile('Not a Word document (.docx): the file is not a zip archive');
  let entries: Map<string, Uint8Array>;
  try {
    entries = readZip(data);
  } catch (error) {
    if (error instanceof ArchiveError) throw new UnreadableFile(error.message);
    throw error;
  }
  const xmlOf = (path: string, options: ParseOptions = {}): XmlElement | undefined => {
    const bytes = entries.get(path);
    if (!bytes) return undefined;
    try {
      return parseXml(utf8(bytes), options);
    } catch (error) {
      if (error instanceof XmlError) throw new UnreadableFile(`${path} is not well-formed XML: ${error.message}`);
      throw error;
    }
  };

  const packageRels = readRels(xmlOf('_rels/.rels'), '');
  const mainPath =
    [...packageRels.values()].find((r) => OFFICE_DOCUMENT.test(r.type) && !r.external && entries.has(r.target))
      ?.target ?? 'word/document.xml';
  if (!entries.has(mainPath)) throw new UnreadableFile('Not a Word document (.docx): there is no word/document.xml');
  const readBody: DocxPackage['readBody'] = (each) => {
    const document = xmlOf(mainPath, {
      skip: notRead,
      stream: {
        depth: 2,
        each: (block, ancestors) => {
          const [, root, body] = ancestors;
          if (root && body && isW(root, 'document') && isW(body, 'body')) each(block, root.ns);
        },
      },
    });
    if (!document || !isW(document, 'document') || !wChild(document, 'body')) {
      throw new UnreadableFile('Not a Word document (.docx): no document body');
    }
  };

  const folder = mainPath.slice(0, mainPath.lastIndexOf('/') + 1);
  const rels = readRels(xmlOf(relsPath(mainPath)), folder);
  const partOfType = (suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix) && !r.external);
  const stylesPath = partOfType('/styles')?.target ?? `${folder}styles.xml`;
  const numberingPath = partOfType('/numbering')?.target ?? `${folder}numbering.xml`;
  const styles = new Styles(xmlOf(stylesPath));
  const numbering = new Numbering(xmlOf(numberingPath), styles);

  const corePath = [...packageRels.values()].find((r) => CORE_PROPERTIES.test(r.type))?.target ?? 'docProps/core.xml';
  const core = xmlOf(corePath);
  const dc = (local: string) => {
    const found = core && firstElement(core, local, DC);
    return found ? textOf(found).trim() : '';
  };

  return {
    readBody,
    styles,
    numbering,
    rels,
    part: (path) => entries.get(path),
    core: { title: dc('title'), creator: dc('creator') },
  };
}
