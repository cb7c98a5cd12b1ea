import { memo } from 'react';
import type { CategoryBox } from './logic/mapLayout';
import type { MapMetrics } from './logic/mapMetrics';
import classes from './SynaepticMap.module.css';

/** A category's box inside its document, its reference and name at the top; not a link (spec 2: documents and requirements are). */
export const CategoryContainer = memo(function CategoryContainer({
  box,
  metrics,
  inactive,
}: {
  box: CategoryBox;
  metrics: MapMetrics;
  inactive: boolean;
}) {
  return (
    <div
      className={`${classes.category} ${inactive ? classes.inactive : ''}`}
      style={{ left: box.x, top: box.y, width: box.width, height: box.height }}
      data-category={box.category.id}
    >
      <div
        className={classes.categoryName}
        style={{
          fontSize: metrics.fontSize,
          lineHeight: `${metrics.lineHeight}px`,
          padding: `${metrics.padY}px ${metrics.inset}px`,
        }}
      >
        {box.category.reference} {box.category.name}
      </div>
    </div>
  );
});
