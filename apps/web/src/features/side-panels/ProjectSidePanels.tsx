import type { ReactNode } from 'react';
import { useProject } from '../projects/useProject';
import { SidePanelLayout } from './SidePanelLayout';
import { useCommentsTab } from './useCommentsTab';

/** The project overview's side tabs (spec 2): comments only, on the project itself. */
export function ProjectSidePanels({ children }: { children: ReactNode }) {
  const { project } = useProject();
  const comments = useCommentsTab({ type: 'project', id: project.id }, project.name);
  return <SidePanelLayout tabs={[comments]}>{children}</SidePanelLayout>;
}
