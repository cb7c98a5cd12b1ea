import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportAnswer } from '@reqloom/domain';
import { fixture, hasFixtures } from '../../../test/fixtures';
import { createTestApp, type SignedUp, type TestApp } from '../../../test/harness';
import { png } from '../../../test/images';
import { workingArea } from '../../../test/working-area';
import { setAlpha } from '../../user/user-admin.service';

// POST documents/importmsword through the API: alpha users only (decisions §14), the file read by its content, the
// plan stored all or nothing.

let t: TestApp;
let alpha: SignedUp;
let plain: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  alpha = await t.signUp();
  plain = await t.signUp();
  await setAlpha(t.ctx, alpha.email, true);
});
afterAll(async () => {
  await t.close();
});

const importWord = (who: SignedUp, projectId: number, data: Buffer, name = 'file.docx') =>
  who.agent.upload('/api/documents/importmsword', [
    { name: 'project_id', value: String(projectId) },
    { name: 'file', filename: name, data },
  ]);

describe('POST documents/importmsword', () => {
  it('is for alpha users: another member gets 403 and nothing is made', async () => {
    const project = await workingArea(plain).project();
    const res = await importWord(plain, project.id, Buffer.from('irrelevant'));
    expect(res.statusCode).toBe(403);
  });

  it('refuses what is not a .docx with 422 on file', async () => {
    const project = await workingArea(alpha).project();
    for (const data of [png(), Buffer.from('<?xml version="1.0"?><w:document/>')]) {
      const res = await importWord(alpha, project.id, data);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.data.errors)).toEqual(['file']);
    }
  });

  it.skipIf(!hasFixtures)('imports the NASA HS trace table: 60 requirements in order', async () => {
    const w = workingArea(alpha);
    const project = await w.project();
    const res = await importWord(alpha, project.id, fixture('docx/nasa_hs_requirements_trace_table.docx'));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.data as ImportAnswer;
    expect(answer.data.report.created.requirements).toBe(60);
    const requirements: { name: string; description: string }[] = await w.ok(
      'GET',
      `/api/documents/requirements/${answer.data.documents[0]!.id}`,
    );
    expect(requirements.map((r) => r.name).slice(0, 2)).toEqual(['HS1000', 'HS1001']);
    expect(requirements.at(-1)!.name).toBe('HS8007.1');
    expect(requirements.some((r) => r.description.includes('<br'))).toBe(true);
  });

  it.skipIf(!hasFixtures)('imports the NASA cFE specification: its outline and the 33 SSR requirements', async () => {
    const w = workingArea(alpha);
    const project = await w.project();
    const res = await importWord(alpha, project.id, fixture('docx/nasa_cfe_software_requirements_spec_v5.1.docx'));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.data as ImportAnswer;
    expect(answer.data.report.created.requirements).toBe(33);
    expect(answer.data.report.created.categories).toBeGreaterThanOrEqual(36);
    expect(answer.data.report.skipped.some((s) => /wmf/i.test(`${s.what} ${s.reason}`))).toBe(true);
  });
});
