import { NavLink, Text } from '@mantine/core';
import {
  IconAdjustments,
  IconAlertTriangle,
  IconArrowLeft,
  IconBuilding,
  IconChecklist,
  IconHash,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { projectPath } from './projectPaths';
import { settingsSectionsFor } from './settings/settingsSections';
import { useProject } from './useProject';

const ICONS = {
  general: IconAdjustments,
  organization: IconBuilding,
  references: IconHash,
  quality: IconChecklist,
  members: IconUsers,
  advanced: IconAlertTriangle,
} as const;

const navLinkStyle = { borderRadius: 'var(--mantine-radius-sm)' };

/** The side bar in the settings: back to the project, and the sections of the page the role sees (spec 1 §2). */
export function ProjectSettingsNav() {
  const { t } = useTranslation();
  const { project } = useProject();
  const { hash } = useLocation();
  return (
    <>
      <NavLink
        component={Link}
        to={projectPath(project.namespace, project.slug)}
        label={t('project.nav.back')}
        leftSection={<IconArrowLeft size={18} stroke={1.6} />}
        style={navLinkStyle}
      />
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4} lts={0.4}>
        {t('project.nav.settings')}
      </Text>
      {settingsSectionsFor(project.my_role).map((section, index) => {
        const Icon = ICONS[section];
        const active = hash === `#settings-${section}` || (hash === '' && index === 0);
        return (
          <NavLink
            key={section}
            // Through the router, not a bare href: a hash the browser changed by itself came back to the router as
            // a navigation it had not made, and its leave-with-unsaved-work blocker warned on each one.
            component={Link}
            to={{ hash: `settings-${section}` }}
            onClick={() =>
              // The router moves the address only: the section is brought into view here, as an anchor would.
              requestAnimationFrame(() => document.getElementById(`settings-${section}`)?.scrollIntoView())
            }
            label={t(`project.settings.${section}.title`)}
            leftSection={<Icon size={18} stroke={1.6} />}
            active={active}
            aria-current={active ? 'location' : undefined}
            style={navLinkStyle}
          />
        );
      })}
    </>
  );
}
