import type { TFunction } from 'i18next';
import { errorMessage } from '../../../components/errorMessage';
import { notifyError } from '../../../components/notify';

/** A call that has no form to show its errors in: a 7 s error toast with the server's message. */
export function notifyFailure(error: unknown, t: TFunction): void {
  notifyError(errorMessage(error, t), t('workingArea.failed'));
}
