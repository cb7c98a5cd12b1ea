import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { ProjectPresented, TransferProjectBody } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { splitFormErrors } from '../../../api/formErrors';
import { queryKeys } from '../../../api/queryKeys';
import { errorMessage } from '../../../components/errorMessage';
import { FormAlert } from '../../../components/FormAlert';
import { notifySuccess } from '../../../components/notify';
import { useMyGroups } from '../../groups/useMyGroups';
import { useCurrentUser } from '../../user/useCurrentUser';
import { applyProjectEvent } from '../applyProjectEvent';
import { projectPath } from '../projectPaths';
import { transferProject } from '../projectsApi';
import { TypedSlugConfirmation } from './TypedSlugConfirmation';

interface TransferProjectCardProps {
  project: ProjectPresented;
}

function parseTarget(value: string): TransferProjectBody {
  const [type, id] = value.split(':');
  return { owner_type: type === 'group' ? 'group' : 'user', owner_id: Number(id) };
}

/** Moves the project to my own account or one of my groups (spec 1 §4), after the slug is typed. */
export function TransferProjectCard({ project }: TransferProjectCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const { data: groups = [] } = useMyGroups();
  const [target, setTarget] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const current = `${project.owner_type}:${project.owner_id}`;

  const mutation = useMutation({
    mutationFn: (value: string) => transferProject(project.id, parseTarget(value)),
    onSuccess: async (moved) => {
      const before = queryKeys.projectByPath(project.namespace, project.slug);
      applyProjectEvent(queryClient, { name: 'ProjectUpdated', payload: { project: moved } });
      notifySuccess(t('project.settings.transfer.done', { namespace: moved.namespace }));
      await navigate(projectPath(moved.namespace, moved.slug, 'settings'), { replace: true });
      queryClient.removeQueries({ queryKey: before, exact: true });
    },
    onError: (error) => {
      const { fields, other } = splitFormErrors(error, ['owner_type', 'owner_id']);
      const under = [fields.owner_type, fields.owner_id].filter(Boolean).join(' ');
      setFieldError(under || null);
      setAlert(other ?? (under ? null : errorMessage(error, t)));
      setConfirming(false);
    },
  });

  const choices = [
    {
      group: t('project.settings.transfer.myAccount'),
      items: user ? [{ value: `user:${user.id}`, label: user.username, disabled: current === `user:${user.id}` }] : [],
    },
    {
      group: t('project.settings.transfer.myGroups'),
      items: groups.map((group) => ({
        value: `group:${group.id}`,
        label: `${group.name} (${group.slug})`,
        disabled: current === `group:${group.id}`,
      })),
    },
  ].filter((section) => section.items.length > 0);

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <div>
          <Title order={3} fz="md" fw={600}>
            {t('project.settings.transfer.title')}
          </Title>
          <Text fz="sm" c="dimmed" mt={4}>
            {current === `user:${user?.id}`
              ? t('project.settings.transfer.textMine')
              : t('project.settings.transfer.text', { owner: project.owner.name })}
          </Text>
        </div>
        <FormAlert message={alert} />
        <Select
          label={t('project.settings.transfer.target')}
          placeholder={t('project.settings.transfer.targetPlaceholder')}
          data={choices}
          value={target}
          onChange={(value) => {
            setTarget(value);
            setFieldError(null);
            setConfirming(false);
          }}
          error={fieldError}
          maw={420}
          disabled={confirming}
        />
        {confirming && target ? (
          <TypedSlugConfirmation
            slug={project.slug}
            warning={t('project.settings.transfer.warning')}
            confirmLabel={t('project.settings.transfer.confirm')}
            color="brand"
            loading={mutation.isPending}
            onConfirm={() => mutation.mutate(target)}
            onCancel={() => setConfirming(false)}
          />
        ) : (
          <Group>
            <Button
              variant="default"
              leftSection={<IconArrowsExchange size={16} />}
              disabled={!target}
              onClick={() => {
                setAlert(null);
                setConfirming(true);
              }}
            >
              {t('project.settings.transfer.start')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
