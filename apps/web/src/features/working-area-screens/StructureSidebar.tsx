import { useMemo } from 'react';
import { ActionIcon, Button, Group, Menu, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../projects/useCan';
import { useProject } from '../projects/useProject';
import { useCurrentUser } from '../user/useCurrentUser';
import { useStructure } from '../working-area/api/useStructure';
import { useActiveElement } from '../working-area/common/useActiveElement';
import { useWorkingAreaPaths } from '../working-area/common/useWorkingAreaPaths';
import { useWorkingAreaPreferences } from '../working-area/common/useWorkingAreaPreferences';
import { ImportMenuItems } from '../working-area/dialogs/ImportMenuItems';
import { useWorkingAreaDialogs } from '../working-area/dialogs/useWorkingAreaDialogs';
import { WorkingAreaDialogs } from './dialogs/WorkingAreaDialogs';
import { orderDocuments } from '../working-area/logic/documentOrder';
import { DocumentOrderToggle } from '../working-area/sidebar/DocumentOrderToggle';
import { StructureDocumentItem } from '../working-area/sidebar/StructureDocumentItem';
import classes from '../working-area/sidebar/StructureTree.module.css';
import { useSidebarExpansion } from '../working-area/sidebar/useSidebarExpansion';

/** The side-bar tree of the project's documents and categories (inside the project shell, spec 2 §2). */
export function StructureSidebar() {
  return (
    <WorkingAreaDialogs>
      <StructureTree />
    </WorkingAreaDialogs>
  );
}

function StructureTree() {
  const { t } = useTranslation();
  const projectId = useProject().project.id;
  const structure = useStructure(projectId);
  const dialogs = useWorkingAreaDialogs();
  const canEdit = useCan('editor');
  const paths = useWorkingAreaPaths();
  const { categoryNumbering, documentOrder } = useWorkingAreaPreferences();
  const userId = useCurrentUser().data?.id ?? null;
  const loaded = structure.data;
  const documents = useMemo(() => orderDocuments(loaded ?? [], documentOrder), [loaded, documentOrder]);
  const active = useActiveElement(
    (categoryId) => documents.find((d) => d.categories.some((c) => c.id === categoryId))?.id ?? null,
  );
  // The document in view open, the others closed, and what the person opens or closes kept (issue 31).
  const { collapsed, toggle } = useSidebarExpansion(userId, projectId, documents, active.documentId);

  return (
    <Stack gap={6} component="nav" aria-label={t('workingArea.structure')} data-tour="structure-tree">
      <Group justify="space-between" wrap="nowrap" px={4}>
        <Text fz={11} fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
          {t('documents.title')}
        </Text>
        <Group gap={2} wrap="nowrap">
          <DocumentOrderToggle order={documentOrder} />
          {canEdit ? (
            <>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Tooltip label={t('interchange.importMenu')}>
                    <ActionIcon variant="subtle" size="sm" aria-label={t('interchange.importMenu')}>
                      <IconFileImport size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Menu.Target>
                <Menu.Dropdown>
                  <ImportMenuItems />
                </Menu.Dropdown>
              </Menu>
              <Tooltip label={t('documents.new')}>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={t('documents.new')}
                  onClick={() => dialogs.open({ kind: 'document' })}
                >
                  <IconPlus size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          ) : null}
        </Group>
      </Group>
      {structure.isPending ? (
        <Stack gap={6} px={4} aria-hidden>
          <Skeleton height={14} width="70%" />
          <Skeleton height={14} width="55%" ml={16} />
          <Skeleton height={14} width="62%" />
        </Stack>
      ) : documents.length === 0 ? (
        <Stack gap="xs" px={4}>
          <Text fz="xs" c="dimmed">
            {t('documents.emptySidebar')}
          </Text>
          {canEdit ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => dialogs.open({ kind: 'document' })}
            >
              {t('documents.new')}
            </Button>
          ) : null}
        </Stack>
      ) : (
        <ul className={classes.list}>
          {documents.map((document) => (
            <StructureDocumentItem
              key={document.id}
              document={document}
              numbering={categoryNumbering}
              active={active}
              collapsed={collapsed}
              onToggle={toggle}
              path={paths.document(document.id)}
              categoryPath={paths.category}
            />
          ))}
        </ul>
      )}
    </Stack>
  );
}
