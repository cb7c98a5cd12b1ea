import { describe, expect, it } from 'vitest';
import { PROJECT_ROLES, type ProjectRole } from '@reqloom/domain';
import type { User } from '../core/identity';
import { can, type ProjectFacts } from './policy';

const user = { id: 7, alpha: false } as User;
const as = (role: ProjectRole | null): ProjectFacts => ({ id: 1, role });
const maintainer = as('maintainer');
const stranger = as(null);

describe('can', () => {
  it('lets a member call a route when their role is at least the route’s, and a non-member nothing', () => {
    for (const least of PROJECT_ROLES) {
      const allowed = PROJECT_ROLES.filter((role) => can(user, { do: 'project.call', project: as(role), least }));
      expect(allowed).toEqual(PROJECT_ROLES.slice(PROJECT_ROLES.indexOf(least)));
      expect(can(user, { do: 'project.call', project: stranger, least })).toBe(false);
    }
  });
  it('lets every member subscribe and open shared documents, and only editors and maintainers write them', () => {
    for (const role of PROJECT_ROLES) {
      expect(can(user, { do: 'project.subscribe', project: as(role) })).toBe(true);
      expect(can(user, { do: 'requirement.collaborate', project: as(role) })).toBe(true);
    }
    expect(
      PROJECT_ROLES.filter((role) => can(user, { do: 'requirement.collaborate.write', project: as(role) })),
    ).toEqual(['editor', 'maintainer']);
    for (const verb of ['project.subscribe', 'requirement.collaborate', 'requirement.collaborate.write'] as const)
      expect(can(user, { do: verb, project: stranger })).toBe(false);
  });
  it('lets a maintainer remove anyone, a member only leave, a non-member nothing', () => {
    expect(can(user, { do: 'member.remove', project: maintainer, userId: 8 })).toBe(true);
    expect(can(user, { do: 'member.remove', project: as('editor'), userId: 8 })).toBe(false);
    expect(can(user, { do: 'member.remove', project: as('viewer'), userId: 7 })).toBe(true);
    expect(can(user, { do: 'member.remove', project: stranger, userId: 7 })).toBe(false);
  });
  it('lets only the signer revoke a signature, while still a reviewer of the project (decisions §23)', () => {
    expect(can(user, { do: 'review.signature.revoke', project: as('reviewer'), signerId: 7 })).toBe(true);
    expect(can(user, { do: 'review.signature.revoke', project: maintainer, signerId: 8 })).toBe(false);
    expect(can(user, { do: 'review.signature.revoke', project: as('viewer'), signerId: 7 })).toBe(false);
    expect(can(user, { do: 'review.signature.revoke', project: stranger, signerId: 7 })).toBe(false);
  });
  it('transfers only as a maintainer, to oneself or a group one belongs to', () => {
    const group = (isMember: boolean) => ({ type: 'group' as const, group: { id: 3, isMember } });
    expect(can(user, { do: 'project.transfer', project: maintainer, target: { type: 'user', id: 7 } })).toBe(true);
    expect(can(user, { do: 'project.transfer', project: maintainer, target: { type: 'user', id: 8 } })).toBe(false);
    expect(can(user, { do: 'project.transfer', project: maintainer, target: group(true) })).toBe(true);
    expect(can(user, { do: 'project.transfer', project: maintainer, target: group(false) })).toBe(false);
    expect(can(user, { do: 'project.transfer', project: as('editor'), target: { type: 'user', id: 7 } })).toBe(false);
    expect(can(user, { do: 'project.transfer', project: stranger, target: { type: 'user', id: 7 } })).toBe(false);
  });
  it('gates alpha features on the flag', () => {
    expect(can(user, { do: 'feature.alpha' })).toBe(false);
    expect(can({ ...user, alpha: true }, { do: 'feature.alpha' })).toBe(true);
  });
  it('gives each part of a review its rights, and none once the project role is gone (decisions §23)', () => {
    const review = (moderatorId: number | null, participantRole: 'reviewer' | 'approver' | null) => ({
      moderatorId,
      participantRole,
    });
    const allowed = (
      verb: 'review.moderate' | 'review.delete' | 'review.feedback' | 'review.verdict' | 'review.sign',
      r: ReturnType<typeof review>,
    ) => PROJECT_ROLES.filter((role) => can(user, { do: verb, project: as(role), review: r }));
    // The moderator (user 7), as long as they stay an editor; a maintainer deletes any review.
    expect(allowed('review.moderate', review(7, null))).toEqual(['editor', 'maintainer']);
    expect(allowed('review.moderate', review(8, null))).toEqual([]);
    expect(allowed('review.delete', review(7, null))).toEqual(['editor', 'maintainer']);
    expect(allowed('review.delete', review(8, null))).toEqual(['maintainer']);
    expect(allowed('review.delete', review(null, null))).toEqual(['maintainer']);
    // Feedback: the moderator or any participant; verdicts: approvers; signing: any participant.
    expect(allowed('review.feedback', review(8, 'reviewer'))).toEqual(['reviewer', 'editor', 'maintainer']);
    expect(allowed('review.feedback', review(7, null))).toEqual(['reviewer', 'editor', 'maintainer']);
    expect(allowed('review.feedback', review(8, null))).toEqual([]);
    expect(allowed('review.verdict', review(8, 'approver'))).toEqual(['reviewer', 'editor', 'maintainer']);
    expect(allowed('review.verdict', review(7, 'reviewer'))).toEqual([]);
    expect(allowed('review.sign', review(8, 'reviewer'))).toEqual(['reviewer', 'editor', 'maintainer']);
    expect(allowed('review.sign', review(7, null))).toEqual([]);
    for (const verb of [
      'review.moderate',
      'review.delete',
      'review.feedback',
      'review.verdict',
      'review.sign',
    ] as const)
      expect(can(user, { do: verb, project: stranger, review: review(7, 'approver') })).toBe(false);
    // Resolving feedback: its author or the moderator.
    const resolve = (moderatorId: number, authorId: number | null, role: ProjectRole | null = 'reviewer') =>
      can(user, { do: 'review.feedback.resolve', project: as(role), review: review(moderatorId, null), authorId });
    expect(resolve(8, 7)).toBe(true);
    expect(resolve(7, 8)).toBe(true);
    expect(resolve(8, 8)).toBe(false);
    expect(resolve(8, null)).toBe(false);
    expect(resolve(8, 7, 'viewer')).toBe(false);
  });
});
