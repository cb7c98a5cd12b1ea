import { describe, expect, it } from 'vitest';
import { projectOfEvent } from './useProjectEvents';

describe('projectOfEvent', () => {
  it('reads project_id, else the project or the entity carried', () => {
    expect(projectOfEvent({ project_id: 3 })).toBe(3);
    expect(projectOfEvent({ project: { id: 4, name: 'P' } })).toBe(4);
    expect(projectOfEvent({ document: { id: 9, project_id: 5 } })).toBe(5);
  });

  it('answers nothing when the payload names no project', () => {
    expect(projectOfEvent({ document_ids: [1, 2] })).toBeUndefined();
    expect(projectOfEvent(null)).toBeUndefined();
  });
});
