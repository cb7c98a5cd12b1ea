import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useProject } from '../projects/useProject';
import { useStructure } from './api/useStructure';
import { useActiveElement } from './common/useActiveElement';
import { useWorkingAreaPaths } from './common/useWorkingAreaPaths';
import { useWorkingAreaPreferences } from './common/useWorkingAreaPreferences';
import { ImportMenuItems } from './dialogs/ImportMenuItems';
import { useWorkingAreaDialogs } from './dialogs/useWorkingAreaDialogs';
import { WorkingAreaDialogs } from './dialogs/WorkingAreaDialogs';
import { StructureDocumentItem } from './sidebar/StructureDocumentItem';
import classes from './sidebar/StructureTree.module.css';

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
  const paths = useWorkingAreaPaths();
  const { categoryNumbering } = useWorkingAreaPreferences();
  const documents = structure.data ?? [];
  const active = useActiveElement(
    (categoryId) => documents.find((d) => d.categories.some((c) => c.id === categoryId))?.id ?? null,
  );
  // Everything starts open; what the person closes stays closed while they move around the project.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (key: string) =>
    setCollapsed((set) => {
      const next = new Set(set);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <Stack gap={6} component="nav" aria-label={t('workingArea.structure')} data-tour="structure-tree">
      <Group justify="space-between" wrap="nowrap" px={4}>
        <Text fz={11} fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
          {t('documents.title')}
        </Text>
        <Group gap={2} wrap="nowrap">
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
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => dialogs.open({ kind: 'document' })}
          >
            {t('documents.new')}
          </Button>
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
