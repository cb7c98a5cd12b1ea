import { List, Text } from '@mantine/core';
import type { SpreadsheetFieldChange, SpreadsheetPlanRow, SpreadsheetRowErrorCode } from '@reqloom/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ValueChange, WordDiff } from '../change-control/WordDiff';
import { statusMeta } from '../working-area/common/statusMeta';

/** The export's own columns, named in the reader's language; a classifier's or another tool's column keeps its header. */
const COLUMN_KEYS = {
  id: 'spreadsheets.columns.id',
  reference: 'spreadsheets.columns.reference',
  category: 'spreadsheets.columns.category',
  name: 'spreadsheets.columns.name',
  description: 'spreadsheets.columns.description',
  status: 'spreadsheets.columns.status',
  parents: 'spreadsheets.columns.parents',
  children: 'spreadsheets.columns.children',
} as const;

const ERROR_KEYS: Record<SpreadsheetRowErrorCode, `spreadsheets.errors.${SpreadsheetRowErrorCode}`> = {
  unknown_status: 'spreadsheets.errors.unknown_status',
  unknown_tag: 'spreadsheets.errors.unknown_tag',
  unknown_category: 'spreadsheets.errors.unknown_category',
  unknown_id: 'spreadsheets.errors.unknown_id',
  other_document: 'spreadsheets.errors.other_document',
  duplicate_id: 'spreadsheets.errors.duplicate_id',
  unknown_reference: 'spreadsheets.errors.unknown_reference',
  required: 'spreadsheets.errors.required',
  too_long: 'spreadsheets.errors.too_long',
};

/** Texts compared word by word; the other fields are short values replaced as a whole. */
const TEXT_FIELDS = new Set(['name', 'description']);

export function columnName(column: string, t: TFunction): string {
  return column in COLUMN_KEYS ? t(COLUMN_KEYS[column as keyof typeof COLUMN_KEYS]) : column;
}

/** A status travels as its number (decisions §24): shown by its name. */
function shown(column: string, value: string, t: TFunction): string {
  if (column === 'status' && /^[0-3]$/.test(value)) return t(statusMeta(Number(value)).key);
  return value;
}

function FieldChange({ column, change }: { column: string; change: SpreadsheetFieldChange }) {
  const { t } = useTranslation();
  const before = shown(column, change.old, t);
  const after = shown(column, change.new, t);
  // A value set where there was none (or emptied) reads best as the words added or removed.
  return TEXT_FIELDS.has(column) || before === '' || after === '' ? (
    <WordDiff before={before} after={after} />
  ) : (
    <ValueChange before={before} after={after} />
  );
}

/**
 * What a row of the dry run would do: an update's field diffs (old → new), a new requirement's fields, or the
 * errors of a row by column. The sheet's texts are shown as text, never as HTML.
 */
export function PlanRowDetails({ row }: { row: SpreadsheetPlanRow }) {
  const { t } = useTranslation();
  if (row.action === 'error') {
    return (
      <List size="sm" spacing={2} c="red.8">
        {(row.errors ?? []).map((error, index) => (
          <List.Item key={index}>
            <Text span fz="sm" fw={600}>
              {t('spreadsheets.errorColumn', { column: columnName(error.column, t) })}
            </Text>{' '}
            {t(ERROR_KEYS[error.code], { value: error.value })}
          </List.Item>
        ))}
      </List>
    );
  }
  const changes = Object.entries(row.changes ?? {});
  if (row.action === 'unchanged' || changes.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t('spreadsheets.noChange')}
      </Text>
    );
  }
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: '2px 10px' }}>
      {changes.map(([column, change]) => (
        <div key={column} style={{ display: 'contents' }}>
          <Text component="dt" fz="sm" fw={600}>
            {columnName(column, t)}
          </Text>
          <Text component="dd" fz="sm" m={0} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {row.action === 'create' ? shown(column, change.new, t) : <FieldChange column={column} change={change} />}
          </Text>
        </div>
      ))}
    </dl>
  );
}
