import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { IconFileCode, IconFileTypeDocx, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadExport } from '../../../api/exports';
import { RichTextView } from '../../../components/editor/RichTextView';
import { notifyError } from '../../../components/notify';
import type { StructureDocument } from '../api/workingAreaApi';
import { StatusSummary } from '../common/StatusSummary';

type ExportFormat = 'msword' | 'reqif';

interface DocumentHeaderProps {
  document: StructureDocument;
  statusCounts: readonly number[];
  onEdit: () => void;
  onDelete: () => void;
}

/** Name, acronym, description, the status donut, and the document's edit and delete buttons. */
export function DocumentHeader({ document, statusCounts, onEdit, onDelete }: DocumentHeaderProps) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const exportAs = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await downloadExport(`documents/export${format}/${document.id}`);
    } catch {
      notifyError(t('documents.exportFailed'));
    } finally {
      setExporting(null);
    }
  };
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xl">
      <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
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
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" size="xs" leftSection={<IconPencil size={14} />} onClick={onEdit}>
            {t('workingArea.edit')}
          </Button>
          <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={onDelete}>
            {t('workingArea.delete')}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileTypeDocx size={14} />}
            loading={exporting === 'msword'}
            disabled={exporting === 'reqif'}
            onClick={() => void exportAs('msword')}
          >
            {t('documents.exportWord')}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileCode size={14} />}
            loading={exporting === 'reqif'}
            disabled={exporting === 'msword'}
            onClick={() => void exportAs('reqif')}
          >
            {t('documents.exportReqif')}
          </Button>
        </Group>
        <StatusSummary counts={statusCounts} />
      </Stack>
    </Group>
  );
}
