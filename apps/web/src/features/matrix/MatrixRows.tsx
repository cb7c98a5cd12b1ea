import { memo } from 'react';
import { Anchor, Badge, Group, Text, UnstyledButton } from '@mantine/core';
import type { MatrixRow } from '@reqloom/domain';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './Matrix.module.css';

const ROW_ESTIMATE = 44;
const estimateSize = () => ROW_ESTIMATE;

interface MatrixRowsProps {
  rows: readonly MatrixRow[];
  pathOf: (id: number) => string;
  onSuspect: (link: { parentId: number; childId: number }) => void;
}

/**
 * The matrix's rows, virtualised against the window as the document table's are: only the rows in sight are drawn.
 * Each row is a memoised component of its own: a scroll re-renders this list (the virtualizer's new window), but a
 * row already in the page keeps its props (its row, its place) and is not drawn again; only the rows coming into
 * sight are.
 */
export const MatrixRows = memo(function MatrixRows({ rows, pathOf, onSuspect }: MatrixRowsProps) {
  const virtualizer = useWindowVirtualizer({ count: rows.length, estimateSize, overscan: 10, useFlushSync: false });
  return (
    <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index]!;
        return (
          <MatrixRowView
            key={row.requirement.id}
            row={row}
            index={item.index}
            start={item.start}
            pathOf={pathOf}
            onSuspect={onSuspect}
          />
        );
      })}
    </div>
  );
});

interface MatrixRowViewProps {
  row: MatrixRow;
  index: number;
  start: number;
  pathOf: (id: number) => string;
  onSuspect: (link: { parentId: number; childId: number }) => void;
}

const MatrixRowView = memo(function MatrixRowView({ row, index, start, pathOf, onSuspect }: MatrixRowViewProps) {
  const { t } = useTranslation();
  return (
    <div role="row" aria-rowindex={index + 2} className={classes.row} style={{ transform: `translateY(${start}px)` }}>
      <div role="cell" className={classes.parent}>
        <Anchor component={Link} to={pathOf(row.requirement.id)} fz="sm" className={classes.clip}>
          <b>{row.requirement.reference}</b> {row.requirement.name}
        </Anchor>
      </div>
      <div role="cell" className={classes.children}>
        {row.links.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('matrix.none')}
          </Text>
        ) : (
          <Group gap={6} wrap="nowrap" className={classes.clip}>
            {row.links.map((link) =>
              link.suspect ? (
                <UnstyledButton
                  key={link.requirement.id}
                  onClick={() => onSuspect({ parentId: row.requirement.id, childId: link.requirement.id })}
                  aria-label={t('matrix.suspectMark', {
                    parent: row.requirement.reference,
                    child: link.requirement.reference,
                  })}
                >
                  <Badge color="orange" variant="light" size="md" radius="sm">
                    {link.requirement.reference} ⚠
                  </Badge>
                </UnstyledButton>
              ) : (
                <Badge
                  key={link.requirement.id}
                  color="gray"
                  variant="light"
                  size="md"
                  radius="sm"
                  title={link.requirement.name}
                >
                  {link.requirement.reference}
                </Badge>
              ),
            )}
          </Group>
        )}
      </div>
    </div>
  );
});
