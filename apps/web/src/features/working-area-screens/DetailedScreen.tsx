import { Box } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { ElementSidePanels, type ElementKind } from '../side-panels/ElementSidePanels';
import { CategoryView } from './category/CategoryView';
import { useWorkingAreaPaths } from '../working-area/common/useWorkingAreaPaths';
import { WorkingAreaDialogs } from './dialogs/WorkingAreaDialogs';
import { DocumentView } from './document/DocumentView';
import { RequirementView } from './requirement/RequirementView';

/**
 * The detailed view of a document, category or requirement (route detailed/:elementView?/:elementId?, inside the
 * project shell). Any other element view shows the document view; without an element it goes to the overview.
 */
export function DetailedScreen() {
  const { elementView, elementId } = useParams();
  const paths = useWorkingAreaPaths();
  const id = Number(elementId);
  if (!elementId || !Number.isInteger(id) || id <= 0) return <Navigate to={paths.overview} replace />;
  return (
    <WorkingAreaDialogs>
      <ElementSidePanels kind={kindOf(elementView)} id={id}>
        <Box p={{ base: 'md', md: 'lg' }} maw={1400}>
          <DetailedView key={`${elementView}-${id}`} view={elementView} id={id} />
        </Box>
      </ElementSidePanels>
    </WorkingAreaDialogs>
  );
}

const kindOf = (view: string | undefined): ElementKind =>
  view === 'category' || view === 'requirement' ? view : 'document';

function DetailedView({ view, id }: { view: string | undefined; id: number }) {
  if (view === 'category') return <CategoryView categoryId={id} />;
  if (view === 'requirement') return <RequirementView requirementId={id} />;
  return <DocumentView documentId={id} />;
}
