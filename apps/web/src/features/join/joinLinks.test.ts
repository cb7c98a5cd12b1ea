import { describe, expect, it } from 'vitest';
import { groupJoinLink, projectJoinLink } from './joinLinks';

describe('join links', () => {
  it('point at the join routes of this site', () => {
    expect(groupJoinLink({ slug: 'avionics', join_token: 'tok123' }, 'https://r.example')).toBe(
      'https://r.example/groups/join/avionics/tok123',
    );
    expect(projectJoinLink({ namespace: 'avionics', slug: 'fcs', join_token: 'abc' }, 'https://r.example')).toBe(
      'https://r.example/projects/join/avionics/fcs/abc',
    );
  });

  it('escape what a path segment cannot hold', () => {
    expect(groupJoinLink({ slug: 'a', join_token: 't/k?' }, 'http://h')).toBe('http://h/groups/join/a/t%2Fk%3F');
  });
});
