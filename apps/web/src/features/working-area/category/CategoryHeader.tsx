import { ActionIcon, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { CategoryPresented } from '@reqloom/domain';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RichTextView } from '../../../components/editor/RichTextView';
import type { StructureDocument } from '../api/workingAreaApi';
import { StatusSummary } from '../common/StatusSummary';
import { categoryNumber } from '../logic/categoryTree';

interface CategoryHeaderProps {
  category: CategoryPresented;
  document: StructureDocument;
  documentHref: string;
  numbering: boolean;
  statusCounts: readonly number[];
  /** Absent when the caller's role may not change the category (decisions §20): no edit or delete button. */
  onEdit?: () => void;
  onDelete?: () => void;
}

/** Back to the document, number, name, acronym, description, donut, edit and delete (spec 2, category view). */
export function CategoryHeader(props: CategoryHeaderProps) {
  const { category, document, documentHref, numbering, statusCounts, onEdit, onDelete } = props;
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xl">
      <Stack gap={6} style={{ minWidth: 0, flex: 1 }} data-tour="category-header">
        <Group gap={6} wrap="nowrap">
          <Tooltip label={t('categories.backTo', { name: document.name })}>
            <ActionIcon
              component={Link}
              to={documentHref}
              variant="subtle"
              size="sm"
              aria-label={t('categories.backTo', { name: document.name })}
            >
              <IconArrowLeft size={16} />
            </ActionIcon>
          </Tooltip>
          <Text
            fz={11}
            fw={700}
            tt="uppercase"
            c="dimmed"
            style={{ letterSpacing: '0.06em', minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {t('categories.kind')} · {document.name}
          </Text>
        </Group>
        <Title order={1} fz={24} style={{ overflowWrap: 'anywhere' }}>
          {numbering ? (
            <Text span inherit c="dimmed" mr={8}>
              {categoryNumber(category.address)}
            </Text>
          ) : null}
          {category.name}{' '}
          <Text span inherit c="dimmed" fw={500}>
            ({category.acronym})
          </Text>
        </Title>
        <Text fz="xs" ff="monospace" c="dimmed">
          {category.reference}
        </Text>
        {category.description ? (
          <RichTextView html={category.description} />
        ) : (
          <Text fz="sm" c="dimmed" fs="italic">
            {t('categories.noDescription')}
          </Text>
        )}
      </Stack>
      <Stack gap="sm" align="flex-end">
        <Group gap="xs" wrap="nowrap" data-tour="category-actions">
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
        </Group>
        <StatusSummary counts={statusCounts} />
      </Stack>
    </Group>
  );
}
