import { roleAtLeast, type ProjectRole } from '@reqloom/domain';

/** The sections of the project settings, in page order (spec 1 §2); each is an anchor `#settings-<name>`. */
export const SETTINGS_SECTIONS = ['general', 'organization', 'references', 'members', 'advanced'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** The sections a role sees: a maintainer all of them, any other member the members alone (decisions §20). */
export function settingsSectionsFor(role: ProjectRole): readonly SettingsSection[] {
  return roleAtLeast(role, 'maintainer') ? SETTINGS_SECTIONS : ['members'];
}
