let cached: string[] | null = null;

/** The time zones this browser knows, for the manual choice; computed once, as the list is long. */
export function timeZones(): string[] {
  cached ??= typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return cached;
}

/** The choices, with `current` among them: browsers leave aliases such as "UTC" out of their list. */
export function timeZoneChoices(current: string): string[] {
  const zones = timeZones();
  return zones.includes(current) ? zones : [current, ...zones];
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
