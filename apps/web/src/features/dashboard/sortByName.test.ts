import { describe, expect, it } from 'vitest';
import type { GroupPresented, ProjectPresented } from '@reqloom/domain';
import { sortGroups, sortProjects } from './sortByName';

const project = (name: string, owner_id: number) => ({ name, owner_id }) as ProjectPresented;
const group = (name: string, id: number) => ({ name, id }) as GroupPresented;

describe('dashboard order', () => {
  it('sorts projects by name, then by owner id', () => {
    const sorted = sortProjects([
      project('beta', 1),
      project('Alpha', 9),
      project('alpha', 2),
      project('Project 10', 1),
      project('Project 9', 1),
    ]);
    expect(sorted.map((p) => `${p.name}#${p.owner_id}`)).toEqual([
      'alpha#2',
      'Alpha#9',
      'beta#1',
      'Project 9#1',
      'Project 10#1',
    ]);
  });

  it('sorts groups by name, accents aside', () => {
    expect(sortGroups([group('Zeta', 1), group('Équipe', 2), group('avionics', 3)]).map((g) => g.name)).toEqual([
      'avionics',
      'Équipe',
      'Zeta',
    ]);
  });
});
