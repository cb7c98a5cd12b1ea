import { describe, expect, it } from 'vitest';
import type { User } from '../core/identity';
import { can } from './policy';

const user = { id: 7, alpha: false } as User;
const member = { id: 1, isMember: true };
const stranger = { id: 1, isMember: false };

describe('can', () => {
  it('lets members do everything in a project and nobody else anything', () => {
    for (const verb of [
      'project.read',
      'project.write',
      'project.delete',
      'project.subscribe',
      'requirement.collaborate',
    ] as const) {
      expect(can(user, { do: verb, project: member })).toBe(true);
      expect(can(user, { do: verb, project: stranger })).toBe(false);
    }
  });
  it('transfers only to oneself or a group one belongs to', () => {
    expect(can(user, { do: 'project.transfer', project: member, target: { type: 'user', id: 7 } })).toBe(true);
    expect(can(user, { do: 'project.transfer', project: member, target: { type: 'user', id: 8 } })).toBe(false);
    expect(can(user, { do: 'project.transfer', project: member, target: { type: 'group', group: member } })).toBe(true);
    expect(can(user, { do: 'project.transfer', project: member, target: { type: 'group', group: stranger } })).toBe(
      false,
    );
    expect(can(user, { do: 'project.transfer', project: stranger, target: { type: 'user', id: 7 } })).toBe(false);
  });
  it('gates alpha features on the flag', () => {
    expect(can(user, { do: 'feature.alpha' })).toBe(false);
    expect(can({ ...user, alpha: true }, { do: 'feature.alpha' })).toBe(true);
  });
});
