import { describe, expect, it } from 'vitest';
import { timeZoneChoices, timeZones } from './timeZones';

describe('timeZoneChoices', () => {
  it('offers the known zones and always the current one', () => {
    expect(timeZones()).toContain('Europe/Paris');
    expect(timeZoneChoices('Europe/Paris')).toEqual(timeZones());
    expect(timeZoneChoices('Mars/Olympus_Mons')[0]).toBe('Mars/Olympus_Mons');
  });
});
