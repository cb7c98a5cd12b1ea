import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig } from '../config';
import { plainTailedTransaction } from '../db/tailed-transaction';
import type { Database, Db } from '../db/client';
import * as schema from '../db/schema';
import { SESSION_COOKIE } from '../http/session-cookie';
import { Agent } from '../test/agent';
import { sharedTestDatabase, truncateAll } from '../test/database';
import type { SignedUp } from '../test/harness';
import { workingArea } from '../test/working-area';
import { openSession } from '../core/identity';
import { loadCategoryTrees } from '../read/categories.presenter';
import { findRequirement } from './working-area/core/lookups';
import { presentRequirement, presentRequirements } from '../read/requirements.presenter';
import { createConfirmedUser } from './user/user-admin.service';

// The hot reads in statements: the app runs here on a drizzle handle that logs every statement it
// sends (prepared ones included), over the worker's shared connection.
const statements: string[] = [];
let database: Database;
let built: BuiltApp;
let dataDir: string;
let db: Db;
let agent: Agent;
let w: ReturnType<typeof workingArea>;

beforeAll(async () => {
  database = await sharedTestDatabase();
  await truncateAll(database);
  const client = (database.db as unknown as { $client: unknown }).$client;
  const logger = { logQuery: (query: string) => void statements.push(query) };
  db =
    database.driver === 'pglite'
      ? drizzlePglite(client as PGlite, { schema, logger })
      : drizzlePg(client as Pool, { schema, logger });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-reads-'));
  built = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {
    database: {
      db,
      driver: database.driver,
      // Every statement through the logging instance, begin and commit included.
      tailedTransaction: plainTailedTransaction(db),
      close: async () => undefined,
      listen: database.listen,
      connections: database.connections,
    },
  });
  await built.app.ready();
  const user = await createConfirmedUser(database.db, {
    name: 'Reader',
    username: 'reader',
    email: 'reader@example.com',
    password: 'correct horse battery',
  });
  if ('errors' in user) throw new Error(JSON.stringify(user.errors));
  agent = new Agent(built.app);
  agent.cookies.set(SESSION_COOKIE, (await openSession(database.db, user.id)).token);
  w = workingArea({ agent, id: user.id } as SignedUp);
});

afterAll(async () => {
  await built.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A project with a parent and a child document, a two-level category, linked requirements and a revision. */
async function linkedProject() {
  const project = await w.project();
  const parentDoc = await w.document(project.id, 'P');
  const childDoc = await w.document(project.id, 'C', [parentDoc.id]);
  const top = await w.category(childDoc.id, 'K');
  const sub = await w.category(childDoc.id, 'S', top.id);
  const p = await w.requirement(parentDoc.id, 'p');
  const c = await w.requirement(childDoc.id, 'c', sub.id);
  const lonely = await w.requirement(childDoc.id, 'lonely');
  await w.ok('PUT', `/api/requirements/${c.id}`, { parents_id: [p.id], name: 'c renamed' });
  return { project, parentDoc, childDoc, p, c, lonely };
}

async function count(url: string) {
  statements.length = 0;
  const res = await agent.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return [...statements];
}

describe('statements per write', () => {
  it('PUT requirements/{id} of a name: one read of the row, under its lock; its revision kept by the update', async () => {
    const { c } = await linkedProject();
    agent.cookies.set(SESSION_COOKIE, (await openSession(database.db, c.author_id)).token);
    statements.length = 0;
    const res = await agent.put(`/api/requirements/${c.id}`, { name: 'renamed once' });
    expect(res.statusCode, res.body).toBe(200);
    // The row itself is selected by the work's lock only: the access check brought the type the gate needs.
    const rowReads = statements.filter((q) => /^select "id", "document_id"[^]*from "requirements"/.test(q));
    expect(rowReads, statements.join('\n---\n')).toHaveLength(1);
    expect(rowReads[0]).toMatch(/for no key update/);
    // Its revision is kept by the update's own statement.
    expect(statements.filter((q) => /insert into "revisions"/.test(q))).toEqual([
      expect.stringMatching(/^with "kept_revision" as \(insert into "revisions"[^]*\) update "requirements"/),
    ]);
  });
});

describe('statements per read', () => {
  it('GET requirements/{id} takes two statements (session; access with the read), then one; GET documents/{id} three', async () => {
    const { childDoc, c } = await linkedProject();
    // A fresh session, so that no sliding write of the session joins the count.
    agent.cookies.set(SESSION_COOKIE, (await openSession(database.db, c.author_id)).token);
    const requirement = await count(`/api/requirements/${c.id}`);
    expect(requirement.length, requirement.join('\n---\n')).toBeLessThanOrEqual(2);
    expect(requirement[0]).toMatch(/from "sessions"/);
    // The session is known now (modules/auth/auth-cache.ts): the next calls send only their own statements.
    const again = await count(`/api/requirements/${c.id}`);
    expect(again, again.join('\n---\n')).toHaveLength(1);
    expect(again[0]).not.toMatch(/"sessions"/);
    const document = await count(`/api/documents/${childDoc.id}`);
    expect(document.length, document.join('\n---\n')).toBeLessThanOrEqual(3);
  });

  it('presents a document of any size in a fixed number of statements, with no list of ids', async () => {
    const { childDoc } = await linkedProject();
    await database.db.insert(schema.requirements).values(
      Array.from({ length: 150 }, (_, i) => ({
        documentId: childDoc.id,
        referenceNumber: 1000 + i,
        name: `more ${i}`,
        position: 1000 + i,
      })),
    );
    const list = await count(`/api/documents/requirements/${childDoc.id}`);
    // session, locator, project and membership, category tree, rows, documents, links, authors
    expect(list.length).toBeLessThanOrEqual(8);
    const parameters = list.map((s) => new Set(s.match(/\$\d+/g) ?? []).size);
    expect(Math.max(...parameters)).toBeLessThanOrEqual(5);
  });
});

describe('one requirement and a list present alike', () => {
  it('gives the same references, links, up-to-date marks, coverage and author either way', async () => {
    const { p, c, lonely } = await linkedProject();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await w.ok('PUT', `/api/requirements/${p.id}`, { description: '<p>changed</p>' }); // the link turns stale
    for (const id of [p.id, c.id, lonely.id]) {
      const row = (await findRequirement(database.db, id))!;
      const single = await presentRequirement(database.db, row);
      const trees = await loadCategoryTrees(database.db, [row.documentId]);
      const [listed] = await presentRequirements(database.db, [row], { trees });
      expect(single).toEqual(listed);
    }
    // A document's list (its statements sent together) presents each of its requirements the same way.
    for (const doc of [c.document_id, p.document_id]) {
      const listed = (await agent.get(`/api/documents/requirements/${doc}`)).data.data as { id: number }[];
      expect(listed.length).toBeGreaterThan(0);
      for (const item of listed)
        expect(item).toEqual(await presentRequirement(database.db, (await findRequirement(database.db, item.id))!));
    }
    const child = await presentRequirement(database.db, (await findRequirement(database.db, c.id))!);
    expect(child).toMatchObject({ reference: 'C_K_S_001', parents: [{ id: p.id, upToDate: false }] });
    const detail = (await agent.get(`/api/requirements/${c.id}`)).data.data;
    expect(detail.revisions).toHaveLength(1);
    expect(detail.revisions[0]).toMatchObject({ name: 'c', requirement_id: c.id, author: { name: 'Reader' } });
  });
});

describe('projects/requirementlinks', () => {
  it('answers ids and up-to-date marks, for the project or for one document of it', async () => {
    const { project, parentDoc, p, c } = await linkedProject();
    const other = await linkedProject();
    const all = (await agent.get(`/api/projects/requirementlinks/${project.id}`)).data.data;
    expect(all).toEqual([{ parent_id: p.id, child_id: c.id, project_id: project.id, upToDate: true }]);
    const byDocument = await agent.get(`/api/projects/requirementlinks/${project.id}?document_id=${parentDoc.id}`);
    expect(byDocument.data.data).toEqual(all);
    // A document of another project gives nothing, whatever links it has.
    const foreign = await agent.get(`/api/projects/requirementlinks/${project.id}?document_id=${other.parentDoc.id}`);
    expect(foreign.data.data).toEqual([]);
  });
});
