import type { ReactNode } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './WordDiff.module.css';

/**
 * An insertion (underlined) or a deletion (struck through), saying so in words for a screen reader ("added",
 * "removed"), so that the change is never told by colour alone (decisions §22). `spoken={false}` when the text
 * already says it ("Link added: …").
 */
export function DiffMark({
  kind,
  spoken = true,
  children,
}: {
  kind: 'added' | 'removed';
  spoken?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const Tag = kind === 'added' ? 'ins' : 'del';
  return (
    <Tag className={classes[kind]}>
      {spoken ? <VisuallyHidden component="span">{`${t(`wordDiff.${kind}`)} `}</VisuallyHidden> : null}
      {children}
    </Tag>
  );
}
