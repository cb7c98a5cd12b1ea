import type { ReactNode } from 'react';
import { CloseButton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SideTabs } from './SideTabs';
import { sidePanelId, sideTabId, type SideTab } from './sideTab';
import { setOpenSidePanel } from '../../lib/sidePanelStore';
import { useOpenSidePanel } from './useOpenSidePanel';
import classes from './SidePanelLayout.module.css';

interface SidePanelLayoutProps {
  tabs: SideTab[];
  children: ReactNode;
}

/**
 * A view with its side tabs (spec 2): the view, then the open panel (25vw), then the tabs at the right edge.
 * The panel takes its width from the view, which narrows rather than being covered; panel and tabs stay in
 * sight under the top bar while the page scrolls.
 */
export function SidePanelLayout({ tabs, children }: SidePanelLayoutProps) {
  const { t } = useTranslation();
  const open = useOpenSidePanel();
  const active = tabs.find((tab) => tab.name === open) ?? null;
  return (
    <div className={classes.layout} data-side-panel={active?.name}>
      <div className={classes.main}>{children}</div>
      {active ? (
        <div className={classes.column}>
          <div
            className={classes.panel}
            id={sidePanelId(active.name)}
            role="tabpanel"
            aria-labelledby={sideTabId(active.name)}
          >
            <div className={classes.panelHeader}>
              <div style={{ minWidth: 0 }}>
                <Title order={2} fz="md" fw={650}>
                  {active.label}
                </Title>
                {active.subject ? (
                  <Text fz="xs" c="dimmed" className={classes.subject}>
                    {active.subject}
                  </Text>
                ) : null}
              </div>
              <CloseButton aria-label={t('sidePanels.close')} onClick={() => setOpenSidePanel(null)} />
            </div>
            <div className={classes.panelBody}>{active.panel}</div>
          </div>
        </div>
      ) : null}
      <div className={classes.column}>
        <SideTabs tabs={tabs} active={active?.name ?? null} />
      </div>
    </div>
  );
}
