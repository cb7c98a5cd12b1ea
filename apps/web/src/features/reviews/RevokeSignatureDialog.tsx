import { useState } from 'react';
import { Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { REVIEW_COMMENT_MAX, type ReviewDetailPresented, type SignaturePresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../components/applyServerErrors';
import { FormAlert } from '../../components/FormAlert';
import { notifySuccess } from '../../components/notify';
import { PasswordField } from '../../components/PasswordField';
import { useProject } from '../projects/useProject';
import { DialogActions } from '../working-area/dialogs/DialogActions';
import { GuardedModal } from '../working-area/dialogs/GuardedModal';
import { useReviewActions } from './useReviews';

interface Values {
  reason: string;
  password: string;
}

/**
 * Revokes one's own signature (decisions §23): the signature itself is never changed; the revocation, with its
 * reason, is recorded beside it. The password is asked again, as for signing.
 */
export function RevokeSignatureDialog({
  review,
  signature,
  onClose,
}: {
  review: ReviewDetailPresented;
  signature: SignaturePresented;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { project } = useProject();
  const actions = useReviewActions(project.id, review.id);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { reason: '', password: '' },
    validate: {
      reason: (value) => (value.trim() === '' ? t('reviews.revoke.reasonRequired') : null),
      password: (value) => (value === '' ? t('reviews.sign.passwordRequired') : null),
    },
  });

  const save = async (values: Values) => {
    setAlert(null);
    try {
      await actions.revoke.mutateAsync({
        signature_id: signature.id,
        password: values.password,
        reason: values.reason.trim(),
      });
      notifySuccess(t('reviews.revoke.done'));
      onClose();
    } catch (error) {
      form.setFieldValue('password', '');
      setAlert(applyServerErrors(form, ['password', 'reason'], error, t));
    }
  };

  return (
    <GuardedModal title={t('reviews.revoke.title')} dirty={form.isDirty()} onClose={onClose}>
      {(requestClose) => (
        <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
          <Stack gap="md">
            <Text fz="sm">{t('reviews.revoke.notice', { meaning: t(`reviews.meanings.${signature.meaning}`) })}</Text>
            <FormAlert message={alert} />
            <Textarea
              label={t('reviews.revoke.reason')}
              required
              autosize
              minRows={2}
              maxRows={6}
              maxLength={REVIEW_COMMENT_MAX}
              data-autofocus
              {...form.getInputProps('reason')}
            />
            <PasswordField
              label={t('reviews.sign.password')}
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <DialogActions
              onCancel={requestClose}
              saveLabel={t('reviews.revoke.submit')}
              canSave={form.values.reason.trim() !== '' && form.values.password !== ''}
              saving={actions.revoke.isPending}
            />
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
