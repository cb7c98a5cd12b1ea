import { useMemo } from 'react';
import { wordDiff } from '@reqloom/domain';
import { DiffMark } from './DiffMark';
import classes from './WordDiff.module.css';

export { htmlToPlainText } from './plainText';

/**
 * A word-level diff of two plain texts (decisions §22), for revisions, suspect links and baseline comparisons alike:
 * what was inserted is underlined, what was deleted is struck through, each marked for a screen reader. Rich text is
 * compared by its plain text: pass it through `htmlToPlainText` first.
 */
export function WordDiff({ before, after }: { before: string; after: string }) {
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  return (
    <span className={classes.diff} data-word-diff="">
      {parts.map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : (
          <DiffMark key={index} kind={part.kind}>
            {part.text}
          </DiffMark>
        ),
      )}
    </span>
  );
}

/**
 * A whole value replaced (a status, a category): the old one struck through, an arrow, the new one underlined,
 * marked for screen readers as the word diff's parts are.
 */
export function ValueChange({ before, after }: { before: string; after: string }) {
  return (
    <span className={classes.diff} data-value-change="">
      <DiffMark kind="removed">{before}</DiffMark>
      <span className={classes.arrow} aria-hidden="true">
        →
      </span>
      <DiffMark kind="added">{after}</DiffMark>
    </span>
  );
}
