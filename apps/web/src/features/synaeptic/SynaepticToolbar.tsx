import { ActionIcon, Group, Switch } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import type { SynaepticSettings } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from './logic/viewport';
import classes from './SynaepticMap.module.css';

interface SynaepticToolbarProps {
  settings: SynaepticSettings;
  onZoom: (zoom: number) => void;
  onChange: (patch: Partial<SynaepticSettings>) => void;
}

/**
 * The zoom and display toolbars (spec 2): zoom out and in by 5, and the three display options as switches
 * (role="switch" with their state), each named in the user's language. A strip above the map, not over it
 * (SynaepticMap.module.css), so it never hides a card and a press on it is never the start of a pan.
 */
export function SynaepticToolbar({ settings, onZoom, onChange }: SynaepticToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.toolbar} role="toolbar" aria-label={t('synaeptic.toolbar')} data-tour="synaeptic-toolbar">
      <Group gap={4} role="group" aria-label={t('synaeptic.zoom.label')} data-tour="synaeptic-zoom">
        <ActionIcon
          variant="default"
          aria-label={t('synaeptic.zoom.out')}
          title={t('synaeptic.zoom.out')}
          disabled={settings.zoom <= ZOOM_MIN}
          onClick={() => onZoom(settings.zoom - ZOOM_STEP)}
        >
          <IconZoomOut size={18} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label={t('synaeptic.zoom.in')}
          title={t('synaeptic.zoom.in')}
          disabled={settings.zoom >= ZOOM_MAX}
          onClick={() => onZoom(settings.zoom + ZOOM_STEP)}
        >
          <IconZoomIn size={18} />
        </ActionIcon>
      </Group>
      <Group gap="md" data-tour="synaeptic-display">
        <Switch
          size="sm"
          label={t('synaeptic.hideInactive')}
          checked={settings.hideInactive}
          onChange={(event) => onChange({ hideInactive: event.currentTarget.checked })}
        />
        <Switch
          size="sm"
          label={t('synaeptic.overlapping')}
          checked={settings.overlapping}
          onChange={(event) => onChange({ overlapping: event.currentTarget.checked })}
        />
        <Switch
          size="sm"
          label={t('synaeptic.showAllLinks')}
          checked={settings.showAllLinks}
          onChange={(event) => onChange({ showAllLinks: event.currentTarget.checked })}
        />
      </Group>
    </div>
  );
}
