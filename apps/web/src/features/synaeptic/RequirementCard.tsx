import { memo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { statusMeta } from '../working-area/common/statusMeta';
import { cardBorder, MAP_COLOURS } from './logic/colours';
import type { CardBox } from './logic/mapLayout';
import type { MapMetrics } from './logic/mapMetrics';
import classes from './SynaepticMap.module.css';

interface RequirementCardProps {
  card: CardBox;
  metrics: MapMetrics;
  href: string;
  selected: boolean;
  inactive: boolean;
  onClick: (event: MouseEvent<HTMLAnchorElement>, id: number) => void;
}

/**
 * A requirement on the map: a link named by its reference and name, its border telling its coverage, a dot its
 * status; its description under it when open. Its coverage and stale links are its accessible description, since
 * the links themselves are drawn on a canvas. Memoised: a pan renders only the cards that come into sight.
 */
export const RequirementCard = memo(function RequirementCard({
  card,
  metrics,
  href,
  selected,
  inactive,
  onClick,
}: RequirementCardProps) {
  const { t } = useTranslation();
  const { requirement } = card;
  const border = cardBorder(requirement.coverageStatus);
  const status = statusMeta(requirement.status);
  const stale = [...requirement.parents, ...requirement.children].filter((l) => !l.upToDate).length;
  const coverage = {
    notCovered: t('traceability.coverage.notCovered'),
    notCovering: t('traceability.coverage.notCovering'),
    coveredAndCovering: t('traceability.coverage.covered'),
  }[requirement.coverageStatus];
  const description = [coverage, stale > 0 ? t('synaeptic.card.staleLinks', { count: stale }) : null]
    .filter(Boolean)
    .join(', ');
  const dot = Math.round(metrics.fontSize * 0.7);
  return (
    <Link
      to={href}
      className={`${classes.card} ${selected ? classes.selected : ''} ${inactive ? classes.inactive : ''}`}
      style={{
        left: card.x,
        top: card.y,
        width: card.width,
        height: card.height,
        // Dimmed, a card keeps its colours faintly but stays opaque: stacked cards must not show through.
        borderColor: inactive ? `color-mix(in srgb, ${MAP_COLOURS[border]} 28%, white)` : MAP_COLOURS[border],
        padding: `${metrics.padY}px ${metrics.padX}px`,
        fontSize: metrics.fontSize,
        lineHeight: `${metrics.lineHeight}px`,
      }}
      aria-label={`${requirement.reference} ${requirement.name}`}
      aria-description={description}
      aria-current={selected ? 'true' : undefined}
      aria-expanded={selected ? card.description !== null : undefined}
      data-requirement={requirement.id}
      data-border={border}
      data-inactive={inactive || undefined}
      data-stacked={card.strip < card.height || undefined}
      onClick={(event) => onClick(event, requirement.id)}
    >
      <div className={classes.cardTop}>
        <span className={classes.reference}>
          {requirement.reference}
          {/* Beside the reference while the card is stacked, since its name is then under the next card. */}
          <span className={classes.inlineName}> {requirement.name}</span>
        </span>
        {requirement.status > 0 ? (
          <span
            className={classes.statusDot}
            style={{ width: dot, height: dot, background: `var(--mantine-color-${status.color}-6)` }}
            title={t(status.key)}
          />
        ) : null}
      </div>
      <div className={classes.name}>{requirement.name}</div>
      {card.description !== null ? (
        <div className={classes.description} data-description>
          {card.description}
        </div>
      ) : null}
    </Link>
  );
});
