import type { ReactNode } from 'react';
import { ActionIcon, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { plainText } from '../../components/plainText';

interface CountColumn {
  label: string;
  width: number;
}

interface DashboardTableRow {
  id: number;
  /** The first line of the first cell: the name, as a plain text or a link. */
  title: ReactNode;
  /** Rich text, shown as one plain line under the title. */
  description: string;
  counts: readonly [number, number];
  /** Absent when the caller may not hand the link out (a project's non-maintainer, decisions §20). */
  joinLink?: string;
  /** The accessible name of the copy-the-join-link button. */
  copyLabel: string;
  /** The row's own action, an icon link beside the copy button. */
  action: { tooltip: string; label: string; to: string; icon: ReactNode };
}

interface DashboardTableProps {
  /** The id of the section heading that names the table. */
  labelledBy: string;
  minWidth: number;
  nameLabel: string;
  countColumns: readonly [CountColumn, CountColumn];
  rows: readonly DashboardTableRow[];
}

/**
 * The layout the dashboard's tables share (spec 1 §2), so that groups and projects read alike: name with the
 * description below, two counts, then copy the join link and one action per row.
 */
export function DashboardTable({ labelledBy, minWidth, nameLabel, countColumns, rows }: DashboardTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table layout="fixed" verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{nameLabel}</Table.Th>
            {countColumns.map((column) => (
              // A column's label never breaks inside a word: its width holds the longest label of both languages.
              <Table.Th key={column.label} ta="right" w={column.width} style={{ whiteSpace: 'nowrap' }}>
                {column.label}
              </Table.Th>
            ))}
            <Table.Th w={92}>
              <VisuallyHidden>{t('dashboard.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const description = plainText(row.description);
            return (
              <Table.Tr key={row.id}>
                <Table.Td>
                  {row.title}
                  <Text fz="sm" c="dimmed" fs={description ? undefined : 'italic'} truncate mt={2}>
                    {description || t('dashboard.noDescription')}
                  </Text>
                </Table.Td>
                {row.counts.map((count, index) => (
                  <Table.Td key={index} ta="right" fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {count}
                  </Table.Td>
                ))}
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {row.joinLink ? <CopyLinkButton link={row.joinLink} label={row.copyLabel} /> : null}
                    <Tooltip label={row.action.tooltip}>
                      <ActionIcon
                        component={Link}
                        to={row.action.to}
                        variant="subtle"
                        color="gray"
                        aria-label={row.action.label}
                      >
                        {row.action.icon}
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
