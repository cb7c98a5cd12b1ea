import { useRef, useState, type CSSProperties } from 'react';
import { Popover } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColorPalette } from './ColorPalette';
import { tagColorName } from './tagColors';
import classes from './TagsPanel.module.css';

interface TagColorPickerProps {
  value: string;
  /** A colour chosen (only when it differs from `value`). */
  onChange: (color: string) => void;
  /** Whose colour it is, for the button's name ("Colour of Urgent"). */
  title: string;
  disabled?: boolean;
}

/**
 * A tag's colour: a swatch that opens the palette. A click on a colour (or Enter, Space) takes it; the arrow keys
 * move through the colours, and a click outside or Tab keeps the one moved to; Escape leaves the colour as it was.
 */
export function TagColorPicker({ value, onChange, title, disabled }: TagColorPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const preview = useRef<string | null>(null);
  const swatch = useRef<HTMLButtonElement>(null);
  const name = tagColorName(value);
  const colour = name ? t(`tags.colors.${name}`) : value;

  const close = (color: string | null, refocus: boolean) => {
    if (!open) return;
    setOpen(false);
    preview.current = null;
    if (refocus) swatch.current?.focus();
    if (color !== null && color !== value) onChange(color);
  };

  return (
    <Popover
      opened={open}
      onDismiss={() => close(preview.current, false)}
      closeOnEscape={false}
      position="bottom-start"
      shadow="md"
      radius="md"
      trapFocus
      withinPortal
    >
      <Popover.Target>
        <button
          ref={swatch}
          type="button"
          className={classes.swatchButton}
          style={{ '--tag-color': value } as CSSProperties}
          aria-label={t('tags.colorOf', { title, color: colour })}
          title={t('tags.colorOf', { title, color: colour })}
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={disabled}
          onClick={() => (open ? close(preview.current, true) : setOpen(true))}
        />
      </Popover.Target>
      <Popover.Dropdown
        p="xs"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            close(null, true);
          } else if (event.key === 'Tab') {
            event.preventDefault();
            close(preview.current, true);
          }
        }}
      >
        <ColorPalette
          value={value}
          label={t('tags.paletteOf', { title })}
          onPreview={(color) => (preview.current = color)}
          onChoose={(color) => close(color, true)}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
