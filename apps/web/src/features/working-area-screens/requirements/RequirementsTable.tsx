import { useCallback, useMemo, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CategoryPresented, ClassifierPresented, RequirementPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormatDateTime } from '../../user/useFormatDateTime';
import { useNow } from '../../../lib/useNow';
import { useWorkingAreaPaths } from '../../working-area/common/useWorkingAreaPaths';
import {
  buildSearchIndex,
  filterRequirements,
  sortRequirements,
  type SortDirection,
  type SortKey,
} from '../../working-area/logic/requirementOrder';
import { RequirementsToolbar } from '../../working-area/requirements/RequirementsToolbar';
import { useNarrowerThan } from '../../working-area/requirements/useNarrowerThan';
import { useRequirementCommands } from '../../working-area/requirements/useRequirementCommands';
import { VirtualRows } from './VirtualRows';
import classes from '../../working-area/requirements/RequirementsTable.module.css';

/** Below this width a requirement's name would be squeezed into a sliver: the tags go under it instead. */
const REQUIREMENT_MIN = 200;
const TAG_COLUMN_MIN = 88;
/** The fixed columns (expand, status, actions), the gaps and the padding of a row. */
const FIXED = 32 + 112 + 132 + 16;
const LIST_FIXED = 60 + 8;
const SCORE_COLUMN = 56;
const GAP = 8;
export const FILTER_DEBOUNCE_MS = 100;
const EMPTY_INDEX: ReadonlyMap<number, string> = new Map();

/** A plain left click on a row's link goes through the router; others (new tab, new window) are the browser's. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

interface RequirementsTableProps {
  /** In reading order. */
  requirements: readonly RequirementPresented[];
  categories: ReadonlyMap<number, CategoryPresented>;
  /** "table": the document's (filter, sort, edit in a dialog); "list": a category's own (move buttons, edit in the view). */
  mode: 'table' | 'list';
  label: string;
  showCoverage: boolean;
  /** The document's classifiers: one column each, with the tags of every row (spec 2). */
  classifiers: readonly ClassifierPresented[];
  /**
   * A document as a baseline kept it (decisions §22): the rows show, filter, sort and open their descriptions, but
   * hold no link to the live requirement and no control that changes anything (no actions, no tag picker).
   */
  readOnly?: boolean;
  /**
   * The quality scores by requirement id (decisions §25): a sortable Score column. The document's table alone has
   * them (from GET documents/quality: one call, checked on the server, whatever the number of rows).
   */
  scores?: ReadonlyMap<number, number>;
}

/**
 * The requirements table of spec 2, virtualised: only the rows in sight are in the page, so a 5,000-requirement
 * document scrolls and filters as smoothly as a short one. Row heights are measured (a shown description grows).
 * The page itself scrolls (one scroll bar, no box scrolling inside the page): the rows follow the window, and the
 * header row sticks under the top bar.
 */
export function RequirementsTable({
  requirements,
  categories,
  mode,
  label,
  showCoverage,
  classifiers,
  readOnly = false,
  scores,
}: RequirementsTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = useWorkingAreaPaths();
  const commands = useRequirementCommands();
  const formatDate = useFormatDateTime();
  const now = useNow(30_000);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, FILTER_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortKey>('none');
  const [direction, setDirection] = useState<SortDirection>('asc');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());

  // The text to filter on is made when a filter is first typed, not before the first rows show.
  const filtering = mode === 'table' && debounced.trim() !== '';
  const index = useMemo(
    () => (filtering ? buildSearchIndex(requirements, categories) : EMPTY_INDEX),
    [filtering, requirements, categories],
  );
  const sorted = useMemo(
    () => (mode === 'list' ? [...requirements] : sortRequirements(requirements, sort, direction, categories, scores)),
    [mode, requirements, sort, direction, categories, scores],
  );
  const rows = useMemo(
    () => (mode === 'list' ? sorted : filterRequirements(sorted, debounced, index)),
    [mode, sorted, debounced, index],
  );
  const allExpanded = rows.length > 0 && rows.every((r) => expanded.has(r.id));

  const frame = useRef<HTMLDivElement>(null);
  // One column per classifier while they fit beside a readable name; folded under each name when they do not.
  const columnsWidth =
    FIXED +
    (mode === 'list' ? LIST_FIXED : 0) +
    REQUIREMENT_MIN +
    classifiers.length * (TAG_COLUMN_MIN + GAP) +
    3 * GAP;
  const folded = useNarrowerThan(frame, classifiers.length > 0 ? columnsWidth : 0);
  // Too narrow even for the status beside a readable name (a small window, a category's list): the status goes under
  // the name, instead of the name being squeezed to a letter a line.
  const cramped = useNarrowerThan(frame, FIXED + (mode === 'list' ? LIST_FIXED : 0) + REQUIREMENT_MIN + 3 * GAP);
  // The Score column shows where there is room for it beside the status (not in a cramped table).
  const withScore = scores !== undefined && mode === 'table' && !cramped;
  const toggle = useCallback(
    (id: number) =>
      setExpanded((set) => {
        const next = new Set(set);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const expandAll = useCallback(
    (expand: boolean) => setExpanded(expand ? new Set(rows.map((r) => r.id)) : new Set()),
    [rows],
  );
  // The rows' links are plain anchors, followed here: a router Link in each of them (two a row) was a large part
  // of making a row while scrolling.
  const followLink = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const link = (event.target as HTMLElement).closest('a');
      const href = link?.getAttribute('href');
      if (!link || !href || event.defaultPrevented || !isPlainClick(event) || link.target) return;
      event.preventDefault();
      void navigate(href);
    },
    [navigate],
  );
  const edit = useCallback(
    (requirement: RequirementPresented) =>
      // The list's edit leads to a requirement's view; a test is edited in its dialog everywhere (spec 2).
      mode === 'list' && requirement.type !== 'test'
        ? void navigate(paths.requirement(requirement.id))
        : commands.edit(requirement),
    [mode, navigate, paths, commands],
  );

  return (
    <Stack gap="xs">
      <RequirementsToolbar
        withFilter={mode === 'table'}
        query={query}
        onQuery={setQuery}
        sort={sort}
        onSort={setSort}
        direction={direction}
        onDirection={setDirection}
        allExpanded={allExpanded}
        onExpandAll={expandAll}
        shown={rows.length}
        total={requirements.length}
        withScore={scores !== undefined}
      />
      <div
        ref={frame}
        className={`${classes.frame} ${mode === 'list' ? classes.list : ''}`}
        data-folded={folded || undefined}
        data-cramped={cramped || undefined}
        style={
          classifiers.length > 0 || withScore
            ? ({
                ...(withScore ? { '--score-column': `${SCORE_COLUMN}px` } : {}),
                // The name keeps its room: bounded tag columns would otherwise take their largest size first.
                '--requirement-min': `${REQUIREMENT_MIN}px`,
                '--tag-columns': `repeat(${classifiers.length}, minmax(${TAG_COLUMN_MIN}px, 0.3fr))`,
              } as CSSProperties)
            : undefined
        }
      >
        <div role="table" aria-label={label} aria-rowcount={rows.length + 1}>
          <div className={classes.head} role="row" aria-rowindex={1}>
            <span role="columnheader" aria-label={t('requirements.columns.description')} />
            {mode === 'list' ? <span role="columnheader">{t('requirements.columns.order')}</span> : null}
            <span role="columnheader">{t('requirements.columns.requirement')}</span>
            <span role="columnheader" className={classes.statusHead}>
              {t('requirements.columns.status')}
            </span>
            {withScore ? (
              <span
                role="columnheader"
                aria-sort={sort === 'score' ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
              >
                <button
                  type="button"
                  className={classes.sortHead}
                  aria-label={t('quality.sortByScore')}
                  onClick={() => {
                    // Worst first on the first click: what a reader of the scores looks for.
                    if (sort === 'score') setDirection(direction === 'asc' ? 'desc' : 'asc');
                    else {
                      setSort('score');
                      setDirection('asc');
                    }
                  }}
                >
                  {t('quality.column')}
                  {sort === 'score' ? (direction === 'asc' ? ' ↑' : ' ↓') : ''}
                </button>
              </span>
            ) : null}
            {classifiers.map((classifier) => (
              <span key={classifier.id} role="columnheader" className={classes.tagHead} title={classifier.name}>
                {classifier.name}
              </span>
            ))}
            <span role="columnheader" style={{ textAlign: 'right' }}>
              {t('requirements.columns.actions')}
            </span>
          </div>
          <VirtualRows
            rows={rows}
            categories={categories}
            expanded={expanded}
            onToggle={toggle}
            pathOf={paths.requirement}
            now={now}
            formatDate={formatDate}
            commands={commands}
            onEdit={edit}
            mode={mode}
            showCoverage={showCoverage}
            classifiers={classifiers}
            onClick={followLink}
            readOnly={readOnly}
            scores={withScore ? scores : undefined}
          />
          {rows.length === 0 ? <div className={classes.empty}>{t('requirements.noMatch')}</div> : null}
        </div>
      </div>
    </Stack>
  );
}
