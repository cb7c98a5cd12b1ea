import { describe, expect, it } from 'vitest';
import {
  auditParams,
  auditSearch,
  dayAfter,
  dayStart,
  filtersFromSearch,
  hasFilters,
  NO_FILTERS,
  searchFromFilters,
} from './historyFilters';

// The History view's filters (decisions §21): kept in the address, sent to the trail's read as its parameters.

describe('the History filters', () => {
  it('are read from the address, dropping what is not a person, a kind or an action', () => {
    expect(
      filtersFromSearch(
        new URLSearchParams('who=12&kind=requirement&action=member_role_changed&from=2026-11-01&to=2026-11-28'),
      ),
    ).toEqual({ who: '12', kind: 'requirement', action: 'member_role_changed', from: '2026-11-01', to: '2026-11-28' });
    expect(filtersFromSearch(new URLSearchParams('who=ada&kind=planet&action=exploded'))).toEqual(NO_FILTERS);
    expect(filtersFromSearch(new URLSearchParams('who=0'))).toEqual(NO_FILTERS);
    expect(filtersFromSearch(new URLSearchParams(''))).toEqual(NO_FILTERS);
  });

  it('keep a date as typed, even a wrong one, for the server to refuse on its field', () => {
    expect(filtersFromSearch(new URLSearchParams('from=yesterday')).from).toBe('yesterday');
  });

  it('write only what is set into the address, and read back the same', () => {
    const filters = { ...NO_FILTERS, action: 'created' as const, to: '2026-11-28' };
    const search = searchFromFilters(filters);
    expect(search.toString()).toBe('action=created&to=2026-11-28');
    expect(filtersFromSearch(search)).toEqual(filters);
    expect(searchFromFilters(NO_FILTERS).toString()).toBe('');
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters(filters)).toBe(true);
  });

  it('send "from" as after (inclusive) and the day after "to" as before (exclusive), days of the user\'s zone', () => {
    expect(
      auditParams(
        { who: '12', kind: 'member', action: 'member_joined', from: '2026-11-01', to: '2026-11-28' },
        'Europe/Paris',
      ),
    ).toEqual({
      actor_id: '12',
      entity_type: 'member',
      action: 'member_joined',
      after: '2026-10-31T23:00:00.000Z',
      before: '2026-11-28T23:00:00.000Z',
    });
    expect(auditParams(NO_FILTERS)).toEqual({});
  });

  it('start a day at its midnight in the zone, across summer time, and leave a non-date alone', () => {
    expect(dayStart('2026-07-14', 'Europe/Paris')).toBe('2026-07-13T22:00:00.000Z');
    expect(dayStart('2026-03-29', 'Europe/Paris')).toBe('2026-03-28T23:00:00.000Z');
    expect(dayStart('2026-03-30', 'Europe/Paris')).toBe('2026-03-29T22:00:00.000Z');
    expect(dayStart('2026-11-28', 'America/New_York')).toBe('2026-11-28T05:00:00.000Z');
    expect(dayStart('2026-11-28', 'Asia/Kolkata')).toBe('2026-11-27T18:30:00.000Z');
    expect(dayStart('2026-11-28', 'UTC')).toBe('2026-11-28T00:00:00.000Z');
    expect(dayStart('2026-02-31', 'UTC')).toBe('2026-02-31');
    expect(dayStart('yesterday', 'UTC')).toBe('yesterday');
  });

  it('find the day after across months, years and leap days, and leave a non-date alone', () => {
    expect(dayAfter('2026-11-30')).toBe('2026-12-01');
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
    expect(dayAfter('2028-02-28')).toBe('2028-02-29');
    expect(dayAfter('2026-02-28')).toBe('2026-03-01');
    expect(dayAfter('2026-02-31')).toBe('2026-02-31');
    expect(dayAfter('28/11/2026')).toBe('28/11/2026');
  });

  it('make the query string of a page: the filters, then the cursor', () => {
    expect(auditSearch({ action: 'created', after: '2026-11-01' }, 'abc_1')).toBe(
      '?action=created&after=2026-11-01&cursor=abc_1',
    );
    expect(auditSearch({}, null)).toBe('');
  });
});
