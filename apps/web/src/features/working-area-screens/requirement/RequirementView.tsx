import { useState } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../../api/ApiError';
import { FormAlert } from '../../../components/FormAlert';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { errorMessage } from '../../../components/errorMessage';
import { usePageTitle } from '../../../components/usePageTitle';
import { RequirementTags } from '../../tags/RequirementTags';
import { useAlpha } from '../../user/useAlpha';
import { TestView } from '../../tests/view/TestView';
import { useCan } from '../../projects/useCan';
import { useProject } from '../../projects/useProject';
import { ImpactSection } from '../../impact/ImpactSection';
import { GuidedTour } from '../../tours/GuidedTour';
import { requirementTour } from '../../tours/requirementTour';
import { useDocumentRequirements } from '../../working-area/api/useDocumentRequirements';
import { useRequirement } from '../../working-area/api/useRequirement';
import { useStructure } from '../../working-area/api/useStructure';
import { Section } from '../../working-area/common/Section';
import { useWorkingAreaPaths } from '../../working-area/common/useWorkingAreaPaths';
import { useRequirementCommands } from '../../working-area/requirements/useRequirementCommands';
import { RequirementAttributes } from '../../working-area/requirement/RequirementAttributes';
import { RequirementDescription } from '../../working-area/requirement/RequirementDescription';
import { RequirementNavigation } from '../../working-area/requirement/RequirementNavigation';
import { RequirementPlacement } from '../../working-area/requirement/RequirementPlacement';
import { RequirementTitle } from '../../working-area/requirement/RequirementTitle';
import { RevisionsTable } from '../../working-area/requirement/RevisionsTable';
import { StatusStepper } from '../../working-area/requirement/StatusStepper';
import { TraceabilitySection } from '../../working-area/requirement/TraceabilitySection';
import { SuspectLinkDialog } from '../../suspect-links/SuspectLinkDialog';
import classes from '../../working-area/requirement/RequirementView.module.css';

/**
 * The requirement view (spec 2): place, name, reference, neighbours, status stepper, description with the tags of
 * each classifier, traceability, impact and revisions. Comments are in the side tabs.
 */
export function RequirementView({ requirementId }: { requirementId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projectId = useProject().project.id;
  const paths = useWorkingAreaPaths();
  const commands = useRequirementCommands();
  const alpha = useAlpha();
  const canEdit = useCan('editor');
  const query = useRequirement(projectId, requirementId);
  const structure = useStructure(projectId);
  const requirement = query.data;
  const readingOrder = useDocumentRequirements(projectId, requirement?.document_id);
  // Where to go if it disappears (deleted by another member): its category, else its document.
  const [lastPlace, setLastPlace] = useState<string | null>(null);
  // The stale link whose parent's change is shown (decisions §22).
  const [shownLink, setShownLink] = useState<{ parentId: number; childId: number } | null>(null);
  const place = requirement
    ? requirement.category_id !== null
      ? paths.category(requirement.category_id)
      : paths.document(requirement.document_id)
    : null;
  if (place && place !== lastPlace) setLastPlace(place);
  usePageTitle(requirement?.name ?? t('requirements.kind'));

  if (query.error instanceof ApiError && query.error.status === 404) {
    return <Navigate to={lastPlace ?? paths.overview} replace />;
  }
  if (query.error) return <FormAlert message={errorMessage(query.error, t)} />;
  if (!requirement || !structure.data) return <ScreenLoader />;
  const documents = structure.data;
  const document = documents.find((d) => d.id === requirement.document_id);
  if (requirement.type === 'test') {
    // Tests are shown only to alpha users (spec 2): the others are led to the test's place, as for a missing one.
    if (alpha === null) return <ScreenLoader />;
    if (!alpha) return <Navigate to={place ?? paths.overview} replace />;
    return <TestView test={requirement} documents={documents} readingOrder={readingOrder.data ?? []} />;
  }

  const copy = async () => {
    const created = await commands.copy(requirement);
    if (created) void navigate(paths.requirement(created.id));
  };
  const remove = async () => {
    if (await commands.remove(requirement)) void navigate(place ?? paths.overview);
  };

  return (
    <Stack gap="md">
      {/* The page's heading for screen readers and their heading list: the view shows the name in its editable
          field instead of a title. */}
      <Title order={1} className={classes.visuallyHidden}>
        {`${requirement.reference} ${requirement.name}`}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <RequirementPlacement requirement={requirement} documents={documents} />
            <Group gap="xs" wrap="nowrap">
              <RequirementNavigation requirement={requirement} readingOrder={readingOrder.data ?? []} />
              {canEdit ? (
                <>
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconCopy size={14} />}
                    disabled={requirement.test}
                    onClick={() => void copy()}
                  >
                    {t('workingArea.copy')}
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} />}
                    disabled={requirement.test}
                    onClick={() => void remove()}
                  >
                    {t('workingArea.delete')}
                  </Button>
                </>
              ) : null}
            </Group>
          </Group>
          <RequirementTitle requirement={requirement} tourId="requirement-name" />
          <StatusStepper requirement={requirement} />
        </Stack>
      </Paper>
      <Section title={t('requirements.description')} tourId="requirement-description">
        <Stack gap="sm">
          <RequirementDescription requirement={requirement} />
          <RequirementTags requirement={requirement} />
        </Stack>
      </Section>
      <RequirementAttributes requirement={requirement} />
      {document ? (
        <TraceabilitySection requirement={requirement} document={document} onShowChange={setShownLink} />
      ) : null}
      <SuspectLinkDialog link={shownLink} onClose={() => setShownLink(null)} />
      <ImpactSection requirement={requirement} />
      <Section
        title={t('requirements.revisions.title')}
        count={requirement.revisions.length}
        tourId="requirement-revisions"
      >
        <RevisionsTable requirement={requirement} />
      </Section>
      <GuidedTour tour={requirementTour} />
    </Stack>
  );
}
