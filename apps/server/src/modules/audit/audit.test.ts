import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, unique, type SignedUp, type TestApp } from '../../test/harness';
import { joinAs, setRole } from '../../test/members';
import { auditEntries } from '../../db/schema';

// The audit trail's routes (decisions §21): who did it, the filters, the cursor, refusals, the CSV export.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Project = { id: number; slug: string; join_token: string; name: string };
type Entry = {
  id: number;
  at: string;
  actor: { type: string; id: number | null; name: string; token_name: string | null };
  action: string;
  entity_type: string;
  entity_id: number | null;
  entity_reference: string | null;
  changes: Record<string, { old?: unknown; new?: unknown }>;
};

async function newProject(user: SignedUp): Promise<Project> {
  const res = await user.agent.post('/api/projects', {
    name: 'Audited',
    acronym: 'AUD',
    slug: unique('aud'),
    group_id: null,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.data.data;
}

const trail = async (user: SignedUp, projectId: number, query = '') => {
  const res = await user.agent.get(`/api/projects/audit/${projectId}${query}`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.data as { data: Entry[]; next_cursor: string | null };
};

describe('audit trail', () => {
  it('records who joined, whose role changed and who left, newest first, with the old and new values', async () => {
    const owner = await t.signUp({ name: 'Olga Owner' });
    const project = await newProject(owner);
    const member = await t.signUp({ name: 'Mel Member' });
    await joinAs(t, owner, project, member, 'viewer');
    await member.agent.delete(`/api/projects/members/${project.id}/${member.id}`);

    const { data } = await trail(owner, project.id);
    const members = data.filter((e) => e.entity_type === 'member');
    expect(members.map((e) => e.action)).toEqual(['member_removed', 'member_role_changed', 'member_joined']);
    expect(members[0]).toMatchObject({
      actor: { type: 'user', id: member.id, name: 'Mel Member', token_name: null },
      entity_id: member.id,
      entity_reference: 'Mel Member',
      changes: { role: { old: 'viewer' } },
    });
    expect(members[1]).toMatchObject({
      actor: { type: 'user', id: owner.id, name: 'Olga Owner' },
      changes: { role: { old: 'editor', new: 'viewer' } },
    });
    expect(members[2]).toMatchObject({ actor: { id: member.id }, changes: { role: { new: 'editor' } } });
  });

  it("names an access token's owner and the token", async () => {
    const owner = await t.signUp({ name: 'Tia Token' });
    const project = await newProject(owner);
    const member = await t.signUp();
    await joinAs(t, owner, project, member, 'editor');
    const token = (await owner.agent.post('/api/auth/generatetoken', { name: 'CI robot' })).data.data.token as string;
    const client = t.agent();
    client.bearer = token;
    expect(
      (await client.put(`/api/projects/members/${project.id}/${member.id}`, { role: 'reviewer' })).statusCode,
    ).toBe(200);
    const [entry] = (await trail(owner, project.id, '?action=member_role_changed')).data;
    expect(entry!.actor).toEqual({ type: 'token', id: owner.id, name: 'Tia Token', token_name: 'CI robot' });
  });

  it('leaves no entry for a change that was refused and rolled back', async () => {
    const owner = await t.signUp();
    const project = await newProject(owner);
    const before = (await trail(owner, project.id)).data.length;
    // The last maintainer demoting themself is refused: nothing changed, nothing recorded.
    const res = await owner.agent.put(`/api/projects/members/${project.id}/${owner.id}`, { role: 'editor' });
    expect(res.statusCode).toBe(422);
    expect((await trail(owner, project.id)).data.length).toBe(before);
  });

  it('pages newest first with a cursor, and filters by actor, action, entity and dates', async () => {
    const owner = await t.signUp();
    const project = await newProject(owner);
    const people: SignedUp[] = [];
    for (let i = 0; i < 5; i++) {
      const person = await t.signUp();
      people.push(person);
      await joinAs(t, owner, project, person, 'editor');
    }
    const all = (await trail(owner, project.id, '?limit=200')).data;
    expect(all.length).toBeGreaterThanOrEqual(5);
    const ids = all.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: Entry[]; next_cursor: string | null } = await trail(
        owner,
        project.id,
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((e) => e.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids);

    const third = people[2]!;
    const byActor = (await trail(owner, project.id, `?actor_id=${third.id}`)).data;
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((e) => e.actor.id === third.id)).toBe(true);
    const joined = (await trail(owner, project.id, '?action=member_joined')).data;
    expect(joined.map((e) => e.entity_id).sort()).toEqual(people.map((p) => p.id).sort());
    const one = (await trail(owner, project.id, `?entity_type=member&entity_id=${third.id}`)).data;
    expect(one.every((e) => e.entity_id === third.id)).toBe(true);
    expect((await trail(owner, project.id, '?before=2000-01-01')).data).toEqual([]);
    expect((await trail(owner, project.id, '?after=2000-01-01&limit=200')).data.length).toBe(all.length);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await trail(owner, project.id, `?after=${encodeURIComponent(future)}`)).data).toEqual([]);
  });

  it('answers 422, not 500, to a bad date, a tampered cursor, an unknown action or limit out of range', async () => {
    const owner = await t.signUp();
    const project = await newProject(owner);
    const bad = [
      ['before=yesterday', 'before'],
      ['after=2026-13-45', 'after'],
      ['after=2026-02-30T25:00:00Z', 'after'],
      [`cursor=${Buffer.from('9999.abc').toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from("1' or 1=1 --").toString('base64url')}`, 'cursor'],
      ['cursor=%00%01', 'cursor'],
      ['action=dropped', 'action'],
      ['entity_type=secret', 'entity_type'],
      ['entity_id=3', 'entity_type'],
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['actor_id=1e3', 'actor_id'],
    ] as const;
    for (const [query, field] of bad) {
      const res = await owner.agent.get(`/api/projects/audit/${project.id}?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.data.errors ?? {}), query).toContain(field);
    }
  });

  it('is read by editors and up only; a viewer, a reviewer and a stranger are refused', async () => {
    const owner = await t.signUp();
    const project = await newProject(owner);
    for (const role of ['viewer', 'reviewer'] as const) {
      const member = await t.signUp();
      await joinAs(t, owner, project, member, role);
      expect((await member.agent.get(`/api/projects/audit/${project.id}`)).statusCode).toBe(403);
      expect((await member.agent.get(`/api/projects/auditexport/${project.id}`)).statusCode).toBe(403);
      await setRole(owner, project.id, member, 'editor');
      expect((await member.agent.get(`/api/projects/audit/${project.id}`)).statusCode).toBe(200);
    }
    const stranger = await t.signUp();
    expect((await stranger.agent.get(`/api/projects/audit/${project.id}`)).statusCode).toBe(403);
  });

  it('exports a one-time CSV (BOM, one line per entry, formula cells as text) and records the export', async () => {
    const owner = await t.signUp({ name: '=HYPERLINK("http://evil","x")' });
    const project = await newProject(owner);
    const member = await t.signUp({ name: '+Plus, "quoted"' });
    await joinAs(t, owner, project, member, 'viewer');
    const link = await owner.agent.get(`/api/projects/auditexport/${project.id}?entity_type=member`);
    expect(link.statusCode).toBe(200);
    const url: string = link.data.url;
    const file = await owner.agent.get(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor_type,actor_id,actor_name,token_name,action,entity_type,entity_id,entity_reference,document_id,changes',
    );
    const entries = (await trail(owner, project.id, '?entity_type=member')).data;
    expect(lines.length - 1).toBe(entries.length);
    expect(file.body).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(file.body).toContain(`"'+Plus, ""quoted"""`);
    expect(file.body).not.toMatch(/,=HYPERLINK/);
    // Once only, and only for its user.
    expect((await owner.agent.get(url)).statusCode).toBe(404);
    const exported = (await trail(owner, project.id, '?action=exported')).data;
    expect(exported).toHaveLength(1);
    expect(exported[0]!.changes.filters).toEqual({ new: { entity_type: 'member' } });
  });

  it('cannot be changed or deleted, but goes with its project, whose deletion is itself recorded', async () => {
    const owner = await t.signUp();
    const project = await newProject(owner);
    const member = await t.signUp();
    await joinAs(t, owner, project, member, 'editor');
    await expect(
      t.ctx.db.execute(sql`update audit_entries set action = 'created' where project_id = ${project.id}`),
    ).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_entries where project_id = ${project.id}`)).rejects.toThrow();
    expect((await owner.agent.delete(`/api/projects/${project.id}`)).statusCode).toBe(204);
    const rows = await t.ctx.db
      .select({
        project_id: auditEntries.projectId,
        action: auditEntries.action,
        entity_type: auditEntries.entityType,
        entity_id: auditEntries.entityId,
        entity_reference: auditEntries.entityReference,
      })
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, 'project'), eq(auditEntries.entityId, project.id)));
    expect(rows).toEqual([
      {
        project_id: null,
        action: 'deleted',
        entity_type: 'project',
        entity_id: project.id,
        entity_reference: 'Audited (AUD)',
      },
    ]);
    const kept = await t.ctx.db.$count(auditEntries, sql`${auditEntries.projectId} = ${project.id}`);
    expect(kept).toBe(0);
  });
});
