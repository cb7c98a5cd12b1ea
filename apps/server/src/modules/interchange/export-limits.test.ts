import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { requirements } from '../../db/schema';
import { useWorkingArea } from '../../test/working-area';

const suite = useWorkingArea();

async function exported(kind: 'exportmsword' | 'exportreqif', documentId: number) {
  const link = await suite.user.agent.get(`/api/documents/${kind}/${documentId}`);
  expect(link.statusCode, link.body).toBe(200);
  return suite.user.agent.get(link.data.url);
}

describe('exports of descriptions a client made hostile', () => {
  // 20,000 nested quotes (500 kB, within the million characters a description may hold): both exports of the
  // document overflowed the stack while converting it and were a 500 for every member, for as long as it stayed.
  it('export a description nested deeper than the editor ever nests, as the sanitiser now keeps it', async () => {
    const project = await suite.w.project();
    const document = await suite.w.document(project.id, 'SRS');
    const category = await suite.w.category(document.id, 'GEN');
    const requirement = await suite.w.requirement(document.id, 'Deep', category.id);
    const deep = `${'<blockquote>'.repeat(20_000)}<p>bottom line</p>${'</blockquote>'.repeat(20_000)}`;
    // Stored as it was before the sanitiser bounded nesting.
    await suite.t.ctx.db.update(requirements).set({ description: deep }).where(eq(requirements.id, requirement.id));
    for (const kind of ['exportmsword', 'exportreqif'] as const) {
      const file = await exported(kind, document.id);
      expect(file.statusCode, `${kind}: ${file.body.slice(0, 200)}`).toBe(200);
    }
    const reqif = await exported('exportreqif', document.id);
    expect(reqif.body).toContain('bottom line');
  });

  // Each requirement's blocks were added with push(...blocks): 142,000 empty paragraphs (within a description's
  // million characters) overflowed the call, and the document's Word export was a 500.
  it('exports a description of more paragraphs than a call takes arguments', async () => {
    const project = await suite.w.project();
    const document = await suite.w.document(project.id, 'SRS');
    const category = await suite.w.category(document.id, 'GEN');
    const requirement = await suite.w.requirement(document.id, 'Long', category.id);
    // Stored as it could be before rich text was bounded in elements (a PUT now refuses it).
    await suite.t.ctx.db
      .update(requirements)
      .set({ description: '<p></p>'.repeat(142_000) })
      .where(eq(requirements.id, requirement.id));
    const file = await exported('exportmsword', document.id);
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
  }, 60_000);
});
