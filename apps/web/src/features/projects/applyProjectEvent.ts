import type { QueryClient } from '@tanstack/react-query';
import type { ProjectPresented } from '@reqloom/domain';
import { queryKeys } from '../../api/queryKeys';
import type { ProjectEventName, WireEvent } from '../../api/wireEvent';
import { workingAreaKeys } from '../../api/workingAreaKeys';

export type ProjectEvent = WireEvent<ProjectEventName>;

/** The cached copies of a project, whatever address they were loaded at. */
function cachedAddresses(queryClient: QueryClient, projectId: number) {
  return queryClient
    .getQueriesData<ProjectPresented>({ queryKey: queryKeys.projectsByPath })
    .filter(([, project]) => project?.id === projectId);
}

/**
 * The one place that knows how each project event changes the caches, for the socket (other members) and for
 * the settings screens' own calls (the event their answer implies). What the screen does about it (follow a
 * transfer to the new address, leave a deleted project) is the screen's business, not the cache's.
 */
export function applyProjectEvent(queryClient: QueryClient, event: ProjectEvent): void {
  switch (event.name) {
    case 'ProjectUpdated': {
      const cached = cachedAddresses(queryClient, event.payload.project.id);
      // One payload goes to every member of the room: its my_role is not necessarily the reader's. The reader's own
      // role is kept; a change of it comes as ProjectMembersUpdated, which reads the project again (decisions §20).
      const myRole = cached.find(([, copy]) => copy)?.[1]?.my_role;
      const project = myRole ? { ...event.payload.project, my_role: myRole } : event.payload.project;
      const moved = cached.some(([key]) => key[2] !== project.namespace || key[3] !== project.slug);
      queryClient.setQueryData(queryKeys.projectByPath(project.namespace, project.slug), project);
      void queryClient.invalidateQueries({ queryKey: queryKeys.userProjects });
      // A transfer to or from a group changes the groups' project lists.
      if (moved) void queryClient.invalidateQueries({ queryKey: queryKeys.userGroups });
      return;
    }
    case 'ProjectSettingsUpdated': {
      const { project_id, settings } = event.payload;
      queryClient.setQueryData(queryKeys.projectSettings(project_id), settings);
      for (const [key] of cachedAddresses(queryClient, project_id)) {
        queryClient.setQueryData<ProjectPresented>(key, (current) => current && { ...current, settings });
      }
      return;
    }
    case 'ProjectMembersUpdated': {
      // The list changed, and maybe the caller's own role (my_role) with it: both are read again, never guessed.
      const { project_id } = event.payload;
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectMembers(project_id), exact: true });
      for (const [key] of cachedAddresses(queryClient, project_id))
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userProjects });
      return;
    }
    case 'ProjectDeleted': {
      // Callers stop showing the project first: a screen still on it would load it again (404).
      const { project_id } = event.payload;
      for (const [key] of cachedAddresses(queryClient, project_id))
        queryClient.removeQueries({ queryKey: key, exact: true });
      queryClient.removeQueries({ queryKey: queryKeys.projectSettings(project_id), exact: true });
      queryClient.removeQueries({ queryKey: queryKeys.projectMembers(project_id), exact: true });
      queryClient.removeQueries({ queryKey: workingAreaKeys.project(project_id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userProjects });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userGroups });
      return;
    }
  }
}

/**
 * After the connection came back (and the project was subscribed again), reloads everything of the project that
 * the screens show: events sent while the client was away are lost, so what they would have brought is read again.
 * Only the queries on screen reload now; the others are marked stale and reload when shown.
 */
export function catchUpProject(
  queryClient: QueryClient,
  project: Pick<ProjectPresented, 'id' | 'namespace' | 'slug'>,
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.projectByPath(project.namespace, project.slug), exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.projectSettings(project.id), exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.projectMembers(project.id), exact: true }),
    queryClient.invalidateQueries({ queryKey: workingAreaKeys.project(project.id) }),
  ]);
}
