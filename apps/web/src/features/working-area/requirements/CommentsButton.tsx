import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowIconButton } from './RowIconButton';

interface CommentsButtonProps {
  /** The requirement's detailed view. */
  href: string;
  reference: string;
  hasComments: boolean;
  /** Opens the requirement with its comments (the table's, so that a row holds no router hook of its own). */
  onOpen: (href: string) => void;
}

/**
 * The chat icon of a requirement row (spec 2): dimmed unless the requirement has comments; it opens the
 * requirement with its comments panel. A button like the row's others (a second link named after the reference
 * would stand beside the row's own link to the requirement).
 */
export function CommentsButton({ href, reference, hasComments, onOpen }: CommentsButtonProps) {
  const { t } = useTranslation();
  return (
    <RowIconButton
      data-dimmed={hasComments ? undefined : true}
      title={hasComments ? t('requirements.hasComments') : t('requirements.noComments')}
      aria-label={t(hasComments ? 'comments.openNamed' : 'comments.openNamedNone', { name: reference })}
      onClick={() => onOpen(href)}
    >
      <IconMessageCircle size={15} aria-hidden />
    </RowIconButton>
  );
}
