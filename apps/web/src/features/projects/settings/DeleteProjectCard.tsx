import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import type { ProjectPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../components/errorMessage';
import { notifySuccess } from '../../../components/notify';
import { applyProjectEvent } from '../applyProjectEvent';
import { deleteProject } from '../projectsApi';
import { TypedSlugConfirmation } from './TypedSlugConfirmation';

interface DeleteProjectCardProps {
  project: ProjectPresented;
}

/** Deletes the project and everything in it, after the slug is typed (spec 1 §4); then the dashboard. */
export function DeleteProjectCard({ project }: DeleteProjectCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: () => deleteProject(project.id),
    onSuccess: async () => {
      notifySuccess(t('project.settings.delete.done', { name: project.name }));
      await navigate('/dashboard', { replace: true });
      applyProjectEvent(queryClient, { name: 'ProjectDeleted', payload: { project_id: project.id } });
    },
  });

  return (
    <div>
      <Paper withBorder radius="md" p="lg" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
        <Stack gap="md">
          <div>
            <Title order={3} fz="md" fw={600} c="red.8">
              {t('project.settings.delete.title')}
            </Title>
            <Text fz="sm" c="dimmed" mt={4}>
              {t('project.settings.delete.text')}
            </Text>
          </div>
          {confirming ? (
            <TypedSlugConfirmation
              slug={project.slug}
              warning={t('project.settings.delete.warning')}
              confirmLabel={t('project.settings.delete.confirm')}
              color="red"
              loading={mutation.isPending}
              onConfirm={() => mutation.mutate()}
              onCancel={() => {
                mutation.reset();
                setConfirming(false);
              }}
            />
          ) : (
            <Group>
              <Button
                color="red"
                variant="outline"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirming(true)}
              >
                {t('project.settings.delete.start')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      {mutation.isError ? (
        <Text c="red.7" fz="sm" mt="xs" role="alert">
          {errorMessage(mutation.error, t)}
        </Text>
      ) : null}
    </div>
  );
}
