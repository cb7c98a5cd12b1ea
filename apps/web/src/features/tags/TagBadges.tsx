import type { TagPresented } from '@reqloom/domain';
import { TagBadge } from './TagBadge';
import classes from './TagPicker.module.css';

/** Tags side by side, wrapping onto more lines when the place is narrow. */
export function TagBadges({ tags }: { tags: readonly TagPresented[] }) {
  return (
    <span className={classes.badges}>
      {tags.map((tag) => (
        <TagBadge key={tag.id} tag={tag} />
      ))}
    </span>
  );
}
