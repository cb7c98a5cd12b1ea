import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/FormAlert';
import { errorMessage } from '../../components/errorMessage';
import { ScreenLoader } from '../../components/ScreenLoader';
import { usePageTitle } from '../../components/usePageTitle';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';
import { useCurrentUser } from './useCurrentUser';

export function ProfileScreen() {
  const { t } = useTranslation();
  usePageTitle(t('user.profile.title'));
  const { data: user, error } = useCurrentUser();
  if (error) return <FormAlert message={errorMessage(error, t)} />;
  if (!user) return <ScreenLoader />;
  return (
    <Stack gap="lg">
      {/* Keyed by id: another user's data must never stay in the form's initial values. */}
      <ProfileForm key={user.id} user={user} />
      <ChangePasswordForm />
    </Stack>
  );
}
