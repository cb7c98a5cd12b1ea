import { useState } from 'react';
import { Button, Divider, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconRefresh } from '@tabler/icons-react';
import { JOIN_ROLES, type JoinRole, type ProjectPresented, type ProjectSettings } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { CopyLinkButton } from '../../../components/CopyLinkButton';
import { errorMessage, fieldErrorMessage } from '../../../components/errorMessage';
import { FormAlert } from '../../../components/FormAlert';
import { notifySuccess } from '../../../components/notify';
import { projectJoinLink } from '../../join/joinLinks';
import { applyProjectEvent } from '../applyProjectEvent';
import { renewJoinToken } from '../projectsApi';
import { useSaveProjectSettings } from '../settings/useSaveProjectSettings';
import { InlineConfirmation } from './InlineConfirmation';

interface JoinLinkCardProps {
  project: ProjectPresented;
  settings: ProjectSettings;
}

/** The join link, the role it grants, and a new link that ends the old one (decisions §20; maintainers only). */
export function JoinLinkCard({ project, settings }: JoinLinkCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const link = projectJoinLink(project, window.location.origin);
  const save = useSaveProjectSettings(project);
  const renew = useMutation({
    mutationFn: () => renewJoinToken(project.id),
    onMutate: () => setAlert(null),
    onSuccess: (renewed) => {
      applyProjectEvent(queryClient, { name: 'ProjectUpdated', payload: { project: renewed } });
      notifySuccess(t('members.joinLink.renewed'));
      setConfirming(false);
    },
    onError: (error) => {
      setAlert(errorMessage(error, t));
      setConfirming(false);
    },
  });

  return (
    <Stack gap="md">
      <Divider />
      <FormAlert message={alert} />
      <TextInput
        label={t('members.joinLink.label')}
        description={t('members.joinLink.hint', { role: t(`roles.${settings.joinRole}`) })}
        value={link}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        rightSection={<CopyLinkButton link={link} label={t('project.contributors.copy')} />}
      />
      <NativeSelect
        label={t('members.joinLink.role')}
        maw={260}
        data={JOIN_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        value={settings.joinRole}
        disabled={save.isPending}
        onChange={(event) => {
          setAlert(null);
          save.mutate(
            { joinRole: event.currentTarget.value as JoinRole },
            { onError: (error) => setAlert(fieldErrorMessage(error, 'settings.joinRole', t)) },
          );
        }}
      />
      {confirming ? (
        <InlineConfirmation
          warning={t('members.joinLink.renewWarning')}
          confirmLabel={t('members.joinLink.renewConfirm')}
          color="brand"
          loading={renew.isPending}
          onConfirm={() => renew.mutate()}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <div>
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => setConfirming(true)}>
            {t('members.joinLink.renew')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
