import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sidePanelId, sideTabId, type SideTab } from './sideTab';
import { toggleSidePanel, type SidePanelName } from '../../lib/sidePanelStore';
import classes from './SidePanelLayout.module.css';

interface SideTabsProps {
  tabs: SideTab[];
  active: SidePanelName | null;
}

/**
 * The vertical tabs at the right edge (spec 2, side tabs): a click opens a tab's panel, a click on the open one
 * closes it. A tab list in the ARIA sense, with manual activation: the arrow keys (and Home, End) move between
 * tabs, Enter or Space opens or closes; the list is one stop of the Tab key.
 */
export function SideTabs({ tabs, active }: SideTabsProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const focusable = active ?? tabs[0]?.name;

  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div className={classes.tabs}>
      <div
        ref={list}
        role="tablist"
        aria-orientation="vertical"
        aria-label={t('sidePanels.label')}
        data-tour="side-tabs"
      >
        {tabs.map((tab, index) => {
          const selected = tab.name === active;
          const count = tab.count ?? 0;
          return (
            <button
              key={tab.name}
              type="button"
              role="tab"
              id={sideTabId(tab.name)}
              className={classes.tab}
              aria-selected={selected}
              aria-controls={selected ? sidePanelId(tab.name) : undefined}
              aria-label={count > 0 && tab.countLabel ? `${tab.label}, ${tab.countLabel}` : tab.label}
              tabIndex={tab.name === focusable ? 0 : -1}
              data-tab={tab.name}
              onClick={() => toggleSidePanel(tab.name)}
              onKeyDown={(event) => move(event, index)}
            >
              <span className={classes.tabIcon} aria-hidden>
                {tab.icon}
              </span>
              <span className={classes.tabLabel} aria-hidden>
                {tab.label}
              </span>
              {count > 0 ? (
                <span className={classes.tabCount} aria-hidden data-testid={`side-tab-count-${tab.name}`}>
                  {count > 99 ? '99+' : count}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}
