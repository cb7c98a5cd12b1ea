import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { useProviderReauth } from './useProviderReauth';

/**
 * Where a local account types its password again, an account linked to single sign-on finds either the way to the
 * provider (a link: the whole page goes there and comes back) or, back from it, the word that it is done, or why the
 * new sign-in was refused, with the way to try again.
 */
export function ProviderReauthStep({
  reauth,
  hint,
  done,
}: {
  reauth: ReturnType<typeof useProviderReauth>;
  hint: string;
  done: string;
}) {
  const { t } = useTranslation();
  if (reauth.done)
    return (
      <Alert color="green" variant="light" role="status">
        {done}
      </Alert>
    );
  return (
    <Stack gap={6}>
      {reauth.refusal ? (
        <Alert color="red" variant="light" role="alert">
          {t(`auth.sso.errors.${reauth.refusal}`)}
        </Alert>
      ) : null}
      <Text fz="sm">{hint}</Text>
      <Button component="a" href={reauth.href} variant="default">
        {t('reviews.sign.reauth', { name: reauth.name })}
      </Button>
    </Stack>
  );
}
