import { describe, expect, it } from 'vitest';
import { linksTurningSuspect } from './suspectOnSave';

const requirement = {
  name: 'Pump',
  description: '<p>Starts</p>',
  status: 1,
  children: [
    { id: 1, upToDate: true },
    { id: 2, upToDate: false },
    { id: 3, upToDate: true },
  ],
};

describe('linksTurningSuspect', () => {
  it('counts the children links up to date when the name, description or status changes', () => {
    expect(linksTurningSuspect(requirement, { name: 'Pump 2' })).toBe(2);
    expect(linksTurningSuspect(requirement, { description: '<p>Starts at once</p>' })).toBe(2);
    expect(linksTurningSuspect(requirement, { status: 2 })).toBe(2);
  });

  it('counts none when nothing the rule reads changes', () => {
    expect(linksTurningSuspect(requirement, { name: 'Pump', description: '<p>Starts</p>', status: 1 })).toBe(0);
    expect(linksTurningSuspect(requirement, {})).toBe(0);
    expect(linksTurningSuspect({ ...requirement, children: [] }, { name: 'Other' })).toBe(0);
  });
});
