import { memo, useCallback, useRef, type MouseEvent } from 'react';
import type { CategoryPresented, ClassifierPresented, RequirementPresented } from '@reqloom/domain';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { RequirementRow } from './RequirementRow';
import { useDocumentOffset } from '../../working-area/requirements/useDocumentOffset';
import type { RequirementCommands } from '../../working-area/requirements/useRequirementCommands';

// A one-line row in the default theme measures 55.4 px (55 as the virtualiser rounds it): an estimate that differs
// made every newly measured row change the table's height, and above the view move the scroll position too.
const ROW_ESTIMATE = 55;
const estimateSize = () => ROW_ESTIMATE;
/**
 * A row's height without a forced layout: the virtualiser's own measure reads `offsetHeight` of every row it has
 * not seen as the row mounts, which made the browser lay the page out again in the middle of each frame of a
 * scroll (issue 9 §5). The ResizeObserver it also sets on each row reports the real height right after the
 * browser's own layout; until then a row counts as its last known height, or the estimate.
 */
export function rowHeight(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: { indexFromElement: (element: Element) => number; itemSizeCache: Map<number | string | bigint, number> },
  keyOf: (index: number) => number | string | bigint,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  return instance.itemSizeCache.get(keyOf(instance.indexFromElement(element))) ?? ROW_ESTIMATE;
}

interface VirtualRowsProps {
  /** Filtered and sorted, as shown. */
  rows: readonly RequirementPresented[];
  categories: ReadonlyMap<number, CategoryPresented>;
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  pathOf: (id: number) => string;
  now: number;
  formatDate: (iso: string) => string;
  commands: RequirementCommands;
  onEdit: (requirement: RequirementPresented) => void;
  mode: 'table' | 'list';
  showCoverage: boolean;
  classifiers: readonly ClassifierPresented[];
  onClick: (event: MouseEvent<HTMLElement>) => void;
  readOnly: boolean;
  /** The quality scores by requirement id: a Score cell per row when given (decisions §25). */
  scores?: ReadonlyMap<number, number>;
}

/**
 * The requirements table's row group, virtualised against the window: only the rows in sight are in the page.
 * A component of its own because the virtualiser renders the component that holds it at every step of a scroll:
 * holding it in the whole table drew the table's hooks again each frame (its queries, translations, commands).
 */
export const VirtualRows = memo(function VirtualRows({
  rows,
  categories,
  expanded,
  onToggle,
  pathOf,
  now,
  formatDate,
  commands,
  onEdit,
  mode,
  showCoverage,
  classifiers,
  onClick,
  readOnly,
  scores,
}: VirtualRowsProps) {
  const body = useRef<HTMLDivElement>(null);
  const offset = useDocumentOffset(body);
  // The same function while the rows are the same: the virtualiser lays every row out again (all 5,000 of a large
  // document, each frame of a scroll) when `getItemKey` is a new function.
  const keyOf = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const measureElement = useCallback(
    (element: Element, entry: ResizeObserverEntry | undefined, instance: Parameters<typeof rowHeight>[2]) =>
      rowHeight(element, entry, instance, keyOf),
    [keyOf],
  );
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize,
    overscan: 8,
    scrollMargin: offset,
    getItemKey: keyOf,
    measureElement,
    // Rendering inside the scroll event (flushSync) made every scroll event a full React render of the table;
    // batched, React renders once a frame and the overscan covers the gap.
    useFlushSync: false,
  });
  return (
    // Always in the page, empty or not: its place is what the virtualiser measures from.
    <div
      ref={body}
      role="rowgroup"
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      onClick={onClick}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const requirement = rows[item.index]!;
        return (
          <RequirementRow
            key={item.key}
            index={item.index}
            top={item.start - offset}
            measure={virtualizer.measureElement}
            requirement={requirement}
            category={requirement.category_id === null ? undefined : categories.get(requirement.category_id)}
            expanded={expanded.has(requirement.id)}
            onToggle={onToggle}
            href={pathOf(requirement.id)}
            now={now}
            formatDate={formatDate}
            commands={commands}
            onEdit={onEdit}
            move={mode === 'list' ? { first: item.index === 0, last: item.index === rows.length - 1 } : undefined}
            showCoverage={showCoverage}
            classifiers={classifiers}
            readOnly={readOnly}
            score={scores ? (scores.get(requirement.id) ?? null) : undefined}
          />
        );
      })}
    </div>
  );
});
