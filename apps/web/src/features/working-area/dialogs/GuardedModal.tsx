import { useState, type ReactNode } from 'react';
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
  return (
    <>
      <Modal
        opened
        onClose={requestClose}
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
