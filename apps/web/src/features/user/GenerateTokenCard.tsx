import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconCheck, IconCopy, IconFileWord, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryKeys';
import { copyToClipboard } from '../../components/copyToClipboard';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { notifyError, notifySuccess } from '../../components/notify';
import { SettingsSection } from '../../components/SettingsSection';
import { generateToken } from './userApi';
import { WORD_ADDIN_TOKEN_NAME } from './wordAddin';

/** The one application offered: the word-processor add-in, which signs in with a token generated here. */
export function GenerateTokenCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Held only in this component's state: the server keeps a hash, so once this screen is left it is gone.
  const [token, setToken] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => generateToken(WORD_ADDIN_TOKEN_NAME),
    onSuccess: async (generated) => {
      setToken(generated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.userTokens });
      // When the browser refuses, the field stays there to copy by hand.
      if (await copyToClipboard(generated)) notifySuccess(t('user.applications.copied'));
      else notifyError(t('user.applications.copyFailed'));
    },
  });

  return (
    <SettingsSection title={t('user.applications.title')} description={t('user.applications.subtitle')}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
          <IconFileWord size={26} stroke={1.5} />
        </ThemeIcon>
        <Stack gap="sm" style={{ flex: 1 }}>
          <div>
            <Text fw={600}>{t('user.applications.wordAddin')}</Text>
            <Text fz="sm" c="dimmed">
              {t('user.applications.wordAddinText')}
            </Text>
          </div>
          {mutation.isError ? <FormAlert message={errorMessage(mutation.error, t)} /> : null}
          {token ? (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconKey size={18} />}
              title={t('user.applications.tokenOnce')}
              // The theme's yellow title is too pale on the yellow background to read comfortably.
              styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
            >
              <TextInput
                label={t('user.applications.token')}
                value={token}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                rightSection={
                  <CopyButton value={token}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t('user.applications.copyDone') : t('user.applications.copy')}>
                        <ActionIcon
                          variant="subtle"
                          color={copied ? 'teal' : 'gray'}
                          onClick={copy}
                          aria-label={t('user.applications.copy')}
                        >
                          {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                }
              />
            </Alert>
          ) : null}
          <Group>
            <Button leftSection={<IconKey size={16} />} loading={mutation.isPending} onClick={() => mutation.mutate()}>
              {t('user.applications.generate')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </SettingsSection>
  );
}
