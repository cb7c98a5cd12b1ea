import { useMemo, useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  ScrollArea,
  SegmentedControl,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { RequirementPresented, SpreadsheetPlanRow, SpreadsheetRowAction } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { PlanRowDetails } from './PlanRowDetails';
import { countActions, isSelectable, selectAll, toggleRow } from './planSelection';

/** Rows drawn at a time: a sheet of thousands of rows stays quick to open; the person asks for more. */
const PAGE = 200;

type Filter = 'all' | SpreadsheetRowAction;

export const ACTION_META = {
  create: { key: 'spreadsheets.action.create', color: 'teal' },
  update: { key: 'spreadsheets.action.update', color: 'blue' },
  unchanged: { key: 'spreadsheets.action.unchanged', color: 'gray' },
  error: { key: 'spreadsheets.action.error', color: 'red' },
} as const;

interface PlanTableProps {
  rows: readonly SpreadsheetPlanRow[];
  /** The requirements of the document, by id: an update's row names the requirement it changes. */
  requirements: ReadonlyMap<number, RequirementPresented>;
  selection: ReadonlySet<number>;
  onSelect: (selection: ReadonlySet<number>) => void;
  label: string;
}

/**
 * The dry run's rows (decisions §24): each with its action, an update's field diffs, a row's errors by column, and a
 * box to apply it or leave it out (rows in error have none to tick; unchanged rows have nothing to apply). A filter
 * by action, and pages of rows, keep a long sheet readable.
 */
export function PlanTable({ rows, requirements, selection, onSelect, label }: PlanTableProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const [shownCount, setShownCount] = useState(PAGE);
  const counts = useMemo(() => countActions(rows), [rows]);
  const filtered = useMemo(() => (filter === 'all' ? rows : rows.filter((r) => r.action === filter)), [rows, filter]);
  const selectable = useMemo(() => rows.filter(isSelectable).length, [rows]);
  const chosen = rows.filter((r) => isSelectable(r) && selection.has(r.row)).length;
  const filters: Filter[] = ['all', 'create', 'update', 'unchanged', 'error'];

  const requirementOf = (row: SpreadsheetPlanRow) => {
    const requirement = row.requirement_id !== undefined ? requirements.get(row.requirement_id) : undefined;
    if (requirement) return { reference: requirement.reference, name: requirement.name };
    const name = row.changes?.name?.new;
    const reference = row.changes?.reference?.new;
    return name || reference ? { reference: reference ?? '', name: name ?? '' } : null;
  };

  return (
    <>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          size="xs"
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setShownCount(PAGE);
          }}
          aria-label={t('spreadsheets.filter')}
          data={filters.map((value) => ({
            value,
            label: t(`spreadsheets.filters.${value}`, { count: value === 'all' ? rows.length : counts[value] }),
          }))}
        />
        <Checkbox
          size="sm"
          label={t('spreadsheets.selectAll', { count: selectable })}
          checked={selectable > 0 && chosen === selectable}
          indeterminate={chosen > 0 && chosen < selectable}
          disabled={selectable === 0}
          onChange={(event) => onSelect(selectAll(rows, event.currentTarget.checked))}
        />
      </Group>
      <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
        <Table aria-label={label} stickyHeader verticalSpacing={6} highlightOnHover fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>
                <VisuallyHidden>{t('spreadsheets.applyColumn')}</VisuallyHidden>
              </Table.Th>
              <Table.Th w={56}>{t('spreadsheets.rowColumn')}</Table.Th>
              <Table.Th w={132}>{t('spreadsheets.actionColumn')}</Table.Th>
              <Table.Th w="28%">{t('spreadsheets.requirementColumn')}</Table.Th>
              <Table.Th>{t('spreadsheets.detailsColumn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {filtered.slice(0, shownCount).map((row) => {
              const meta = ACTION_META[row.action];
              const requirement = requirementOf(row);
              const can = isSelectable(row);
              return (
                <Table.Tr key={row.row} data-row={row.row} data-action={row.action}>
                  <Table.Td>
                    <Checkbox
                      size="sm"
                      aria-label={t('spreadsheets.rowCheckbox', { row: row.row, action: t(meta.key) })}
                      checked={can && selection.has(row.row)}
                      disabled={!can}
                      onChange={(event) => onSelect(toggleRow(selection, row.row, event.currentTarget.checked))}
                    />
                  </Table.Td>
                  <Table.Td ff="monospace">{row.row}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={meta.color} radius="sm">
                      {t(meta.key)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {requirement ? (
                      <>
                        {requirement.reference ? (
                          <Text span ff="monospace" fz="xs" fw={600} mr={6}>
                            {requirement.reference}
                          </Text>
                        ) : null}
                        {requirement.name}
                      </>
                    ) : (
                      <Text span c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <PlanRowDetails row={row} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {filtered.length > shownCount ? (
        <Group justify="center">
          <Button variant="subtle" size="xs" onClick={() => setShownCount((n) => n + PAGE)}>
            {t('spreadsheets.showMore', {
              count: Math.min(PAGE, filtered.length - shownCount),
              total: filtered.length,
            })}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
