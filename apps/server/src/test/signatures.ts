import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { SignedUp, TestApp } from './harness';
import { joinAs } from './members';
import { workingArea } from './working-area';

// Test fixtures of signatures (decisions §23): a project with two approvers, a reviewer, a viewer and an editor who
// takes no part, a review of one document, and the content hash recomputed from the baseline's answers alone.

/** JSON with sorted keys and no spaces, written here again from docs/decisions.md §23, not imported from the rule. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

type Answered = {
  id: number;
  reference: string;
  name: string;
  description: string;
  status: number;
  type: string;
  category_id: number | null;
  tags: { id: number; classifier_id: number; title: string }[];
  attributes: Record<string, string>;
  parents: { id: number; upToDate: boolean }[];
  children: { id: number; upToDate: boolean }[];
  initialConditions?: string;
  steps?: unknown[];
};

/**
 * The content hash of a baseline as anyone may recompute it, by the recipe of docs/decisions.md §23, from
 * `GET baselines/{id}` and `GET baselines/requirements/{id}?document_id` only.
 */
export async function recomputeContentHash(user: SignedUp, baselineId: number): Promise<string> {
  const baseline = await user.agent.get(`/api/baselines/${baselineId}`);
  expect(baseline.statusCode).toBe(200);
  const ids = (baseline.data.data.documents as { id: number }[]).map((d) => d.id).sort((a, b) => a - b);
  const lines = ['reqloom-content/1'];
  const byId = <T extends { id: number }>(list: T[]) => [...list].sort((a, b) => a.id - b.id);
  for (const id of ids) {
    lines.push(`["document",${id}]`);
    const answer = await user.agent.get(`/api/baselines/requirements/${baselineId}?document_id=${id}`);
    expect(answer.statusCode).toBe(200);
    for (const r of answer.data.data as Answered[]) {
      const line: Record<string, unknown> = {
        id: r.id,
        reference: r.reference,
        name: r.name,
        description: r.description,
        status: r.status,
        type: r.type,
        category_id: r.category_id,
        tags: byId(r.tags).map(({ id: tag, classifier_id, title }) => ({ id: tag, classifier_id, title })),
        attributes: r.attributes,
        parents: byId(r.parents).map(({ id: p, upToDate }) => ({ id: p, upToDate })),
        children: byId(r.children).map(({ id: c, upToDate }) => ({ id: c, upToDate })),
      };
      if (r.type === 'test')
        Object.assign(line, { initialConditions: r.initialConditions ?? '', steps: r.steps ?? [] });
      lines.push(sortedJson(line));
    }
  }
  return createHash('sha256').update(lines.join('\n'), 'utf8').digest('hex');
}

/** Everyone of a review, and the review of one document "SRS" with two requirements in one category. */
export async function reviewScene(t: TestApp) {
  const owner = await t.signUp({ name: 'Olive Owner' });
  const ann = await t.signUp({ name: 'Ann Approver' });
  const bob = await t.signUp({ name: 'Bob Approver' });
  const rita = await t.signUp({ name: 'Rita Reviewer' });
  const vic = await t.signUp({ name: 'Vic Viewer' });
  const eddie = await t.signUp({ name: 'Eddie Editor' });
  const w = workingArea(owner);
  const project = await w.project('Brakes');
  for (const [who, role] of [
    [ann, 'reviewer'],
    [bob, 'reviewer'],
    [rita, 'reviewer'],
    [vic, 'viewer'],
    [eddie, 'editor'],
  ] as const)
    await joinAs(t, owner, project, who, role);
  const srs = await w.document(project.id, 'SRS');
  const cat = await w.category(srs.id, 'GEN');
  const stop = await w.requirement(srs.id, 'The car shall stop within 40 m', cat.id);
  const warn = await w.requirement(srs.id, 'The driver shall be warned', cat.id);
  const review = await w.ok('POST', '/api/reviews', {
    project_id: project.id,
    title: 'SRS sign-off',
    document_ids: [srs.id],
    participants: [
      { user_id: ann.id, role: 'approver' },
      { user_id: bob.id, role: 'approver' },
      { user_id: rita.id, role: 'reviewer' },
    ],
  });
  return { owner, ann, bob, rita, vic, eddie, w, project, srs, cat, stop, warn, review };
}

/** POST reviews/sign/{id} as `user`, with its own password unless told. */
export const sign = (user: SignedUp, reviewId: number, meaning = 'approved', password = user.password) =>
  user.agent.post(`/api/reviews/sign/${reviewId}`, { password, meaning });
