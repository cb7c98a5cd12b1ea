import { Alert, Button, Group, Menu, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/FormAlert';
import { errorMessage } from '../../components/errorMessage';
import { useCan } from '../projects/useCan';
import { useProject } from '../projects/useProject';
import { useStructure } from '../working-area/api/useStructure';
import { ImportMenuItems } from '../working-area/dialogs/ImportMenuItems';
import { useWorkingAreaDialogs } from '../working-area/dialogs/useWorkingAreaDialogs';
import { WorkingAreaDialogs } from './dialogs/WorkingAreaDialogs';
import { DocumentGraph } from '../working-area/overview/DocumentGraph';

/** The documents part of the project overview (spec 2 §2): the traceability graph, add-document, empty alert. */
export function OverviewDocuments() {
  return (
    <WorkingAreaDialogs>
      <OverviewDocumentsSection />
    </WorkingAreaDialogs>
  );
}

function OverviewDocumentsSection() {
  const { t } = useTranslation();
  const projectId = useProject().project.id;
  const structure = useStructure(projectId);
  const dialogs = useWorkingAreaDialogs();
  const canEdit = useCan('editor');
  const documents = structure.data ?? [];

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="overview-documents-title"
      data-tour="overview-documents"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} fz="lg" id="overview-documents-title">
              {t('documents.title')}
            </Title>
            <Text fz="sm" c="dimmed" mt={2}>
              {t('documents.graphHint')}
            </Text>
          </div>
          {/* A split button (spec 2 §2): a new document, or the menu of imports (MS Word for alpha users). */}
          {canEdit ? (
            <Button.Group>
              <Button leftSection={<IconPlus size={16} />} onClick={() => dialogs.open({ kind: 'document' })}>
                {t('documents.new')}
              </Button>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    px={10}
                    aria-label={t('interchange.addMenu')}
                    style={{ borderInlineStart: '1px solid rgb(255 255 255 / 45%)' }}
                  >
                    <IconChevronDown size={16} />
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <ImportMenuItems />
                </Menu.Dropdown>
              </Menu>
            </Button.Group>
          ) : null}
        </Group>
        {structure.error ? <FormAlert message={errorMessage(structure.error, t)} /> : null}
        {structure.isPending ? (
          <Group gap={72}>
            <Skeleton height={64} width={224} />
            <Skeleton height={64} width={224} />
          </Group>
        ) : documents.length === 0 ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={t('documents.emptyTitle')}>
            {t('documents.emptyText')}
          </Alert>
        ) : (
          <DocumentGraph documents={documents} />
        )}
      </Stack>
    </Paper>
  );
}
