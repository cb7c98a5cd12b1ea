import { useMemo } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { wordDiff } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import classes from './SuspectLinks.module.css';

interface SuspectDiffProps {
  before: string;
  after: string;
  /** What the diff is of, for assistive technologies ("Name", "Description"). */
  label: string;
}

/**
 * A word-level diff of two plain texts (wordDiff, decisions §22). Insertions are underlined and deletions struck
 * through, each also named in visually hidden text, so that neither colour nor sight alone carries the change.
 */
export function SuspectDiff({ before, after, label }: SuspectDiffProps) {
  const { t } = useTranslation();
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  return (
    <p className={classes.diff} aria-label={label}>
      {parts.map((part, i) =>
        part.kind === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : part.kind === 'added' ? (
          <ins key={i} className={classes.added}>
            <VisuallyHidden>{t('suspectLinks.diff.added')} </VisuallyHidden>
            {part.text}
          </ins>
        ) : (
          <del key={i} className={classes.removed}>
            <VisuallyHidden>{t('suspectLinks.diff.removed')} </VisuallyHidden>
            {part.text}
          </del>
        ),
      )}
    </p>
  );
}
