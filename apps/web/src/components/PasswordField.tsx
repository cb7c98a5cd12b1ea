import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's password input with its show/hide button named in the user's language. Mantine marks its other inputs
 * aria-invalid when they carry an error, but not this one (only data-invalid): a screen reader would not hear that a
 * refused password is in error.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('common.showPassword') }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
