import { useTranslation } from 'react-i18next';
import { MAP_COLOURS } from './logic/colours';
import classes from './SynaepticMap.module.css';

/** What the colours say: the links' three states and the cards' borders. */
export function MapLegend() {
  const { t } = useTranslation();
  const entries = [
    { colour: MAP_COLOURS.blue, label: t('synaeptic.legend.upToDate') },
    { colour: MAP_COLOURS.red, label: t('synaeptic.legend.stale') },
    { colour: MAP_COLOURS.black, label: t('synaeptic.legend.unknown') },
  ];
  return (
    <div className={classes.legend} aria-label={t('synaeptic.legend.label')} role="note" data-tour="synaeptic-legend">
      {entries.map((entry) => (
        <span key={entry.label}>
          <span className={classes.swatch} style={{ borderColor: entry.colour }} aria-hidden />
          {entry.label}
        </span>
      ))}
    </div>
  );
}
