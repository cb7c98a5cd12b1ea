import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentBox } from './logic/mapLayout';
import type { MapMetrics } from './logic/mapMetrics';
import classes from './SynaepticMap.module.css';

interface DocumentContainerProps {
  box: DocumentBox;
  metrics: MapMetrics;
  href: string;
  selected: boolean;
  inactive: boolean;
  /** A double click goes to the document's requirements (the detailed view of the document). */
  onOpenRequirements: (id: number) => void;
  /** The first document of the map: its header is where the map's tour starts. */
  tourStart?: boolean;
}

/** A document's card: its header is the link that opens it in the map; its categories and cards sit inside. */
export const DocumentContainer = memo(function DocumentContainer({
  box,
  metrics,
  href,
  selected,
  inactive,
  onOpenRequirements,
  tourStart,
}: DocumentContainerProps) {
  const { t } = useTranslation();
  const { document } = box;
  const count = box.loaded ? document.requirements_count : null;
  return (
    <div
      className={`${classes.document} ${inactive ? classes.inactive : ''}`}
      style={{ left: box.x, top: box.y, width: box.width, height: box.height }}
      data-document={document.id}
    >
      <Link
        to={href}
        className={`${classes.documentHeader} ${selected ? classes.selected : ''}`}
        style={{
          height: metrics.documentHeader,
          padding: `${metrics.padY}px ${metrics.inset}px`,
          fontSize: metrics.fontSize,
          lineHeight: `${metrics.lineHeight}px`,
        }}
        aria-current={selected ? 'true' : undefined}
        data-tour={tourStart ? 'synaeptic-document' : undefined}
        onDoubleClick={() => onOpenRequirements(document.id)}
      >
        <div className={classes.documentName} style={{ fontSize: metrics.fontSize + 2 }}>
          {document.name}
        </div>
        <div className={classes.documentMeta}>
          {document.reference} · {count === null ? t('synaeptic.document.loading') : t('requirements.count', { count })}
        </div>
      </Link>
    </div>
  );
});
