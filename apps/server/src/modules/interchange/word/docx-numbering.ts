import type { XmlElement } from '../xml/xml-tree';
import { wChild, wChildren, wVal } from './docx-xml';
import type { Styles } from './docx-styles';

// numbering.xml: a paragraph's `numId` names a `w:num`, which points to an abstract numbering (possibly through a
// numbering style, `w:numStyleLink`) and may override some of its levels. Only the format of each level matters
// here: a bullet makes an unordered list, a number or letter an ordered one, "none" no list at all.

type Levels = Map<number, string>;

function levelsOf(element: XmlElement | undefined): Levels {
  const levels: Levels = new Map();
  for (const lvl of element ? wChildren(element, 'lvl') : []) {
    const ilvl = Number(lvl.attrs.ilvl);
    const format = wVal(lvl, 'numFmt');
    if (Number.isInteger(ilvl) && format) levels.set(ilvl, format);
  }
  return levels;
}

export class Numbering {
  private readonly abstracts = new Map<string, { levels: Levels; styleLink?: string }>();
  private readonly nums = new Map<string, { abstractId?: string; overrides: Levels }>();

  constructor(
    xml: XmlElement | undefined,
    private readonly styles: Styles,
  ) {
    for (const abstract of xml ? wChildren(xml, 'abstractNum') : []) {
      const id = abstract.attrs.abstractNumId;
      if (id === undefined) continue;
      this.abstracts.set(id, { levels: levelsOf(abstract), styleLink: wVal(abstract, 'numStyleLink') });
    }
    for (const num of xml ? wChildren(xml, 'num') : []) {
      const id = num.attrs.numId;
      if (id === undefined) continue;
      const overrides: Levels = new Map();
      for (const override of wChildren(num, 'lvlOverride')) {
        const format = wVal(wChild(override, 'lvl'), 'numFmt');
        const ilvl = Number(override.attrs.ilvl);
        if (format && Number.isInteger(ilvl)) overrides.set(ilvl, format);
      }
      this.nums.set(id, { abstractId: wVal(num, 'abstractNumId'), overrides });
    }
  }

  /** The format of a level ("bullet", "decimal", "lowerLetter", "none"…), or null when it cannot be resolved. */
  format(numId: string, ilvl: number, depth = 0): string | null {
    const num = this.nums.get(numId);
    if (!num || depth > 4) return null;
    const overridden = num.overrides.get(ilvl);
    if (overridden) return overridden;
    const abstract = num.abstractId === undefined ? undefined : this.abstracts.get(num.abstractId);
    if (!abstract) return null;
    const own = abstract.levels.get(ilvl);
    if (own) return own;
    if (abstract.styleLink) {
      const linked = this.styles.numberingOf(abstract.styleLink).numId;
      if (linked !== undefined && linked !== numId) return this.format(linked, ilvl, depth + 1);
    }
    return null;
  }
}
