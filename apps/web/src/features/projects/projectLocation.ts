// The current project location (spec 1 §3): which view, and which element, stored at each navigation so that the
// views can bring the user back to where they were.

export type ViewType = 'detailed' | 'synaeptic';

export interface ProjectLocation {
  viewType: ViewType;
  elementView: string | null;
  elementId: string | null;
}

export const PROJECT_LOCATION_KEY = 'reqloom.projectLocation';

/** The location a path inside a project shows: the overview and settings count as the detailed view type. */
export function projectLocationFrom(subPath: string): ProjectLocation {
  const [view, elementView, elementId] = subPath.split('/').filter(Boolean);
  return {
    viewType: view === 'synaeptic' ? 'synaeptic' : 'detailed',
    elementView: (view === 'detailed' || view === 'synaeptic') && elementView ? elementView : null,
    elementId: (view === 'detailed' || view === 'synaeptic') && elementView && elementId ? elementId : null,
  };
}

/** The sub-path that shows the same element in the other view type (the top bar's toggle). */
export function pathInView(location: ProjectLocation, viewType: ViewType): string {
  if (location.elementView && location.elementId) {
    return `${viewType}/${location.elementView}/${location.elementId}`;
  }
  // Without an element the detailed view is the overview (spec 2 §2); the synaeptic map shows the whole project.
  return viewType === 'detailed' ? '' : 'synaeptic';
}

export function storeProjectLocation(location: ProjectLocation): void {
  try {
    localStorage.setItem(PROJECT_LOCATION_KEY, JSON.stringify(location));
  } catch {
    // Storage may be disabled (private mode): the location then lives only in the address bar.
  }
}

export function readProjectLocation(): ProjectLocation | null {
  try {
    const raw = localStorage.getItem(PROJECT_LOCATION_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<ProjectLocation>) : null;
    if (!value || (value.viewType !== 'detailed' && value.viewType !== 'synaeptic')) return null;
    return { viewType: value.viewType, elementView: value.elementView ?? null, elementId: value.elementId ?? null };
  } catch {
    return null;
  }
}
