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
import { ProviderReauthStep } from './ProviderReauthStep';
import { useProviderReauth } from './useProviderReauth';
import { useReviewActions } from './useReviews';

interface Values {
  reason: string;
  password: string;
}

/**
 * Revokes one's own signature (decisions §23): the signature itself is never changed; the revocation, with its
 * reason, is recorded beside it. The password is asked again, as for signing; an account linked to single sign-on
 * signs in again at the provider instead (decisions §26), and the server takes the provider's proof for it.
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
  const reauth = useProviderReauth(`revoke-${signature.id}`);
  const { viaProvider } = reauth;
  const close = () => {
    reauth.clear();
    onClose();
  };
  const form = useForm<Values>({
    initialValues: { reason: '', password: '' },
    validate: {
      reason: (value) => (value.trim() === '' ? t('reviews.revoke.reasonRequired') : null),
      password: (value) => (value === '' && !viaProvider ? t('reviews.sign.passwordRequired') : null),
    },
  });

  const save = async (values: Values) => {
    setAlert(null);
    try {
      await actions.revoke.mutateAsync({
        signature_id: signature.id,
        ...(viaProvider ? {} : { password: values.password }),
        reason: values.reason.trim(),
      });
      notifySuccess(t('reviews.revoke.done'));
      close();
    } catch (error) {
      // As in the sign dialog: the password is asked again, or the provider's spent proof is asked for again.
      form.setFieldValue('password', '');
      if (viaProvider) reauth.spend();
      setAlert(applyServerErrors(form, viaProvider ? ['reason'] : ['password', 'reason'], error, t));
    }
  };

  return (
    <GuardedModal title={t('reviews.revoke.title')} dirty={form.isDirty()} onClose={close}>
      {(requestClose) => (
        <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
          <Stack gap="md">
            <Text fz="sm">{t('reviews.revoke.notice', { meaning: t(`reviews.meanings.${signature.meaning}`) })}</Text>
            <FormAlert message={alert} />
            {viaProvider ? (
              <ProviderReauthStep
                reauth={reauth}
                hint={t('reviews.revoke.reauthHint', { name: reauth.name })}
                done={t('reviews.revoke.reauthDone', { name: reauth.name })}
              />
            ) : null}
            {/* The trip to the provider leaves the page: the reason is asked once back, not typed to be lost. */}
            {!viaProvider || reauth.done ? (
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
            ) : null}
            {viaProvider ? null : (
              <PasswordField
                label={t('reviews.sign.password')}
                autoComplete="current-password"
                required
                {...form.getInputProps('password')}
              />
            )}
            <DialogActions
              onCancel={requestClose}
              saveLabel={t('reviews.revoke.submit')}
              canSave={form.values.reason.trim() !== '' && (viaProvider ? reauth.done : form.values.password !== '')}
              saving={actions.revoke.isPending}
            />
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
