import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface FormAlertProps {
  message: string | null;
  title?: string;
}

/** The error of a form that belongs to no single field; announced to screen readers as it appears. */
export function FormAlert({ message, title }: FormAlertProps) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      {message}
    </Alert>
  );
}
