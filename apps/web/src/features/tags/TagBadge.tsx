import { memo, type CSSProperties } from 'react';
import type { TagPresented } from '@reqloom/domain';
import classes from './TagPicker.module.css';

/** One tag as a badge in its palette colour. */
export const TagBadge = memo(function TagBadge({ tag }: { tag: Pick<TagPresented, 'title' | 'color'> }) {
  return (
    <span className={classes.badge} style={{ '--tag-color': tag.color } as CSSProperties}>
      {tag.title}
    </span>
  );
});
