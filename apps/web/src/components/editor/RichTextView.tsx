import { Typography } from '@mantine/core';
import classes from './RichTextView.module.css';

interface RichTextViewProps {
  /** HTML sanitised by the server (against the editor's allow-list), so it is safe to insert. */
  html: string;
  size?: 'xs' | 'sm';
}

/** A description shown read-only, with the same typography as in the editor. */
export function RichTextView({ html, size = 'sm' }: RichTextViewProps) {
  return (
    <Typography className={classes.root} data-size={size}>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
