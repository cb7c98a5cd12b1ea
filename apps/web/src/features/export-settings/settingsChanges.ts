import type { DocumentSettings } from '@reqloom/domain';

export type SettingsPatch = Partial<DocumentSettings>;
export type SettingKey = keyof DocumentSettings;

/** What of the wanted values differs from the current ones: only that is sent (spec 2, export settings panel). */
export function changedSettings(current: DocumentSettings, wanted: SettingsPatch): SettingsPatch {
  const patch: SettingsPatch = {};
  for (const [key, value] of Object.entries(wanted) as [SettingKey, DocumentSettings[SettingKey]][]) {
    if (value !== undefined && value !== current[key]) Object.assign(patch, { [key]: value });
  }
  return patch;
}

/**
 * The choices still waiting once a patch is settled: those it carried are done (saved, or refused and given up),
 * those made meanwhile, with another value, still wait.
 */
export function withoutSettled(wanted: SettingsPatch, settled: SettingsPatch): SettingsPatch {
  const rest: SettingsPatch = {};
  for (const [key, value] of Object.entries(wanted)) {
    if (!(key in settled) || settled[key as SettingKey] !== value) Object.assign(rest, { [key]: value });
  }
  return rest;
}
