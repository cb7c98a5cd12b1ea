import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { cookieOf, createTestApp, listen, type SignedUp, type TestApp } from '../../test/harness';
import { workingArea } from '../../test/working-area';

// CommentCreated over real Socket.IO clients, against the app listening on a real port.

let t: TestApp;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function following(user: SignedUp, projectId: number) {
  const socket = connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: cookieOf(user) },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = (await socket.emitWithAck('subscribe', { project_id: projectId })) as { ok: boolean };
  const got: any[] = [];
  socket.on('CommentCreated', (data: unknown) => got.push(data));
  return { socket, ack, got };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
};
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('CommentCreated', () => {
  it('reaches the members following the project, not the caller’s own socket nor outsiders', async () => {
    const owner = await t.signUp({ name: 'Owner Person' });
    const member = await t.signUp();
    const outsider = await t.signUp();
    const w = workingArea(owner);
    const project = await w.project();
    const document = await w.document(project.id, 'D');
    const requirement = await w.requirement(document.id, 'r');
    await member.agent.post(`/api/projects/join/${owner.username}/${project.slug}`, { token: project.join_token });

    const mine = await following(owner, project.id);
    const theirs = await following(member, project.id);
    const stranger = await following(outsider, project.id);
    expect([mine.ack.ok, theirs.ack.ok, stranger.ack.ok]).toEqual([true, true, false]);

    const res = await owner.agent.request(
      'POST',
      `/api/requirements/comment/${requirement.id}`,
      { content: 'line one\nline two' },
      { headers: { 'x-socket-id': mine.socket.id! } },
    );
    expect(res.statusCode).toBe(201);
    await until(() => theirs.got.length > 0);
    expect(theirs.got).toEqual([{ project_id: project.id, comment: res.data.data }]);
    expect(theirs.got[0].comment).toMatchObject({
      commentable_type: 'requirement',
      commentable_id: requirement.id,
      content: 'line one\nline two',
      author: { id: owner.id, name: 'Owner Person', initials: 'OP' },
    });

    // Without X-Socket-ID the caller's sockets get it too; a project comment travels the same way.
    const onProject = await member.agent.post(`/api/projects/comment/${project.id}`, {
      commentable_type: 'project',
      commentable_id: project.id,
      content: 'hi all',
    });
    await until(() => mine.got.length > 0 && theirs.got.length > 1);
    expect(mine.got.map((e) => e.comment.id)).toEqual([onProject.data.data.id]);
    expect(theirs.got.map((e) => e.comment.id)).toEqual([res.data.data.id, onProject.data.data.id]);
    await settle();
    expect(stranger.got).toEqual([]);
  });

  it('is not sent for a refused comment', async () => {
    const owner = await t.signUp();
    const member = await t.signUp();
    const w = workingArea(owner);
    const project = await w.project();
    await member.agent.post(`/api/projects/join/${owner.username}/${project.slug}`, { token: project.join_token });
    const theirs = await following(member, project.id);
    const refused = await owner.agent.post(`/api/projects/comment/${project.id}`, {
      commentable_type: 'document',
      commentable_id: 2_000_000_000,
      content: 'nowhere',
    });
    expect(refused.statusCode).toBe(422);
    expect(
      (
        await owner.agent.post(`/api/projects/comment/${project.id}`, {
          commentable_type: 'project',
          commentable_id: project.id,
          content: '<script></script>',
        })
      ).statusCode,
    ).toBe(422);
    await settle();
    expect(theirs.got).toEqual([]);
  });
});
