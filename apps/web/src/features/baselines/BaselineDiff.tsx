import { useMemo } from 'react';
import { wordDiff } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import classes from './BaselineDiff.module.css';

/**
 * A word-level diff of two plain texts (decisions §22), shown by more than colour: an insertion is underlined, a
 * deletion struck through, and each says "added" or "removed" to a screen reader (house rules).
 */
export function BaselineDiff({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  return (
    <span className={classes.diff}>
      {parts.map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === 'added' ? (
          <ins key={index} className={classes.added}>
            <span className={classes.hidden}>{`${t('baselines.diff.added')} `}</span>
            {part.text}
          </ins>
        ) : (
          <del key={index} className={classes.removed}>
            <span className={classes.hidden}>{`${t('baselines.diff.removed')} `}</span>
            {part.text}
          </del>
        ),
      )}
    </span>
  );
}
