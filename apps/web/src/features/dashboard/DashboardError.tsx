import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';

interface DashboardErrorProps {
  error: unknown;
}

/** A list that could not be loaded, in place of its table. */
export function DashboardError({ error }: DashboardErrorProps) {
  const { t } = useTranslation();
  return (
    <Box p="lg">
      <FormAlert message={errorMessage(error, t)} />
    </Box>
  );
}
