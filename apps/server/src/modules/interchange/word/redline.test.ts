import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BaselineComparison, ComparedRequirement } from '@reqloom/domain';
import { readZip, utf8 } from '../zip';
import { buildRedlineDocx, redlineText, type RedlineInput } from './redline';

// The redline report of a baseline comparison (decisions §22), opened by a real word processor: LibreOffice reads the
// .docx and writes it back as flat ODF, where Word's tracked changes become its own changed regions, each an
// insertion or a deletion with its author. CI installs LibreOffice (see word-export.test.ts).

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-redline-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const requirement = (over: Partial<ComparedRequirement>): ComparedRequirement => ({
  id: 1,
  document_id: 10,
  reference: 'SRS_001',
  name: '',
  description: '',
  status: 0,
  category: null,
  tags: [],
  ...over,
});

const pump = requirement({
  id: 1,
  reference: 'SRS_P_001',
  name: 'The pump shall stop quickly',
  description: '<p>Within three seconds of the alarm.</p>',
  status: 2,
  category: 'Valves',
  tags: ['Safety', 'Cost'],
});
const alarm = requirement({ id: 2, reference: 'SRS_002', name: 'Alarm', description: '<p>Sound &amp; light</p>' });
const legacy = requirement({ id: 3, reference: 'SRS_003', name: 'Legacy mode', description: 'Kept for old panels' });

const comparison: BaselineComparison = {
  added: [alarm],
  removed: [legacy],
  changed: [
    {
      requirement: pump,
      changes: {
        name: { before: 'The pump shall start', after: pump.name },
        description: { before: '<p>Within two seconds of the alarm.</p>', after: pump.description },
        status: { before: 0, after: 2 },
        category: { before: 'Pumps', after: 'Valves' },
        tags: { before: ['Safety'], after: ['Safety', 'Cost'] },
      },
    },
  ],
  links: { added: [{ parent_id: 1, child_id: 2 }], removed: [{ parent_id: 3, child_id: 99 }] },
  counts: { added: 1, removed: 1, changed: 1 },
};

const input: RedlineInput = {
  comparison,
  project: 'Water plant',
  from: 'Release 1',
  to: 'Release 2',
  date: new Date('2026-03-01T10:00:00Z'),
  lang: 'en',
  authors: new Map([[1, { name: 'Alice Liddell', at: new Date('2026-02-10T09:30:00.123Z') }]]),
  author: 'Reqloom',
  documents: new Map([[10, 'Software requirements']]),
  references: new Map([[99, 'TST_009']]),
};

/** The document's WordprocessingML. */
function documentXml(docx: Buffer): string {
  return utf8(readZip(docx, (name) => name === 'word/document.xml').get('word/document.xml')!);
}

/** The .docx as LibreOffice reads it, written back as one flat ODF file. */
function flatOdf(docx: Buffer, name: string): string {
  const file = path.join(dir, `${name}.docx`);
  fs.writeFileSync(file, docx);
  try {
    execFileSync('soffice', ['--headless', '--convert-to', 'fodt', '--outdir', dir, file], {
      stdio: 'pipe',
      timeout: 120_000,
      env: { ...process.env, HOME: dir },
    });
  } catch (error) {
    throw new Error(`LibreOffice (soffice) must be installed to check the report: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return fs.readFileSync(path.join(dir, `${name}.fodt`), 'utf8');
}

/**
 * Each changed region of flat ODF: its kind, author, date and text. LibreOffice keeps the changed text in the body,
 * between the region's change-start and change-end marks (older versions kept a deletion's text in the region).
 */
function regions(fodt: string) {
  const strip = (xml: string) =>
    xml
      .replace(/<\/text:p>/g, '\n')
      .replace(/<[^>]+>/g, '')
      .trim();
  return [...fodt.matchAll(/<text:changed-region\b[^>]*text:id="([^"]+)"[^>]*>([\s\S]*?)<\/text:changed-region>/g)].map(
    ([, id, inner]) => {
      const start = fodt.indexOf(`<text:change-start text:change-id="${id}"/>`);
      const end = fodt.indexOf(`<text:change-end text:change-id="${id}"/>`);
      const inBody = start >= 0 && end > start ? strip(fodt.slice(start, end)) : '';
      return {
        kind: /<text:insertion>/.test(inner!) ? 'insertion' : /<text:deletion>/.test(inner!) ? 'deletion' : 'other',
        author: /<dc:creator>([^<]*)<\/dc:creator>/.exec(inner!)?.[1],
        date: /<dc:date>([^<]*)<\/dc:date>/.exec(inner!)?.[1],
        text: `${inBody}${strip(inner!.replace(/<office:change-info>[\s\S]*?<\/office:change-info>/g, ''))}`,
      };
    },
  );
}

describe('the redline report of a comparison', () => {
  it('writes what changed as tracked changes, with unique ids, authors and dates, deleted text as delText', async () => {
    const xml = documentXml(await buildRedlineDocx(input));
    const marks = [...xml.matchAll(/<w:(ins|del) ([^>]*)>/g)];
    expect(marks.length).toBeGreaterThan(10);
    const ids = marks.map(([, , attrs]) => /w:id="(\d+)"/.exec(attrs!)?.[1]);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, , attrs] of marks) {
      expect(attrs).toMatch(/w:author="[^"]+"/);
      expect(attrs).toMatch(/w:date="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"/);
    }
    expect(xml).toContain('w:author="Alice Liddell"');
    expect(xml).toContain('w:date="2026-02-10T09:30:00Z"');
    // Deleted words are delText inside w:del, inserted ones plain text inside w:ins.
    expect(xml).toMatch(/<w:del [^>]*>(?:(?!<\/w:del>)[\s\S])*<w:delText[^>]*>start<\/w:delText>/);
    expect(xml).toMatch(/<w:ins [^>]*>(?:(?!<\/w:ins>)[\s\S])*<w:t[^>]*>stop quickly<\/w:t>/);
    expect(xml).not.toMatch(/<w:t[^>]*>[^<]*start/);
  });

  it('opens in LibreOffice with each change as an insertion or a deletion by its author', async () => {
    const fodt = flatOdf(await buildRedlineDocx(input), 'report');
    expect(fodt).toContain('<text:tracked-changes');
    const found = regions(fodt);
    const text = (kind: string, author: string) =>
      found
        .filter((r) => r.kind === kind && r.author === author)
        .map((r) => r.text)
        .join('|');
    // The changed requirement, by its author: a word-level diff of name and description, then status, category, tags.
    const aliceDeleted = text('deletion', 'Alice Liddell');
    const aliceInserted = text('insertion', 'Alice Liddell');
    expect(aliceDeleted).toContain('start');
    expect(aliceInserted).toContain('stop quickly');
    expect(aliceDeleted).toContain('two');
    expect(aliceInserted).toContain('three');
    expect(aliceDeleted).toContain('Draft');
    expect(aliceInserted).toContain('Reviewed');
    expect(aliceDeleted).toContain('Pumps');
    expect(aliceInserted).toContain('Valves');
    expect(aliceInserted).toContain('Cost');
    // What did not change is not a change: the common words and the kept tag.
    expect(aliceDeleted + aliceInserted).not.toMatch(/pump|alarm|Safety/);
    expect(found.find((r) => r.author === 'Alice Liddell')!.date).toMatch(/^2026-02-10T09:30:00/);
    // The added requirement is inserted whole, the removed one deleted whole, and so are the links.
    const inserted = text('insertion', 'Reqloom');
    const deleted = text('deletion', 'Reqloom');
    expect(inserted).toContain('SRS_002');
    expect(inserted).toContain('Alarm');
    expect(inserted).toContain('Sound &amp; light');
    expect(deleted).toContain('Legacy mode');
    expect(deleted).toContain('Kept for old panels');
    expect(inserted).toContain('SRS_P_001 → SRS_002');
    expect(deleted).toContain('SRS_003 → TST_009');
    expect(found.every((r) => r.kind !== 'other')).toBe(true);
    // The headings and the summary are not changes.
    expect(fodt).toContain('Comparison of Release 1 and Release 2');
    expect(fodt).toContain('Software requirements');
    expect(fodt).toContain('Requirements: 1 added, 1 removed, 1 changed. Links: 1 added, 1 removed.');
  });

  it('speaks French to a French reader, and says when nothing changed', async () => {
    const empty: BaselineComparison = {
      added: [],
      removed: [],
      changed: [],
      links: { added: [], removed: [] },
      counts: { added: 0, removed: 0, changed: 0 },
    };
    const xml = documentXml(await buildRedlineDocx({ ...input, comparison: empty, lang: 'fr' }));
    expect(xml).toContain('Comparaison de Release 1 et Release 2');
    expect(xml).toContain('Rien n’a changé.');
    expect(xml).not.toMatch(/<w:(ins|del) /);
    const fr = documentXml(await buildRedlineDocx({ ...input, lang: 'fr' }));
    expect(fr).toContain('Statut: ');
    expect(fr).toContain('Brouillon');
  });

  it('takes a description as plain text, stored HTML or not', () => {
    expect(redlineText('<p>Sound &amp; <strong>light</strong></p><p>again</p>')).toBe('Sound & light again');
    expect(redlineText('a < b and c > d')).toBe('a < b and c > d');
  });
});
