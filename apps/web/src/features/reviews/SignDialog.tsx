import { useState } from 'react';
import { Alert, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SIGNATURE_MEANINGS, type ReviewDetailPresented, type SignatureMeaning } from '@reqloom/domain';
import { IconGavel } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../components/applyServerErrors';
import { FormAlert } from '../../components/FormAlert';
import { notifySuccess } from '../../components/notify';
import { PasswordField } from '../../components/PasswordField';
import { useFormatDay } from '../baselines/useFormatDay';
import { useProject } from '../projects/useProject';
import { DialogActions } from '../working-area/dialogs/DialogActions';
import { GuardedModal } from '../working-area/dialogs/GuardedModal';
import { ProviderReauthStep } from './ProviderReauthStep';
import { useProviderReauth } from './useProviderReauth';
import { useReviewActions } from './useReviews';

interface Values {
  meaning: SignatureMeaning | '';
  password: string;
}

/**
 * Signs the review (decisions §23). It says first what signing means, then asks for the meaning and the password
 * again: the server checks it (a wrong one is a 422 on `password`, rate limited as a login) and binds the signature to
 * the signer, the meaning, the time and a SHA-256 of the baseline's content. Nothing is chosen for the signer: the
 * meaning starts empty.
 */
export function SignDialog({ review, onClose }: { review: ReviewDetailPresented; onClose: () => void }) {
  const { t } = useTranslation();
  const { project } = useProject();
  const formatDay = useFormatDay();
  const actions = useReviewActions(project.id, review.id);
  const [alert, setAlert] = useState<string | null>(null);
  // An account linked to single sign-on confirms who it is at the provider instead of typing a password.
  const reauth = useProviderReauth('sign');
  const { viaProvider } = reauth;
  const close = () => {
    reauth.clear();
    onClose();
  };
  const form = useForm<Values>({
    initialValues: { meaning: '', password: '' },
    validate: {
      meaning: (value) => (value === '' ? t('reviews.sign.meaningRequired') : null),
      password: (value) => (value === '' && !viaProvider ? t('reviews.sign.passwordRequired') : null),
    },
  });

  const save = async (values: Values) => {
    if (values.meaning === '') return;
    setAlert(null);
    try {
      await actions.sign.mutateAsync(
        viaProvider ? { meaning: values.meaning } : { password: values.password, meaning: values.meaning },
      );
      notifySuccess(t('reviews.sign.done', { meaning: t(`reviews.meanings.${values.meaning}`) }));
      close();
    } catch (error) {
      // The password typed is dropped whatever went wrong: it is asked again. The provider's proof was spent (or
      // expired): its refusal shows above the form, and the way to the provider is offered again.
      form.setFieldValue('password', '');
      if (viaProvider) reauth.spend();
      setAlert(applyServerErrors(form, viaProvider ? ['meaning'] : ['password', 'meaning'], error, t));
    }
  };

  return (
    <GuardedModal title={t('reviews.sign.title')} dirty={form.isDirty()} onClose={close}>
      {(requestClose) => (
        <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
          <Stack gap="md">
            <Alert
              color="orange"
              variant="light"
              icon={<IconGavel size={18} />}
              title={t('reviews.sign.meaningTitle')}
              data-testid="sign-notice"
            >
              <Stack gap={6}>
                <Text fz="sm">
                  {t('reviews.sign.notice', {
                    title: review.title,
                    revision: review.revision,
                    date: formatDay(review.created_at),
                  })}
                </Text>
                <Text fz="sm">{t('reviews.sign.noticeHash')}</Text>
                <Text fz="sm">{t('reviews.sign.noticeRevoke')}</Text>
              </Stack>
            </Alert>
            <FormAlert message={alert} />
            <Radio.Group label={t('reviews.sign.meaning')} required {...form.getInputProps('meaning')}>
              <Stack gap={8} mt={6}>
                {SIGNATURE_MEANINGS.map((meaning) => (
                  <Radio
                    key={meaning}
                    value={meaning}
                    label={t(`reviews.meanings.${meaning}`)}
                    description={t(`reviews.meaningHints.${meaning}`)}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {viaProvider ? (
              <ProviderReauthStep
                reauth={reauth}
                hint={t('reviews.sign.reauthHint', { name: reauth.name })}
                done={t('reviews.sign.reauthDone', { name: reauth.name })}
              />
            ) : (
              <PasswordField
                label={t('reviews.sign.password')}
                description={t('reviews.sign.passwordHint')}
                autoComplete="current-password"
                required
                {...form.getInputProps('password')}
              />
            )}
            <DialogActions
              onCancel={requestClose}
              saveLabel={t('reviews.sign.submit')}
              canSave={form.values.meaning !== '' && (viaProvider ? reauth.done : form.values.password !== '')}
              saving={actions.sign.isPending}
            />
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
