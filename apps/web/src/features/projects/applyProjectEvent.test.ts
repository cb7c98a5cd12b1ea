import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PROJECT_SETTINGS, type ProjectPresented } from '@reqloom/domain';
import { queryKeys } from '../../api/queryKeys';
import { workingAreaKeys } from '../../api/workingAreaKeys';
import { applyProjectEvent, catchUpProject } from './applyProjectEvent';
import { projectFixture } from './projectFixture';

const project = projectFixture;

function setUp() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.projectByPath('ada', 'engine'), project());
  queryClient.setQueryData(queryKeys.projectSettings(7), DEFAULT_PROJECT_SETTINGS);
  queryClient.setQueryData(workingAreaKeys.structure(7), []);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const invalidated = () => invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey)).sort();
  return { queryClient, invalidated };
}

describe('applyProjectEvent', () => {
  it('ProjectUpdated replaces the project and reloads my project list', () => {
    const { queryClient, invalidated } = setUp();
    applyProjectEvent(queryClient, { name: 'ProjectUpdated', payload: { project: project({ name: 'Turbine' }) } });
    expect(queryClient.getQueryData<ProjectPresented>(queryKeys.projectByPath('ada', 'engine'))?.name).toBe('Turbine');
    expect(invalidated()).toEqual([JSON.stringify(queryKeys.userProjects)]);
  });

  it('ProjectUpdated keeps the reader’s own role: the payload, sent to the whole room, may carry another’s', () => {
    const { queryClient } = setUp();
    queryClient.setQueryData(queryKeys.projectByPath('ada', 'engine'), project({ my_role: 'viewer' }));
    applyProjectEvent(queryClient, {
      name: 'ProjectUpdated',
      payload: { project: project({ name: 'Turbine', my_role: 'maintainer' }) },
    });
    const cached = queryClient.getQueryData<ProjectPresented>(queryKeys.projectByPath('ada', 'engine'));
    expect(cached?.name).toBe('Turbine');
    expect(cached?.my_role).toBe('viewer');
  });

  it('ProjectUpdated after a transfer caches it at its new address and reloads the groups too', () => {
    const { queryClient, invalidated } = setUp();
    applyProjectEvent(queryClient, {
      name: 'ProjectUpdated',
      payload: { project: project({ namespace: 'team', owner_type: 'group' }) },
    });
    expect(queryClient.getQueryData<ProjectPresented>(queryKeys.projectByPath('team', 'engine'))?.namespace).toBe(
      'team',
    );
    expect(invalidated()).toEqual([JSON.stringify(queryKeys.userGroups), JSON.stringify(queryKeys.userProjects)]);
  });

  it('ProjectSettingsUpdated replaces the settings and the copy inside the project', () => {
    const { queryClient } = setUp();
    const settings = { ...DEFAULT_PROJECT_SETTINGS, organizationName: 'ACME' };
    applyProjectEvent(queryClient, { name: 'ProjectSettingsUpdated', payload: { project_id: 7, settings } });
    expect(queryClient.getQueryData(queryKeys.projectSettings(7))).toEqual(settings);
    expect(queryClient.getQueryData<ProjectPresented>(queryKeys.projectByPath('ada', 'engine'))?.settings).toEqual(
      settings,
    );
  });

  it('ProjectMembersUpdated reads the members and the project (the caller’s role may have changed) again', () => {
    const { queryClient, invalidated } = setUp();
    applyProjectEvent(queryClient, { name: 'ProjectMembersUpdated', payload: { project_id: 7 } });
    expect(invalidated()).toEqual(
      [
        JSON.stringify(queryKeys.projectMembers(7)),
        JSON.stringify(queryKeys.projectByPath('ada', 'engine')),
        JSON.stringify(queryKeys.userProjects),
      ].sort(),
    );
  });

  it('ProjectDeleted forgets everything of the project and reloads my lists', () => {
    const { queryClient, invalidated } = setUp();
    applyProjectEvent(queryClient, { name: 'ProjectDeleted', payload: { project_id: 7 } });
    expect(queryClient.getQueryData(queryKeys.projectByPath('ada', 'engine'))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.projectSettings(7))).toBeUndefined();
    expect(queryClient.getQueryData(workingAreaKeys.structure(7))).toBeUndefined();
    expect(invalidated()).toEqual([JSON.stringify(queryKeys.userGroups), JSON.stringify(queryKeys.userProjects)]);
  });
});

describe('catchUpProject', () => {
  it('marks the project, its settings and its working area stale, and leaves other projects alone', async () => {
    const { queryClient } = setUp();
    queryClient.setQueryData(workingAreaKeys.structure(8), []);
    await catchUpProject(queryClient, project());
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(queryKeys.projectByPath('ada', 'engine'))).toBe(true);
    expect(stale(queryKeys.projectSettings(7))).toBe(true);
    expect(stale(workingAreaKeys.structure(7))).toBe(true);
    expect(stale(workingAreaKeys.structure(8))).toBe(false);
  });
});
