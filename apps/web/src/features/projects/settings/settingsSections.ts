import { roleAtLeast, type ProjectRole } from '@reqloom/domain';

/** The sections of the project settings, in page order (spec 1 §2); each is an anchor `#settings-<name>`. */
export const SETTINGS_SECTIONS = ['general', 'organization', 'references', 'quality', 'members', 'advanced'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/**
 * The sections a role sees: a maintainer all of them, any other member the members and the quality rules, read only
 * (decisions §20, §25: the rules that underline their requirements are worth knowing, not theirs to change).
 */
export function settingsSectionsFor(role: ProjectRole): readonly SettingsSection[] {
  return roleAtLeast(role, 'maintainer') ? SETTINGS_SECTIONS : ['quality', 'members'];
}
