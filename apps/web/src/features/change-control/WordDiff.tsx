import { useMemo } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { wordDiff } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import classes from './WordDiff.module.css';

export { htmlToPlainText } from './plainText';

/**
 * A word-level diff of two plain texts (decisions §22), for revisions, suspect links and baseline comparisons alike:
 * what was inserted is underlined, what was deleted is struck through, and each says so in words for a screen
 * reader ("added", "removed"), so that the change is never told by colour alone. Rich text is compared by its plain
 * text: pass it through `htmlToPlainText` first.
 */
export function WordDiff({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  return (
    <span className={classes.diff} data-word-diff="">
      {parts.map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === 'added' ? (
          <ins key={index} className={classes.added}>
            <VisuallyHidden component="span">{`${t('wordDiff.added')} `}</VisuallyHidden>
            {part.text}
          </ins>
        ) : (
          <del key={index} className={classes.removed}>
            <VisuallyHidden component="span">{`${t('wordDiff.removed')} `}</VisuallyHidden>
            {part.text}
          </del>
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
  const { t } = useTranslation();
  return (
    <span className={classes.diff} data-value-change="">
      <del className={classes.removed}>
        <VisuallyHidden component="span">{`${t('wordDiff.removed')} `}</VisuallyHidden>
        {before}
      </del>
      <span className={classes.arrow} aria-hidden="true">
        →
      </span>
      <ins className={classes.added}>
        <VisuallyHidden component="span">{`${t('wordDiff.added')} `}</VisuallyHidden>
        {after}
      </ins>
    </span>
  );
}
