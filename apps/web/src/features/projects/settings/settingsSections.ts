/** The sections of the project settings, in page order (spec 1 §2); each is an anchor `#settings-<name>`. */
export const SETTINGS_SECTIONS = ['general', 'organization', 'references', 'advanced'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
