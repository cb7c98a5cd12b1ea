import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { ERROR_TOAST_MS, TOAST_MS } from '@reqloom/domain';
import { i18n } from '../i18n/i18n';

/** A toast's close button has only an icon: it needs a name (axe: button-name). */
const closeButtonProps = () => ({ 'aria-label': i18n.t('common.close') });

/** A confirmation toast: hides after 5 s (spec 1 §9). */
export function notifySuccess(message: string): void {
  notifications.show({
    message,
    color: 'teal',
    icon: <IconCheck size={18} />,
    autoClose: TOAST_MS,
    closeButtonProps: closeButtonProps(),
  });
}

/**
 * A piece of news that is not the user's doing (a project deleted by someone else): hides after 5 s. The id keeps
 * one toast when several parts of the page learn the same news at once.
 */
export function notifyInfo(message: string, id?: string): void {
  notifications.show({
    id,
    message,
    color: 'brand',
    icon: <IconInfoCircle size={18} />,
    autoClose: TOAST_MS,
    closeButtonProps: closeButtonProps(),
  });
}

/** An error toast: hides after 7 s (spec 1 §9). */
export function notifyError(message: string, title?: string): void {
  notifications.show({
    title,
    message,
    color: 'red',
    icon: <IconAlertTriangle size={18} />,
    autoClose: ERROR_TOAST_MS,
    closeButtonProps: closeButtonProps(),
  });
}
