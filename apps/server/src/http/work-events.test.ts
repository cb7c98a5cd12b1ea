import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { AgentResponse } from '../test/agent';
import { createTestApp, type SignedUp, type TestApp } from '../test/harness';
import { workingArea } from '../test/working-area';

// Issue 33 point 4: a write answers with the events its unit of work produced, the very list the project's room
// got for it, so that the caller applies them as the other members do.

type Heard = { name: string; payload: Record<string, unknown> };

let t: TestApp;
let base: string;
let owner: SignedUp;
let w: ReturnType<typeof workingArea>;
let projectId: number;
let documentId: number;
let otherDocumentId: number;
/** What another member's socket heard in the project's room, one event at a time, in order. */
const room: Heard[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  owner = await t.signUp();
  w = workingArea(owner);
  const project = await w.project();
  projectId = project.id;
  documentId = (await w.document(projectId, 'SYS')).id;
  otherDocumentId = (await w.document(projectId, 'SUB', [documentId])).id;
  const member = await t.signUp();
  await member.agent.post(`/api/projects/join/${owner.username}/${project.slug}`, { token: project.join_token });
  const cookie = [...member.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const socket = connect(base, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  expect(await socket.emitWithAck('subscribe', { project_id: projectId })).toMatchObject({ ok: true });
  socket.onAny((name: string, payload: Record<string, unknown>) => void room.push({ name, payload }));
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

/** Waits until the room has heard nothing for a while: the events of the writes before have all come. */
async function quiet() {
  for (let heard = -1; heard !== room.length;) {
    heard = room.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs a write and answers it with what the room heard for it, and nothing else. */
async function write(send: () => Promise<AgentResponse>) {
  await quiet();
  room.length = 0;
  const res = await send();
  const events = (res.data?.events ?? []) as Heard[];
  await vi.waitFor(() => expect(room.length).toBeGreaterThanOrEqual(events.length), { timeout: 5_000 });
  // Anything the room would hear beyond the answer's events comes within this pause.
  await new Promise((resolve) => setTimeout(resolve, 150));
  return { res, events, heard: [...room] };
}

describe("a write's answer carries its events", () => {
  it('PUT requirements/{id}: the answer is {data, events}, the events being what the room heard', async () => {
    const parent = await w.requirement(documentId, 'Parent');
    const child = await w.requirement(otherDocumentId, 'Child');
    const { res, events, heard } = await write(() =>
      owner.agent.put(`/api/requirements/${child.id}`, { status: 1, parents_id: [parent.id], version: child.version }),
    );
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.data)).toEqual(['data', 'events']);
    expect(events.length).toBeGreaterThan(0);
    expect(events).toEqual(heard);
    expect(events).toContainEqual({
      name: 'RequirementUpdated',
      payload: { requirement: res.data.data, project_id: projectId },
    });
  });

  it('a creation: its events are the room’s', async () => {
    const { res, events, heard } = await write(() =>
      owner.agent.post('/api/requirements', { document_id: documentId, category_id: null, name: 'New' }),
    );
    expect(res.statusCode).toBe(201);
    expect(events.map((e) => e.name)).toContain('RequirementUpdated');
    expect(events).toEqual(heard);
  });

  it('a move that touches several elements: its events are the room’s', async () => {
    await w.requirement(documentId, 'First');
    const second = await w.requirement(documentId, 'Second');
    const { res, events, heard } = await write(() => owner.agent.post(`/api/requirements/moveorderup/${second.id}`));
    expect(res.statusCode).toBe(200);
    expect(events.length).toBeGreaterThan(0);
    expect(events).toEqual(heard);
  });

  it('many children at once: the answer has the one RequirementsUpdated the room got', async () => {
    const parent = await w.requirement(documentId, 'Many');
    const children = Array.from({ length: 60 }, (_, i) => ({
      document_id: otherDocumentId,
      category_id: null,
      name: `Child ${i}`,
    }));
    const { res, events, heard } = await write(() =>
      owner.agent.put(`/api/requirements/createchildren/${parent.id}`, { children }),
    );
    expect(res.statusCode).toBe(200);
    expect(events.map((e) => e.name)).toContain('RequirementsUpdated');
    expect(events).toEqual(heard);
  });

  it('a deletion answers 204 as before, and 200 {events} when the call prefers a representation', async () => {
    const plain = await w.requirement(documentId, 'Plain');
    const gone = await owner.agent.delete(`/api/requirements/${plain.id}`);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');

    const asked = await w.requirement(documentId, 'Asked');
    const { res, events, heard } = await write(() =>
      owner.agent.request('DELETE', `/api/requirements/${asked.id}`, undefined, {
        headers: { prefer: 'return=representation' },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['preference-applied']).toBe('return=representation');
    expect(Object.keys(res.data)).toEqual(['events']);
    expect(events).toContainEqual({
      name: 'RequirementDeleted',
      payload: { requirement_id: asked.id, document_id: documentId, project_id: projectId },
    });
    expect(events).toEqual(heard);
  });

  it('a rolled-back write answers its error with no events, and the room hears nothing', async () => {
    const element = await w.requirement(documentId, 'Contested');
    await owner.agent.put(`/api/requirements/${element.id}`, { status: 1, version: element.version });
    const { res, heard } = await write(() =>
      owner.agent.put(`/api/requirements/${element.id}`, { status: 2, version: element.version }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.data.events).toBeUndefined();
    expect(heard).toEqual([]);
  });
});
