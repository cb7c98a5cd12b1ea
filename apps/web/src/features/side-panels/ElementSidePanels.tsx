import type { ReactNode } from 'react';
import { useProject } from '../projects/useProject';
import { useRequirement } from '../working-area/api/useRequirement';
import { useStructure } from '../working-area/api/useStructure';
import { SidePanelLayout } from './SidePanelLayout';
import { useCommentsTab } from './useCommentsTab';
import { useExportSettingsTab } from './useExportSettingsTab';
import { useQualityTab } from './useQualityTab';
import { useTagsTab } from './useTagsTab';

export type ElementKind = 'document' | 'category' | 'requirement';

interface ElementSidePanelsProps {
  kind: ElementKind;
  id: number;
  children: ReactNode;
}

/**
 * The side tabs of the document, category and requirement views (spec 2): comments, tags and export settings, and
 * a requirement's quality (decisions §25).
 * Tags and export settings belong to the element's document. A test's comments are not loaded.
 */
export function ElementSidePanels({ kind, id, children }: ElementSidePanelsProps) {
  const projectId = useProject().project.id;
  const structure = useStructure(projectId);
  // Shared with the requirement view, which asks for the same requirement.
  const requirement = useRequirement(projectId, id, kind === 'requirement');
  const found = kind === 'requirement' ? requirement.data : undefined;
  const subject =
    kind === 'document'
      ? structure.data?.find((d) => d.id === id)?.name
      : kind === 'category'
        ? structure.data?.flatMap((d) => d.categories).find((c) => c.id === id)?.name
        : found && `${found.reference} ${found.name}`;
  // A requirement's comments wait until it is known not to be a test.
  const comments = useCommentsTab(
    kind !== 'requirement' || found?.test === false ? { type: kind, id } : null,
    subject,
    found?.test ? 'test' : 'pending',
  );
  const documentId =
    kind === 'document'
      ? id
      : kind === 'category'
        ? structure.data?.flatMap((d) => d.categories).find((c) => c.id === id)?.document_id
        : found?.document_id;
  const tags = useTagsTab(documentId, subject);
  const exportSettings = useExportSettingsTab(documentId, subject);
  const quality = useQualityTab(found, subject, kind === 'requirement');
  const tabs = quality ? [comments, tags, exportSettings, quality] : [comments, tags, exportSettings];
  return <SidePanelLayout tabs={tabs}>{children}</SidePanelLayout>;
}
