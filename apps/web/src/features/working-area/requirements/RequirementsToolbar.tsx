import { memo } from 'react';
import { ActionIcon, Button, CloseButton, Group, Select, Text, TextInput, Tooltip } from '@mantine/core';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SORT_KEYS, type SortDirection, type SortKey } from '../logic/requirementOrder';

const SORT_LABELS = {
  none: 'requirements.sort.none',
  referenceNumber: 'requirements.sort.referenceNumber',
  name: 'requirements.sort.name',
  categoryName: 'requirements.sort.categoryName',
  categoryPosition: 'requirements.sort.categoryPosition',
  status: 'requirements.sort.status',
  updatedAt: 'requirements.sort.updatedAt',
  score: 'requirements.sort.score',
} as const;

interface RequirementsToolbarProps {
  /** Filter and sort: the document table has them, the category list keeps its order. */
  withFilter: boolean;
  query: string;
  onQuery: (query: string) => void;
  sort: SortKey;
  onSort: (sort: SortKey) => void;
  direction: SortDirection;
  onDirection: (direction: SortDirection) => void;
  allExpanded: boolean;
  onExpandAll: (expand: boolean) => void;
  shown: number;
  total: number;
  /** The table has quality scores to sort by (the document's table). */
  withScore?: boolean;
}

/** Filter (100 ms debounce upstream), sort and direction, expand or collapse every description. */
// Memoised: the table renders again on every scroll (the virtualiser's state), the toolbar has no reason to.
export const RequirementsToolbar = memo(function RequirementsToolbar(props: RequirementsToolbarProps) {
  const { t } = useTranslation();
  const {
    withFilter,
    query,
    onQuery,
    sort,
    onSort,
    direction,
    onDirection,
    allExpanded,
    onExpandAll,
    shown,
    total,
    withScore,
  } = props;
  return (
    <Group gap="xs" wrap="wrap" justify="space-between">
      <Group gap="xs" wrap="wrap">
        {withFilter ? (
          <>
            <TextInput
              size="xs"
              // As wide as the longer placeholder (French) at this size: cut, it read "…catégorie, é".
              w={300}
              placeholder={t('requirements.filterPlaceholder')}
              aria-label={t('requirements.filter')}
              leftSection={<IconSearch size={14} />}
              value={query}
              onChange={(event) => onQuery(event.currentTarget.value)}
              rightSection={
                query ? (
                  <CloseButton size="xs" aria-label={t('requirements.clearFilter')} onClick={() => onQuery('')} />
                ) : null
              }
            />
            <Select
              size="xs"
              w={190}
              aria-label={t('requirements.sortBy')}
              data={SORT_KEYS.filter((key) => withScore || key !== 'score').map((key) => ({
                value: key,
                label: t(SORT_LABELS[key]),
              }))}
              value={sort}
              allowDeselect={false}
              onChange={(value) => value && onSort(value)}
              leftSection={
                <Text fz={11} c="dimmed" pl={6}>
                  {t('requirements.sortShort')}
                </Text>
              }
              leftSectionWidth={sortLabelWidth(t('requirements.sortShort'))}
            />
            <Tooltip label={direction === 'asc' ? t('requirements.ascending') : t('requirements.descending')}>
              <ActionIcon
                variant="default"
                size="md"
                aria-label={direction === 'asc' ? t('requirements.ascending') : t('requirements.descending')}
                onClick={() => onDirection(direction === 'asc' ? 'desc' : 'asc')}
              >
                {direction === 'asc' ? <IconSortAscending size={16} /> : <IconSortDescending size={16} />}
              </ActionIcon>
            </Tooltip>
          </>
        ) : null}
        <Button
          size="xs"
          variant="default"
          leftSection={allExpanded ? <IconArrowsMinimize size={14} /> : <IconArrowsMaximize size={14} />}
          onClick={() => onExpandAll(!allExpanded)}
          disabled={shown === 0}
        >
          {allExpanded ? t('requirements.collapseAll') : t('requirements.expandAll')}
        </Button>
      </Group>
      <Text fz="xs" c="dimmed" aria-live="polite">
        {shown === total ? t('requirements.count', { count: total }) : t('requirements.shownOf', { shown, total })}
      </Text>
    </Group>
  );
});

function sortLabelWidth(label: string): number {
  return Math.max(36, label.length * 6.5 + 14);
}
