import { describe, expect, it } from 'vitest';
import { RICH_TEXT_ELEMENTS_MAX } from '@reqloom/domain';
import { useWorkingArea } from '../../../test/working-area';

const suite = useWorkingArea();

const paragraphs = (n: number) => '<p>a</p>'.repeat(n);

// 100,000 tiny paragraphs (within the million characters) made the first collaborative open of a requirement hold
// every request for 9.7 s, and its Word export for 25 s: rich text is bounded in elements where it enters.
describe('rich text over the bound in elements', () => {
  it('is refused with 422 on the field, in English and French, and nothing changes', async () => {
    const project = await suite.w.project();
    const document = await suite.w.document(project.id, 'SRS');
    const requirement = await suite.w.requirement(document.id, 'Braking');
    const over = paragraphs(RICH_TEXT_ELEMENTS_MAX + 1);
    const put = await suite.user.agent.put(`/api/requirements/${requirement.id}`, {
      description: over,
      version: requirement.version,
    });
    expect(put.statusCode, put.body.slice(0, 300)).toBe(422);
    expect(put.data.errors.description).toEqual([expect.stringMatching(/too many elements.*2,000/)]);
    const category = await suite.user.agent.post('/api/categories', {
      document_id: document.id,
      name: 'Chapter',
      acronym: 'CH',
      description: over,
    });
    expect(category.statusCode, category.body.slice(0, 300)).toBe(422);
    expect(category.data.errors.description).toBeDefined();
    suite.user.agent.lang = 'fr';
    const french = await suite.user.agent.put(`/api/requirements/${requirement.id}`, {
      description: over,
      version: requirement.version,
    });
    suite.user.agent.lang = 'en';
    expect(french.statusCode).toBe(422);
    expect(french.data.errors.description).toEqual([expect.stringMatching(/trop d’éléments.*2 000/)]);
    const after = (await suite.user.agent.get(`/api/requirements/${requirement.id}`)).data.data;
    expect(after.version).toBe(requirement.version);
    expect(after.description).toBe(requirement.description);
  });

  it('is refused in a comment too (the sanitiser keeps a comment’s markup)', async () => {
    const project = await suite.w.project();
    const document = await suite.w.document(project.id, 'SRS');
    const requirement = await suite.w.requirement(document.id, 'Braking');
    const url = `/api/requirements/comment/${requirement.id}`;
    const over = await suite.user.agent.post(url, { content: `x${'<br>'.repeat(RICH_TEXT_ELEMENTS_MAX + 1)}` });
    expect(over.statusCode, over.body.slice(0, 300)).toBe(422);
    expect(over.data.errors.content).toEqual([expect.stringMatching(/too many elements/)]);
    const at = await suite.user.agent.post(url, { content: `x${'<br>'.repeat(RICH_TEXT_ELEMENTS_MAX)}` });
    expect(at.statusCode, at.body.slice(0, 300)).toBe(201);
  });

  it('is taken at the bound', async () => {
    const project = await suite.w.project();
    const document = await suite.w.document(project.id, 'SRS');
    const requirement = await suite.w.requirement(document.id, 'Braking');
    const put = await suite.user.agent.put(`/api/requirements/${requirement.id}`, {
      description: paragraphs(RICH_TEXT_ELEMENTS_MAX),
      version: requirement.version,
    });
    expect(put.statusCode, put.body.slice(0, 300)).toBe(200);
  }, 60_000);
});
