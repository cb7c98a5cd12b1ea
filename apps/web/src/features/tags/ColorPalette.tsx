import { useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { TAG_COLORS } from '@reqloom/domain';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paletteMove, TAG_COLOR_NAMES } from './tagColors';
import classes from './TagsPanel.module.css';

interface ColorPaletteProps {
  /** The colour chosen now. */
  value: string;
  /** The arrow keys move the choice (the radio pattern): the colour in view, not yet chosen for good. */
  onPreview?: (color: string) => void;
  /** A click, Enter or Space: this colour. */
  onChoose: (color: string) => void;
  label: string;
}

/**
 * The nine colours of the palette in rows of 3 (spec 2), as a radio group: one stop of the Tab key, the arrow
 * keys move through the grid (left and right along a row, up and down between rows), each colour named in the
 * person's language.
 */
export function ColorPalette({ value, onPreview, onChoose, label }: ColorPaletteProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(() => Math.max(0, (TAG_COLORS as readonly string[]).indexOf(value)));
  const group = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = paletteMove(selected, event.key);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    onPreview?.(TAG_COLORS[next]!);
    group.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next]?.focus();
  };

  return (
    <div ref={group} role="radiogroup" aria-label={label} className={classes.palette}>
      {TAG_COLORS.map((color, index) => {
        const checked = index === selected;
        return (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={t(`tags.colors.${TAG_COLOR_NAMES[index]!}`)}
            title={t(`tags.colors.${TAG_COLOR_NAMES[index]!}`)}
            tabIndex={checked ? 0 : -1}
            data-autofocus={checked || undefined}
            className={classes.swatch}
            style={{ '--tag-color': color } as CSSProperties}
            onKeyDown={onKeyDown}
            onClick={() => {
              setSelected(index);
              onChoose(color);
            }}
          >
            {checked ? <IconCheck size={16} aria-hidden /> : null}
          </button>
        );
      })}
    </div>
  );
}
