import { useState } from 'react';
import { Alert, Button, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SIGNATURE_MEANINGS, type ReviewDetailPresented, type SignatureMeaning } from '@reqloom/domain';
import { IconGavel } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ssoReauthHref } from '../auth/authApi';
import { useSsoInfo } from '../auth/useSsoInfo';
import { applyServerErrors } from '../../components/applyServerErrors';
import { FormAlert } from '../../components/FormAlert';
import { notifySuccess } from '../../components/notify';
import { PasswordField } from '../../components/PasswordField';
import { useFormatDay } from '../baselines/useFormatDay';
import { useProject } from '../projects/useProject';
import { DialogActions } from '../working-area/dialogs/DialogActions';
import { GuardedModal } from '../working-area/dialogs/GuardedModal';
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
  const location = useLocation();
  // An account linked to single sign-on confirms who it is at the provider instead of typing a password (decisions
  // §26); it comes back here with `?reauth=ok` and a short-lived proof the server keeps in a cookie.
  const sso = useSsoInfo();
  const viaProvider = Boolean(sso?.enabled && sso.linked);
  const ssoName = sso?.display_name ?? '';
  const reauthDone = new URLSearchParams(location.search).get('reauth') === 'ok';
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
      onClose();
    } catch (error) {
      // The password typed is dropped whatever went wrong: it is asked again.
      form.setFieldValue('password', '');
      setAlert(applyServerErrors(form, ['password', 'meaning'], error, t));
    }
  };

  return (
    <GuardedModal title={t('reviews.sign.title')} dirty={form.isDirty()} onClose={onClose}>
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
              reauthDone ? (
                <Alert color="green" variant="light" role="status">
                  {t('reviews.sign.reauthDone', { name: ssoName })}
                </Alert>
              ) : (
                <Stack gap={6}>
                  <Text fz="sm">{t('reviews.sign.reauthHint', { name: ssoName })}</Text>
                  <Button component="a" href={ssoReauthHref(`${location.pathname}?sign=1`)} variant="default">
                    {t('reviews.sign.reauth', { name: ssoName })}
                  </Button>
                </Stack>
              )
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
              canSave={form.values.meaning !== '' && (viaProvider ? reauthDone : form.values.password !== '')}
              saving={actions.sign.isPending}
            />
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
