import { Badge, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import {
  IconAlertTriangle,
  IconChecklist,
  IconChevronDown,
  IconDownload,
  IconFileCode,
  IconFileImport,
  IconFileSpreadsheet,
  IconFileTypeDocx,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/ApiError';
import { downloadExport } from '../../../api/exports';
import { errorMessage } from '../../../components/errorMessage';
import { RichTextView } from '../../../components/editor/RichTextView';
import { notifyError } from '../../../components/notify';
import type { StructureDocument } from '../api/workingAreaApi';
import { StatusSummary } from '../common/StatusSummary';

type ExportFormat = 'msword' | 'reqif' | 'xlsx' | 'csv';

/**
 * Why an export failed, for its toast: a lost connection, or what the server said of a refusal (the document gone,
 * access lost); a server failure says to try again.
 */
function exportFailure(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && (error.status === 0 || (error.status < 500 && error.message))) {
    return errorMessage(error, t);
  }
  return t('documents.exportFailed');
}

interface DocumentHeaderProps {
  document: StructureDocument;
  /** The document's quality view (decisions §25). */
  qualityHref?: string;
  statusCounts: readonly number[];
  /** Requirements without a category: the Word file leaves them out (decisions §13), the menu says so beforehand. */
  uncategorised: number;
  /** Absent when the caller's role may not change the document (decisions §20): no edit or delete button. */
  onEdit?: () => void;
  onDelete?: () => void;
  /** Absent for readers: a spreadsheet imported into the document (decisions §24) changes it. */
  onImport?: () => void;
}

/** Name, acronym, description, the status donut, and the document's edit, delete and export buttons. */
export function DocumentHeader({
  document,
  statusCounts,
  uncategorised,
  onEdit,
  onDelete,
  onImport,
  qualityHref,
}: DocumentHeaderProps) {
  const { t } = useTranslation();
  const leftOutId = useId();
  // From the click until the file has come (the server builds it meanwhile, seconds for a large document): the
  // Export button is busy and disabled, so that a second click does not build it twice.
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const exportAs = async (format: ExportFormat) => {
    if (exporting) return;
    setExporting(format);
    try {
      await downloadExport(`documents/export${format}/${document.id}`);
    } catch (error) {
      notifyError(exportFailure(error, t), t('documents.exportFailedOf', { name: document.name }));
    } finally {
      setExporting(null);
    }
  };
  return (
    // The buttons go under the name when it would have less than 280 px beside them.
    <Group justify="space-between" align="flex-start" gap="xl">
      <Stack gap={6} style={{ minWidth: 0, flex: '1 1 280px' }} data-tour="document-header">
        <Text fz={11} fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
          {t('documents.kind')}
        </Text>
        <Group gap="sm" wrap="nowrap" align="center">
          <Title order={1} fz={24} style={{ overflowWrap: 'anywhere' }}>
            {document.name}
          </Title>
          <Badge variant="light" radius="sm" size="lg" ff="monospace" styles={{ label: { textTransform: 'none' } }}>
            {document.acronym}
          </Badge>
        </Group>
        {document.description ? (
          <RichTextView html={document.description} />
        ) : (
          <Text fz="sm" c="dimmed" fs="italic">
            {t('documents.noDescription')}
          </Text>
        )}
      </Stack>
      <Stack gap="sm" align="flex-end">
        <Group gap="xs" wrap="nowrap" data-tour="document-actions">
          {onEdit ? (
            <Button variant="default" size="xs" leftSection={<IconPencil size={14} />} onClick={onEdit}>
              {t('workingArea.edit')}
            </Button>
          ) : null}
          {onDelete ? (
            <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              {t('workingArea.delete')}
            </Button>
          ) : null}
          {onImport ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                {/* Named apart from the side bar's "Import a document": one name must not contain another. */}
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconFileImport size={14} />}
                  rightSection={<IconChevronDown size={14} />}
                  aria-label={t('spreadsheets.importMenu')}
                >
                  {t('spreadsheets.importButton')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={onImport}>
                  {t('spreadsheets.importItem')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
          {qualityHref ? (
            <Button
              component={Link}
              to={qualityHref}
              variant="default"
              size="xs"
              leftSection={<IconChecklist size={14} />}
            >
              {t('quality.documentLink')}
            </Button>
          ) : null}
          {/* The exports share one menu: four buttons crowd the name out in a narrow window (French, a side panel open). */}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconDownload size={14} />}
                rightSection={<IconChevronDown size={14} />}
                loading={exporting !== null}
                aria-busy={exporting !== null || undefined}
              >
                {t('documents.export')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconFileTypeDocx size={16} />}
                aria-describedby={uncategorised > 0 ? leftOutId : undefined}
                onClick={() => void exportAs('msword')}
              >
                {t('documents.exportWord')}
              </Menu.Item>
              {/* Issue 31: said before the file is made, not only in the document view further down. */}
              {uncategorised > 0 ? (
                <Group id={leftOutId} gap={6} wrap="nowrap" align="flex-start" px="sm" pb={6} maw={300}>
                  <IconAlertTriangle size={14} color="var(--mantine-color-orange-7)" style={{ flexShrink: 0 }} />
                  <Text fz="xs" c="orange.8">
                    {t('documents.exportLeftOut', { count: uncategorised })}
                  </Text>
                </Group>
              ) : null}
              <Menu.Item leftSection={<IconFileCode size={16} />} onClick={() => void exportAs('reqif')}>
                {t('documents.exportReqif')}
              </Menu.Item>
              <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void exportAs('xlsx')}>
                {t('spreadsheets.exportXlsx')}
              </Menu.Item>
              <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void exportAs('csv')}>
                {t('spreadsheets.exportCsv')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <StatusSummary counts={statusCounts} />
      </Stack>
    </Group>
  );
}
