import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  type AuditAction,
  type AuditEntityType,
  type AuditQueryInput,
} from '@reqloom/domain';

/**
 * The History view's filters as the address keeps them (`?who=12&kind=requirement&action=updated&from=…&to=…`), so
 * that a filtered view can be shared and survives a reload. Dates are kept as typed (YYYY-MM-DD): a wrong one goes to
 * the server as it is, and its refusal shows on the field.
 */
export interface HistoryFilters {
  /** The user id of the person who acted; '' for anyone. */
  who: string;
  kind: AuditEntityType | '';
  action: AuditAction | '';
  /** The first day shown (inclusive). */
  from: string;
  /** The last day shown (inclusive). */
  to: string;
}

export const NO_FILTERS: HistoryFilters = { who: '', kind: '', action: '', from: '', to: '' };

const FILTER_NAMES = ['who', 'kind', 'action', 'from', 'to'] as const;

const isAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);
const isKind = (value: string): value is AuditEntityType => (AUDIT_ENTITY_TYPES as readonly string[]).includes(value);

/** The filters of an address; a person or a value that is not one of the lists is dropped, not guessed at. */
export function filtersFromSearch(search: URLSearchParams): HistoryFilters {
  const who = search.get('who')?.trim() ?? '';
  const kind = search.get('kind') ?? '';
  const action = search.get('action') ?? '';
  return {
    who: /^[1-9]\d{0,9}$/.test(who) ? who : '',
    kind: isKind(kind) ? kind : '',
    action: isAction(action) ? action : '',
    from: search.get('from')?.trim() ?? '',
    to: search.get('to')?.trim() ?? '',
  };
}

/** The address's query for the filters: only those set, in a stable order. */
export function searchFromFilters(filters: HistoryFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filters[name]) search.set(name, filters[name]);
  return search;
}

export const hasFilters = (filters: HistoryFilters): boolean => FILTER_NAMES.some((name) => filters[name] !== '');

/**
 * The day after a YYYY-MM-DD date, as the same text: the server's `before` is exclusive, and "to the 28th" means up to
 * the 29th. Anything that is not such a date is returned as it is, for the server to refuse on its field.
 */
export function dayAfter(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const moment = new Date(Date.UTC(year, month - 1, day));
  // 2026-02-31 would roll over into March: not a date, so the server says so.
  if (moment.getUTCFullYear() !== year || moment.getUTCMonth() !== month - 1 || moment.getUTCDate() !== day)
    return date;
  moment.setUTCDate(day + 1);
  return moment.toISOString().slice(0, 10);
}

/**
 * The moment a YYYY-MM-DD day starts in a time zone (the user's, or the browser's when null), as an ISO instant: a day
 * is the user's day, not UTC's, so that a change made at 00:30 in Paris is on that day. Anything that is not a date
 * is returned as it is, for the server to refuse on its field.
 */
export function dayStart(date: string, timeZone: string | null): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match || dayAfter(date) === date) return date;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day);
  // The zone's offset at that moment, read from its wall clock; read again at the guess, which differs from the
  // first reading only when the offset changes (summer time) between the two.
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone ?? undefined,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(instant));
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return (
      Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - instant
    );
  };
  const guess = utc - offsetAt(utc);
  return new Date(utc - offsetAt(guess)).toISOString();
}

/** The filters the trail's read and its export take (decisions §21): `after` inclusive, `before` the day after. */
export type AuditFilterParams = Pick<AuditQueryInput, 'actor_id' | 'entity_type' | 'action' | 'after' | 'before'>;

export function auditParams(filters: HistoryFilters, timeZone: string | null = null): AuditFilterParams {
  const params: AuditFilterParams = {};
  if (filters.who) params.actor_id = filters.who;
  if (filters.kind) params.entity_type = filters.kind;
  if (filters.action) params.action = filters.action;
  if (filters.from) params.after = dayStart(filters.from, timeZone);
  if (filters.to) params.before = dayStart(dayAfter(filters.to), timeZone);
  return params;
}

/** The query string of a call: the filters, then the page's cursor. */
export function auditSearch(params: AuditFilterParams, cursor?: string | null): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
  if (cursor) search.set('cursor', cursor);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Which filter a refused parameter belongs to: a 422 on `after` is the "from" field's error. */
export const FILTER_OF_PARAM: Readonly<Record<string, keyof HistoryFilters>> = {
  actor_id: 'who',
  entity_type: 'kind',
  action: 'action',
  after: 'from',
  before: 'to',
};
