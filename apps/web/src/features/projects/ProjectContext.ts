import { createContext } from 'react';
import type { ProjectPresented, ProjectSettings } from '@reqloom/domain';

/** The project the shell has loaded, for every screen inside it (overview, detailed views, settings). */
export type ProjectContextValue = { project: ProjectPresented; settings: ProjectSettings };

export const ProjectContext = createContext<ProjectContextValue | null>(null);
