import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

interface GuardedModalProps {
  title: ReactNode;
  dirty: boolean;
  onClose: () => void;
  /** The dialog's content; its cancel button calls `requestClose` so that it asks too. */
  children: (requestClose: () => void) => ReactNode;
  size?: ModalProps['size'];
}

/**
 * A dialog that asks before dropping modifications (spec 2 §4): closing by cancel, the close button, the backdrop
 * or Escape with changes asks "drop the modifications?"; yes discards.
 */
export function GuardedModal({ title, dirty, onClose, children, size = 'lg' }: GuardedModalProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : onClose());
  const latestClose = useRef(requestClose);
  useEffect(() => {
    latestClose.current = requestClose;
  });
  // Escape is ours, not Mantine's: with Mantine's, the question opened by an Escape heard that same Escape and
  // closed at once (seen in the requirement dialog: Escape seemed to do nothing). Here the question opens once
  // the key's event is over. An open dropdown (marked by Mantine) and the question itself keep their Escape.
  useEffect(() => {
    if (asking) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      if ((event.target as HTMLElement | null)?.getAttribute?.('data-mantine-stop-propagation') === 'true') return;
      event.preventDefault();
      setTimeout(() => latestClose.current(), 0);
    };
    // Capture: before the rich-text editor, which keeps Escape for itself.
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [asking]);
  return (
    <>
      <Modal
        opened
        onClose={requestClose}
        closeOnEscape={false}
        title={title}
        size={size}
        centered
        closeButtonProps={{ 'aria-label': t('workingArea.closeDialog') }}
        styles={{ title: { fontWeight: 650 } }}
      >
        {children(requestClose)}
      </Modal>
      <ConfirmDialog
        opened={asking}
        zIndex={400}
        title={t('workingArea.confirmTitle')}
        message={t('workingArea.dropModifications')}
        confirmLabel={t('workingArea.yes')}
        onAnswer={(yes) => {
          setAsking(false);
          if (yes) onClose();
        }}
      />
    </>
  );
}
