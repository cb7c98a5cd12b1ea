import { Avatar, Badge, Divider, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { roleAtLeast, type ProjectPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { avatarInitials } from '../../lib/avatarInitials';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { projectJoinLink } from '../join/joinLinks';

interface ProjectContributorsProps {
  project: ProjectPresented;
}

/**
 * Who works on the project, and the link that brings someone else in (spec 2 §2, contributors panel), which only a
 * maintainer hands out (decisions §20).
 */
export function ProjectContributors({ project }: ProjectContributorsProps) {
  const { t } = useTranslation();
  const link = projectJoinLink(project, window.location.origin);
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="lg"
      aria-labelledby="contributors-heading"
      data-tour="project-contributors"
    >
      <Group justify="space-between" mb="md">
        <Title order={2} id="contributors-heading" fz="md" fw={600}>
          {t('project.contributors.title')}
        </Title>
        <Badge variant="light" color="gray" radius="sm" aria-hidden="true">
          {project.members_count}
        </Badge>
      </Group>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {project.members.map((member) => (
          <Group key={member.id} component="li" gap="sm" wrap="nowrap">
            <Avatar color="initials" name={member.name} radius="xl" size={34} aria-hidden="true">
              {avatarInitials(member.initials)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text fz="sm" fw={500} truncate>
                {member.name}
              </Text>
              <Text fz="xs" c="dimmed" truncate>
                @{member.username}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
      {roleAtLeast(project.my_role, 'maintainer') ? (
        <>
          <Divider my="lg" />
          <TextInput
            label={t('project.contributors.joinLink')}
            description={t('project.contributors.joinLinkHint')}
            value={link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
            rightSection={<CopyLinkButton link={link} label={t('project.contributors.copy')} />}
          />
        </>
      ) : null}
    </Paper>
  );
}
