import type { TFunction } from 'i18next';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  PROJECT_ROLES,
  type AuditChanges,
  type AuditEntityType,
} from '@reqloom/domain';
import { statusMeta } from '../working-area/common/statusMeta';

/** The fields the History view names in the reader's language; any other is shown by its key, as the server sent it. */
const KNOWN_FIELDS = [
  'name',
  'status',
  'description',
  'category_id',
  'category',
  'document_id',
  'parent_id',
  'parents_id',
  'children_id',
  'acronym',
  'reference',
  'role',
  'tags',
  'attributes',
  'order',
  'format',
  'filters',
  'slug',
  'owner',
  'type',
  'comment',
  'action',
  'entity_type',
  'actor_id',
  'after',
  'before',
  'parents',
  'position',
  'copied_from',
  'title',
  'color',
  'multiselect',
  'result',
  'success_ratio',
  'step_statuses',
  'initialConditions',
  'steps',
  'previouslyPassedTests',
  'requirements',
  'categories',
  'documents',
  'file',
  'join_link',
  'requirements_moved_to_root',
  'commentable_type',
  'commentable_id',
  'revision_id',
] as const;
type KnownField = (typeof KNOWN_FIELDS)[number];

const isKnownField = (field: string): field is KnownField => (KNOWN_FIELDS as readonly string[]).includes(field);
const isIn = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** One changed field as the History view shows it: its name, and what it held before and after (formatted). */
export interface ChangeLine {
  field: string;
  label: string;
  /** The value before; absent for a creation. */
  before?: string;
  /** The value after; absent for a deletion. */
  after?: string;
  /** Rich text, which the trail does not copy (decisions §21): only that it changed. */
  edited?: boolean;
}

export function fieldLabel(field: string, t: TFunction): string {
  return isKnownField(field) ? t(`history.fields.${field}`) : field;
}

/**
 * A value of a change in words: a status by its label (the one the working area shows), a role, an action or a kind
 * of element by theirs, a list joined, nothing as a dash, an object (an export's filters) as its named parts.
 */
export function formatAuditValue(field: string, value: unknown, t: TFunction): string {
  if (value === null || value === undefined) return t('history.change.none');
  if (typeof value === 'boolean') return value ? t('history.change.yes') : t('history.change.no');
  if (typeof value === 'number') {
    if (field === 'status' && Number.isInteger(value) && value >= 0 && value <= 3) return t(statusMeta(value).key);
    return String(value);
  }
  if (typeof value === 'string') {
    if (field === 'role' && isIn(PROJECT_ROLES, value)) return t(`roles.${value}`);
    if (field === 'action' && isIn(AUDIT_ACTIONS, value)) return t(`history.actions.${value}`);
    if (field === 'entity_type' && isIn(AUDIT_ENTITY_TYPES, value)) return t(`history.entities.${value}`);
    return value;
  }
  if (Array.isArray(value)) {
    return value.length === 0
      ? t('history.change.none')
      : value.map((item) => formatAuditValue(field, item, t)).join(', ');
  }
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>);
    if (parts.length === 0) return t('history.change.none');
    return parts
      .map(
        ([key, part]) =>
          `${t('history.change.field', { field: fieldLabel(key, t) })} ${formatAuditValue(key, part, t)}`,
      )
      .join('; ');
  }
  // JSON holds nothing else (no function, symbol or bigint comes from the server).
  return '';
}

/**
 * Fields an entry's element already says: a link's ends are its element ("SR_002 → SD_002"), a comment's element is
 * what it is on. Their ids again would only say less.
 */
const SAID_BY_THE_ELEMENT: Partial<Record<AuditEntityType, string[]>> = {
  link: ['parent_id', 'child_id'],
  comment: ['commentable_type', 'commentable_id'],
};

/**
 * The lines of an entry's change, in the order the server gave them: a creation shows the new values, a deletion the
 * old ones, a change both; rich text says only that it was edited.
 */
export function changeLines(changes: AuditChanges, t: TFunction, entityType?: AuditEntityType): ChangeLine[] {
  const hidden = entityType ? SAID_BY_THE_ELEMENT[entityType] : undefined;
  const shown = Object.entries(changes).filter(([field]) => !hidden?.includes(field));
  return shown.map(([field, change]) => {
    const line: ChangeLine = { field, label: fieldLabel(field, t) };
    if (change.changed) return { ...line, edited: true };
    if ('old' in change) line.before = formatAuditValue(field, change.old, t);
    if ('new' in change) line.after = formatAuditValue(field, change.new, t);
    return line;
  });
}

/** A line as plain text ("Role: Editor → Maintainer"), for a title or a test. */
export function changeLineText(line: ChangeLine, t: TFunction): string {
  const head = t('history.change.field', { field: line.label });
  if (line.edited) return `${head} ${t('history.change.edited')}`;
  const values = [line.before, line.after].filter((value) => value !== undefined);
  return `${head} ${values.join(' → ')}`;
}
