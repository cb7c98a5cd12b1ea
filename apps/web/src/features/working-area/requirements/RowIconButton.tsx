import type { ButtonHTMLAttributes, ReactNode } from 'react';
import classes from './RowIconButton.module.css';

interface RowIconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> {
  /** The accessible name (with the requirement's reference); `title` carries the short hint shown on hover. */
  'aria-label': string;
  danger?: boolean;
  children: ReactNode;
}

/**
 * The small icon buttons of a requirement row, as plain buttons: a row is made and dropped at every step of a
 * scroll, and Mantine's ActionIcon and Tooltip four times a row kept scrolling a long table near 30 frames a second
 * (issue 9 §5: 44–46 with the browser's own hints, 51–53 with plain buttons, `npm run bench:browser`). They look like its subtle
 * variant at size sm.
 */
export function RowIconButton({ danger = false, className, ...props }: RowIconButtonProps) {
  return (
    <button
      type="button"
      className={`${classes.button} ${className ?? ''}`}
      data-danger={danger || undefined}
      {...props}
    />
  );
}
