import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createConfirmedUser } from '../modules/user/user-admin.service';
import { Agent } from './agent';

// Makes the backup fixture of cli/backup/fixtures (its README says when): a project made through the API of this
// version on an embedded database of its own, then the real `backup` command run on it. Kept in the repository, the
// file is what an instance of this version leaves behind; backup-versions.test.ts restores it with every later one.
//   npx tsx apps/server/src/test/backup-fixture.ts apps/server/src/cli/backup/fixtures/<name>.backup.gz

/** What the fixture holds, as the test checks it. */
export const FIXTURE = {
  owner: { name: 'Olive Owner', username: 'olive', email: 'olive@example.com', password: 'fixture password 1' },
  approver: { name: 'Ann Approver', username: 'ann', email: 'ann@example.com', password: 'fixture password 2' },
  project: { name: 'Brakes', acronym: 'BRK', slug: 'brakes' },
  baseline: 'Release 1',
  review: 'SRS sign-off',
} as const;

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(out: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-fixture-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://reqloom.test' });
  const built = await buildApp(config);
  await built.app.ready();
  try {
    const login = async (user: { name: string; username: string; email: string; password: string }) => {
      const made = await createConfirmedUser(built.ctx.db, user);
      if (!('id' in made)) throw new Error(JSON.stringify(made.errors));
      const agent = new Agent(built.app);
      const res = await agent.post('/api/auth/login', { email: user.email, password: user.password });
      if (res.statusCode !== 200) throw new Error(`login: ${res.body}`);
      return { agent, id: made.id };
    };
    const owner = await login(FIXTURE.owner);
    const ann = await login(FIXTURE.approver);
    const ok = async (agent: Agent, method: 'POST' | 'PUT', url: string, body: unknown) => {
      const res = await agent.request(method, url, body);
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.data?.data;
    };
    const project = await ok(owner.agent, 'POST', '/api/projects', { ...FIXTURE.project, group_id: null });
    await ok(ann.agent, 'POST', `/api/projects/join/${FIXTURE.owner.username}/${project.slug}`, {
      token: project.join_token,
    });
    await ok(owner.agent, 'PUT', `/api/projects/members/${project.id}/${ann.id}`, { role: 'reviewer' });
    const document = (acronym: string, parents: number[]) =>
      ok(owner.agent, 'POST', '/api/documents', {
        project_id: project.id,
        name: `Doc ${acronym}`,
        acronym,
        parents_id: parents,
      });
    const urs = await document('URS', []);
    const srs = await document('SRS', [urs.id]);
    const category = await ok(owner.agent, 'POST', '/api/categories', {
      document_id: srs.id,
      parent_id: null,
      name: 'Interfaces',
      acronym: 'INT',
    });
    const requirement = (documentId: number, name: string, categoryId: number | null = null) =>
      ok(owner.agent, 'POST', '/api/requirements', {
        document_id: documentId,
        category_id: categoryId,
        name,
        description: `<p>${name}, as kept.</p>`,
      });
    const need = await requirement(urs.id, 'Stop the car');
    const braking = await requirement(srs.id, 'Braking', category.id);
    const lights = await requirement(srs.id, 'Brake lights');
    await ok(owner.agent, 'PUT', `/api/requirements/${braking.id}`, { parents_id: [need.id] });
    await ok(owner.agent, 'PUT', `/api/requirements/${lights.id}`, { parents_id: [need.id] });
    await ok(owner.agent, 'POST', '/api/baselines', { project_id: project.id, name: FIXTURE.baseline });
    // Changed after the baseline: the live view and the kept one differ.
    await ok(owner.agent, 'PUT', `/api/requirements/${braking.id}`, { name: 'Braking, within 40 m' });
    await ok(owner.agent, 'POST', '/api/reviews', {
      project_id: project.id,
      title: FIXTURE.review,
      description: 'Before release',
      document_ids: [srs.id],
      due_date: '2026-12-24',
      participants: [{ user_id: ann.id, role: 'approver' }],
    });
  } finally {
    await built.app.close();
  }
  // The real command, as an operator runs it.
  execFileSync('npx', ['tsx', path.join(here, '../cli/main.ts'), 'backup', path.resolve(out)], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'inherit',
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [out] = process.argv.slice(2);
  if (!out) throw new Error('usage: backup-fixture.ts <file>');
  await main(out);
}
