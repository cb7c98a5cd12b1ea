import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { QUALITY_RULE_IDS } from '@reqloom/domain';
import { qualityText } from '@reqloom/domain/quality';
import { projects, requirements } from '../../db/schema';
import { joinAs } from '../../test/members';
import { useWorkingArea } from '../../test/working-area';

// Requirement quality through the API (decisions §25): a requirement's findings with offsets into its plain text, a
// document's in reading order with its mean, the project's disabled rules, and who may read them. The rule set grows
// (issue 38): these tests look at the TBD rule's findings, or turn every other rule off, so that they hold whatever
// the other rules find.

const suite = useWorkingArea();
type Finding = { rule: string; field: 'name' | 'description'; start: number; end: number; text: string };
type Quality = { score: number; language: string; findings: Finding[] };

const allBut = (rule: string) => QUALITY_RULE_IDS.filter((id) => id !== rule);
const tbds = (q: Quality) => q.findings.filter((f) => f.rule === 'tbd').map((f) => [f.field, f.text]);
const quality = async (kind: 'requirements' | 'documents', id: number | string, agent = suite.user.agent) => {
  const res = await agent.get(`/api/${kind}/quality/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.data.data;
};
/** A requirement whose description is only what is given (the builders repeat the name in it). */
const make = (documentId: number, name: string, categoryId: number | null = null, description = '') =>
  suite.w.ok('POST', '/api/requirements', { document_id: documentId, category_id: categoryId, name, description });
const settings = (projectId: number, body: unknown) =>
  suite.user.agent.put(`/api/projects/settings/${projectId}`, { settings: body });

describe('GET requirements/quality/{id}', () => {
  it('gives the findings with offsets into the plain text of the name and of a rich description', async () => {
    const { w } = suite;
    const project = await w.project();
    const document = await w.document(project.id, 'SRS');
    const name = 'The pump shall start within TBD seconds';
    const description =
      '<p>Valves A &amp; B shall close in &lt; 5&nbsp;s &#8212; see &quot;V1&quot;.</p>' +
      '<ul><li><p>Pressure: TBC</p></li><li><p>Flow&#x2009;rate: <strong>TBD</strong></p></li></ul>';
    const made = await w.ok('POST', '/api/requirements', { document_id: document.id, name, description });
    const stored = (await w.ok('GET', `/api/requirements/${made.id}`)).description as string;
    const text = qualityText(stored);
    expect(text).toContain('Valves A & B shall close in < 5\u00a0s');

    const q = (await quality('requirements', made.id)) as Quality;
    expect(tbds(q)).toEqual([
      ['name', 'TBD'],
      ['description', 'TBC'],
      ['description', 'TBD'],
    ]);
    for (const f of q.findings) expect(f.text, f.rule).toBe((f.field === 'name' ? name : text).slice(f.start, f.end));
    expect(q.language).toBe('en');
    expect(q.score).toBeGreaterThanOrEqual(0);
    expect(q.score).toBeLessThanOrEqual(100 - 3 * 15);
  });

  it('follows the language of the text: a French requirement gets the French rules', async () => {
    const { w } = suite;
    const project = await w.project();
    const document = await w.document(project.id, 'SRS');
    const name = 'Le système doit démarrer en TBD secondes';
    const made = await make(document.id, name, null, '<p>La valeur de la pression est TBC.</p>');
    const q = (await quality('requirements', made.id)) as Quality;
    expect(q.language).toBe('fr');
    expect(tbds(q)).toEqual([
      ['name', 'TBD'],
      ['description', 'TBC'],
    ]);
  });

  it('answers 404 for an unknown id, a bad id and a test, 403 to a non-member, and reads for a viewer', async () => {
    const { t, w } = suite;
    const project = await w.project();
    const document = await w.document(project.id, 'SRS');
    const requirement = await make(document.id, 'The valve shall close within TBD ms');
    const test = await w.requirement(document.id, 'A test');
    await t.ctx.db.update(requirements).set({ type: 'test' }).where(eq(requirements.id, test.id));
    for (const id of ['99999999', 'abc', '-1', '1e99', String(test.id)]) {
      const res = await suite.user.agent.get(`/api/requirements/quality/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.data).toEqual({ message: 'Not found.' });
    }
    const stranger = await t.signUp();
    for (const url of [`/api/requirements/quality/${requirement.id}`, `/api/documents/quality/${document.id}`]) {
      const res = await stranger.agent.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.data).toEqual({ message: 'This action is unauthorized.' });
    }
    const viewer = await t.signUp();
    await joinAs(t, suite.user, project, viewer, 'viewer');
    expect(tbds(await quality('requirements', requirement.id, viewer.agent))).toEqual([['name', 'TBD']]);
    const doc = await quality('documents', document.id, viewer.agent);
    expect(doc.requirements.map((r: { id: number }) => r.id)).toEqual([requirement.id]);
  });
});

describe('GET documents/quality/{id}', () => {
  it('lists the requirements, not the tests, in reading order, with the mean to one decimal and counts by rule', async () => {
    const { t, w } = suite;
    const project = await w.project();
    const document = await w.document(project.id, 'SYS');
    // Only the TBD rule counts here: every score is 100 less 15 a TBD.
    expect((await settings(project.id, { quality: { disabled: allBut('tbd') } })).statusCode).toBe(200);
    const first = await make(document.id, 'The pump shall start');
    const gen = await w.category(document.id, 'GEN');
    const late = await make(document.id, 'The display shall show the pressure in TBD units', gen.id);
    const second = await make(document.id, 'The pump shall stop');
    const third = await make(document.id, 'The pump shall report its state');
    const test = await make(document.id, 'A test with TBD');
    await t.ctx.db.update(requirements).set({ type: 'test' }).where(eq(requirements.id, test.id));

    const q = await quality('documents', document.id);
    const listed = q.requirements as ({ id: number; reference: string; name: string } & Quality)[];
    // The root's requirements before the category's (decisions §6), as the document's own list has them.
    expect(listed.map((r) => r.id)).toEqual([first.id, second.id, third.id, late.id]);
    const list = (await w.ok('GET', `/api/documents/requirements/${document.id}`)) as {
      id: number;
      reference: string;
    }[];
    expect(listed.map((r) => [r.id, r.reference])).toEqual(
      list.filter((r) => r.id !== test.id).map((r) => [r.id, r.reference]),
    );
    expect(listed.map((r) => r.score)).toEqual([100, 100, 100, 85]);
    expect(listed[3]).toMatchObject({ reference: 'SYS_GEN_002', name: late.name, language: 'en' });
    expect(q.mean_score).toBe(96.3);
    expect(q.by_rule).toEqual({ tbd: 1 });

    // Read again (its results kept): the same answer.
    expect(await quality('documents', document.id)).toEqual(q);
    // A document without requirements: 100, nothing counted.
    const empty = await w.document(project.id, 'EMP');
    expect(await quality('documents', empty.id)).toEqual({ mean_score: 100, by_rule: {}, requirements: [] });
    for (const id of ['99999999', 'abc'])
      expect((await suite.user.agent.get(`/api/documents/quality/${id}`)).statusCode).toBe(404);
  });
});

describe('projects.settings.quality', () => {
  it('turns rules off: their findings leave both answers, and an edit is checked again', async () => {
    const { w } = suite;
    const project = await w.project();
    const document = await w.document(project.id, 'SRS');
    const requirement = await make(document.id, 'The brake shall hold TBD newtons');
    const before = (await quality('requirements', requirement.id)) as Quality;
    expect(tbds(before)).toEqual([['name', 'TBD']]);

    const off = await settings(project.id, { quality: { disabled: ['tbd', 'tbd'] } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.data.data.quality).toEqual({ disabled: ['tbd'] });
    const after = (await quality('requirements', requirement.id)) as Quality;
    expect(tbds(after)).toEqual([]);
    expect(after.score).toBe(Math.min(100, before.score + 15));
    const doc = await quality('documents', document.id);
    expect(doc.by_rule.tbd).toBeUndefined();

    // On again, and the requirement edited: the new text is checked, not the kept result.
    expect((await settings(project.id, { quality: { disabled: [] } })).statusCode).toBe(200);
    await w.ok('PUT', `/api/requirements/${requirement.id}`, { name: 'The brake shall hold TBC or TBD newtons' });
    expect(tbds(await quality('requirements', requirement.id))).toEqual([
      ['name', 'TBC'],
      ['name', 'TBD'],
    ]);
  });

  it('refuses an unknown rule id (422, agreed shape) and changes nothing', async () => {
    const { w } = suite;
    const project = await w.project();
    expect((await settings(project.id, { quality: { disabled: ['passive-voice'] } })).statusCode).toBe(200);
    for (const quality of [{ disabled: ['tbd', 'no-such-rule'] }, { disabled: 'tbd' }, {}, 'x']) {
      const res = await settings(project.id, { organizationName: 'Changed', quality });
      expect(res.statusCode, JSON.stringify(quality)).toBe(422);
      expect(typeof res.data.message).toBe('string');
      const keys = Object.keys(res.data.errors as Record<string, string[]>);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((k) => k.startsWith('settings.quality'))).toBe(true);
    }
    const unknown = await settings(project.id, { quality: { disabled: ['no-such-rule'] } });
    expect(Object.keys(unknown.data.errors)).toEqual(['settings.quality.disabled.0']);
    const kept = await w.ok('GET', `/api/projects/settings/${project.id}`);
    expect(kept.quality).toEqual({ disabled: ['passive-voice'] });
    expect(kept.organizationName).not.toBe('Changed');
  });

  it('reads settings written before quality existed, or unreadable, as no rule turned off', async () => {
    const { t, w } = suite;
    const project = await w.project();
    const document = await w.document(project.id, 'SRS');
    const requirement = await make(document.id, 'The fan shall run at TBD rpm');
    for (const stored of [{ organizationName: 'Old' }, { organizationName: 'Old', quality: { disabled: ['gone'] } }]) {
      await t.ctx.db.update(projects).set({ settings: stored }).where(eq(projects.id, project.id));
      const read = await w.ok('GET', `/api/projects/settings/${project.id}`);
      expect(read).toMatchObject({ organizationName: 'Old', quality: { disabled: [] } });
      expect(tbds(await quality('requirements', requirement.id))).toEqual([['name', 'TBD']]);
    }
  });
});
