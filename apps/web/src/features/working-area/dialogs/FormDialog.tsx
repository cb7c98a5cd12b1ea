import { useState, type ReactNode } from 'react';
import { Stack, type ModalProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/applyServerErrors';
import { FormAlert } from '../../../components/FormAlert';
import { notifySuccess } from '../../../components/notify';
import { DialogActions } from './DialogActions';
import { GuardedModal } from './GuardedModal';

interface FormDialogProps<Values extends object, Result> {
  /** Whose texts the title, the save button and the success message are. */
  kind: 'documents' | 'categories' | 'requirements' | 'tests';
  /** Editing an existing one, rather than creating one. */
  editing: boolean;
  form: UseFormReturnType<Values>;
  /** Saves; the dialog then tells the person and closes. Whatever it throws is shown in the dialog instead. */
  onSave: (values: Values) => Promise<Result>;
  /** Once saved and closed, with what `onSave` returned: e.g. goes to what was created. */
  onSaved?: (result: Result) => void;
  /** Reshapes a failed save's error before its field errors are placed (e.g. merges indexed errors). */
  mapError?: (error: unknown) => unknown;
  onClose: () => void;
  size?: ModalProps['size'];
  /** The dialog's fields, between the form's alert and its save bar. */
  children: ReactNode;
}

/**
 * The shell the create / edit dialogs share, so that they all behave alike (spec 2 §4): it asks before dropping
 * modifications, keeps save disabled until something is modified, shows the save in progress and puts a failed
 * save's errors under the fields or above the form.
 */
export function FormDialog<Values extends object, Result>({
  kind,
  editing,
  form,
  onSave,
  onSaved,
  mapError = (error) => error,
  onClose,
  size,
  children,
}: FormDialogProps<Values, Result>) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    setAlert(null);
    setSaving(true);
    try {
      const result = await onSave(values);
      notifySuccess(editing ? t(`${kind}.saved`) : t(`${kind}.created`));
      onClose();
      onSaved?.(result);
    } catch (error) {
      // A failed save's errors on the form's own fields go under their inputs, the rest above the form.
      setAlert(applyServerErrors(form, Object.keys(form.values), mapError(error), t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <GuardedModal
      title={editing ? t(`${kind}.editTitle`) : t(`${kind}.createTitle`)}
      dirty={form.isDirty()}
      onClose={onClose}
      size={size}
    >
      {(requestClose) => (
        <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
          <Stack gap="md">
            <FormAlert message={alert} />
            {children}
            <DialogActions
              onCancel={requestClose}
              saveLabel={editing ? t('workingArea.save') : t(`${kind}.create`)}
              canSave={form.isDirty()}
              saving={saving}
            />
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
