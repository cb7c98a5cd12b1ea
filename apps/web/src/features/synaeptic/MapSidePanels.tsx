import type { ReactNode } from 'react';
import type { Commentable } from '@reqloom/domain';
import { useProject } from '../projects/useProject';
import { SidePanelLayout } from '../side-panels/SidePanelLayout';
import { useCommentsTab } from '../side-panels/useCommentsTab';
import { useExportSettingsTab } from '../side-panels/useExportSettingsTab';
import { useTagsTab } from '../side-panels/useTagsTab';
import type { StructureDocument } from '../working-area/api/workingAreaApi';
import type { MapRequirement } from './logic/mapData';
import type { MapElement } from './logic/trace';

interface MapSidePanelsProps {
  element: MapElement;
  documents: readonly StructureDocument[];
  requirement: MapRequirement | undefined;
  children: ReactNode;
}

/**
 * The side tabs of spec 2 in the map, for the element it shows: the project's comments, or a document's, a
 * category's or a requirement's comments, tags and export settings. One component whatever the element, so that
 * selecting another one in the map changes the tabs without mounting the map again.
 */
export function MapSidePanels({ element, documents, requirement, children }: MapSidePanelsProps) {
  const { project } = useProject();
  const category =
    element.view === 'category' ? documents.flatMap((d) => d.categories).find((c) => c.id === element.id) : undefined;
  const subject =
    element.view === 'project'
      ? project.name
      : element.view === 'document'
        ? documents.find((d) => d.id === element.id)?.name
        : element.view === 'category'
          ? category?.name
          : requirement && `${requirement.reference} ${requirement.name}`;
  // A requirement's comments wait until it is known not to be a test (spec 2).
  const target: Commentable | null =
    element.view === 'project'
      ? { type: 'project', id: project.id }
      : element.view === 'requirement'
        ? requirement && !requirement.test
          ? { type: 'requirement', id: element.id }
          : null
        : { type: element.view, id: element.id };
  const comments = useCommentsTab(target, subject, requirement?.test ? 'test' : 'pending');
  const documentId =
    element.view === 'document'
      ? element.id
      : element.view === 'category'
        ? category?.document_id
        : requirement?.document_id;
  const tags = useTagsTab(documentId, subject);
  const exportSettings = useExportSettingsTab(documentId, subject);
  const tabs = element.view === 'project' ? [comments] : [comments, tags, exportSettings];
  return <SidePanelLayout tabs={tabs}>{children}</SidePanelLayout>;
}
