import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import type { SettingsSection } from './settingsSections';

interface SettingsAnchorProps {
  section: SettingsSection;
  children: ReactNode;
}

/** A section's anchor (`#settings-<name>`); the margin keeps its title clear of the sticky top bar. */
export function SettingsAnchor({ section, children }: SettingsAnchorProps) {
  return (
    <Box id={`settings-${section}`} style={{ scrollMarginTop: 76 }} data-tour={`settings-${section}`}>
      {children}
    </Box>
  );
}
