import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportAnswer } from '@reqloom/domain';
import { fixture, hasFixtures } from '../../../test/fixtures';
import { createTestApp, type SignedUp, type TestApp } from '../../../test/harness';
import { workingArea } from '../../../test/working-area';
import { setAlpha } from '../../user/user-admin.service';
import { readWordFile } from './word-import';

// Issue 31: a Word file's front matter (title page, revision history, before the first heading) is not the
// document's description. The title names the document; the rest is left out and the report says so.

let t: TestApp;
let alpha: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  alpha = await t.signUp();
  await setAlpha(t.ctx, alpha.email, true);
});
afterAll(async () => {
  await t.close();
});

const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });

/** A specification as another tool writes one: a title page with a revision history, then its chapters. */
async function specWithFrontMatter(): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Braking system specification', heading: HeadingLevel.TITLE }),
          new Paragraph('ACME Rail Division'),
          new Paragraph('Version 2.3'),
          new Paragraph({ children: [new TextRun({ text: 'REVISION HISTORY', bold: true })] }),
          new Table({
            rows: [
              new TableRow({ children: [cell('Section'), cell('Requirement'), cell('Change Date')] }),
              new TableRow({ children: [cell('All'), cell('None'), cell('1/21/05')] }),
            ],
          }),
          new Paragraph({ text: 'Introduction', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('The braking system stops the train.'),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

const importWord = (data: Buffer, projectId: number) =>
  alpha.agent.upload('/api/documents/importmsword', [
    { name: 'project_id', value: String(projectId) },
    { name: 'file', filename: 'braking.docx', data },
  ]);

describe('Word import: the front matter', () => {
  it('names the document after the title and leaves the title page and revision history out, saying so in the caller’s language', async () => {
    const data = await specWithFrontMatter();
    const reasons: Record<string, RegExp> = {
      en: /^The title page and what comes before the first heading .*the rest is left out/,
      fr: /^La page de titre et ce qui précède le premier titre .*le reste est laissé de côté/,
    };
    for (const lang of ['en', 'fr'] as const) {
      alpha.agent.lang = lang;
      const project = await workingArea(alpha).project();
      const res = await importWord(data, project.id);
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.data as ImportAnswer;
      const document = answer.data.documents[0]!;
      expect(document.name).toBe('Braking system specification');
      expect(document.description).toBe('');
      expect(answer.data.report.skipped).toEqual([
        {
          what: '“ACME Rail Division Version 2.3 REVISION HISTORY Section Requirement Change Date…”',
          reason: expect.stringMatching(reasons[lang]!),
        },
      ]);
      expect(answer.data.report.created.categories).toBe(1);
      const categories: { name: string; description: string }[] = await workingArea(alpha).ok(
        'GET',
        `/api/documents/categories/${document.id}`,
      );
      expect(categories.map((c) => [c.name, c.description])).toEqual([
        ['Introduction', '<p>The braking system stops the train.</p>'],
      ]);
    }
    alpha.agent.lang = 'en';
  });

  it('keeps what describes a document without headings: it has no front matter to tell apart', async () => {
    const document = new Document({
      sections: [
        { children: [new Paragraph({ text: 'Notes', heading: HeadingLevel.TITLE }), new Paragraph('Read me.')] },
      ],
    });
    const plan = readWordFile(await Packer.toBuffer(document), 'notes.docx');
    expect(plan.documents[0]!.description).toBe('<p>Read me.</p>');
    expect(plan.skipped).toEqual([]);
  });

  it.skipIf(!hasFixtures)('leaves the NASA cFE title page and revision history out of the description', () => {
    const file = 'nasa_cfe_software_requirements_spec_v5.1.docx';
    const plan = readWordFile(fixture(`docx/${file}`), file);
    const doc = plan.documents[0]!;
    expect(doc.name).toBe('core Flight Executive Software Requirements Specification');
    expect(doc.description ?? '').toBe('');
    expect(plan.skipped.filter((s) => s.reason === 'front_matter')).toEqual([
      {
        what: expect.stringMatching(/^“National Aeronautics and Space Administration Goddard Space Flight Center /),
        reason: 'front_matter',
      },
    ]);
  });
});
