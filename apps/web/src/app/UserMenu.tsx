import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconAdjustments, IconLayoutDashboard, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout } from '../features/auth/useLogout';
import { useCurrentUser } from '../features/user/useCurrentUser';
import { avatarInitials } from '../lib/avatarInitials';

export function UserMenu() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.userMenu')} style={{ borderRadius: '50%' }} data-tour="user-menu">
          <Avatar color="brand" variant="filled" radius="xl" size={36}>
            {avatarInitials(user?.initials ?? '')}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user ? (
          <Menu.Label>
            <Text fz="sm" fw={600} c="dark.7" truncate>
              {user.name}
            </Text>
            <Text fz="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Menu.Label>
        ) : null}
        <Menu.Item component={Link} to="/dashboard" leftSection={<IconLayoutDashboard size={16} />}>
          {t('nav.dashboard')}
        </Menu.Item>
        <Menu.Item component={Link} to="/user/profile" leftSection={<IconUser size={16} />}>
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/user/preferences" leftSection={<IconAdjustments size={16} />}>
          {t('nav.preferences')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
