import { useState } from 'react';
import { Grid, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  acronymFrom,
  DEFAULT_ACRONYM_MAX_SIZE,
  DEFAULT_PROJECT_SETTINGS,
  slugify,
  type GroupPresented,
  type UserPresented,
} from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys';
import { addressPrefixProps } from '../../components/addressPrefix';
import { applyServerErrors } from '../../components/applyServerErrors';
import { FormAlert } from '../../components/FormAlert';
import { notifySuccess } from '../../components/notify';
import { CreateFormActions } from '../../components/CreateFormActions';
import { RichTextInput } from '../../components/RichTextInput';
import { createProject } from './projectsApi';
import { projectPath } from './projectPaths';

const FIELDS = ['name', 'acronym', 'group_id', 'slug', 'description'] as const;
/** The namespace choice that means "my own account" (group_id null). */
const MINE = 'user';

interface NewProjectFormProps {
  user: UserPresented;
  groups: readonly GroupPresented[];
  initialGroupId: number | null;
}

interface Values {
  name: string;
  acronym: string;
  group_id: string;
  slug: string;
  description: string;
}

/**
 * The acronym proposed from a name. A project that does not exist yet has the default settings, so small words
 * count unless those defaults say otherwise; the bound is the one before creation (decisions §10).
 */
function proposedAcronym(name: string): string {
  return acronymFrom(name, {
    ignoreSmallWords: DEFAULT_PROJECT_SETTINGS.autoAcronymIgnoreSmallWords,
    maxSize: DEFAULT_ACRONYM_MAX_SIZE,
  });
}

export function NewProjectForm({ user, groups, initialGroupId }: NewProjectFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  // The acronym and the slug follow the name until typed by hand (spec 1 §2); emptied, they follow it again.
  const [acronymEdited, setAcronymEdited] = useState(false);
  const [slugEdited, setSlugEdited] = useState(false);
  const form = useForm<Values>({
    initialValues: {
      name: '',
      acronym: '',
      group_id: initialGroupId === null ? MINE : String(initialGroupId),
      slug: '',
      description: '',
    },
  });
  const mutation = useMutation({
    mutationFn: (values: Values) =>
      createProject({ ...values, group_id: values.group_id === MINE ? null : Number(values.group_id) }),
    onSuccess: async (project) => {
      queryClient.setQueryData(queryKeys.projectByPath(project.namespace, project.slug), project);
      void queryClient.invalidateQueries({ queryKey: queryKeys.userProjects });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userGroups });
      notifySuccess(t('projects.new.created', { name: project.name }));
      await navigate(projectPath(project.namespace, project.slug));
    },
    onError: (error) => setAlert(applyServerErrors(form, FIELDS, error, t)),
  });

  const namespaces = [
    { group: t('projects.new.myAccount'), items: [{ value: MINE, label: user.username }] },
    ...(groups.length > 0
      ? [{ group: t('projects.new.myGroups'), items: groups.map((g) => ({ value: String(g.id), label: g.slug })) }]
      : []),
  ];

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setAlert(null);
        mutation.mutate(values);
      })}
    >
      <Stack gap="lg">
        <FormAlert message={alert} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 9 }}>
            <TextInput
              label={t('projects.fields.name')}
              required
              autoFocus
              {...form.getInputProps('name')}
              onChange={(event) => {
                const name = event.currentTarget.value;
                form.setFieldValue('name', name);
                if (!acronymEdited) form.setFieldValue('acronym', proposedAcronym(name));
                if (!slugEdited) form.setFieldValue('slug', slugify(name));
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput
              label={t('projects.fields.acronym')}
              required
              maxLength={DEFAULT_ACRONYM_MAX_SIZE}
              autoCapitalize="characters"
              spellCheck={false}
              {...form.getInputProps('acronym')}
              onChange={(event) => {
                // Acronyms are upper-case letters and digits: typing in lower case is taken as meant.
                const acronym = event.currentTarget.value.toUpperCase();
                form.setFieldValue('acronym', acronym);
                setAcronymEdited(acronym !== '');
              }}
            />
          </Grid.Col>
        </Grid>
        <div>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <Select
              label={t('projects.new.group')}
              data={namespaces}
              allowDeselect={false}
              required
              style={{ flex: 3, minWidth: 0 }}
              comboboxProps={{ withinPortal: true }}
              {...addressPrefixProps(`${window.location.host}/project/`)}
              {...form.getInputProps('group_id')}
            />
            <Text c="dimmed" fz="lg" mt={30} aria-hidden="true">
              /
            </Text>
            <TextInput
              label={t('projects.new.slug')}
              required
              autoCapitalize="none"
              spellCheck={false}
              style={{ flex: 2, minWidth: 0 }}
              {...form.getInputProps('slug')}
              onChange={(event) => {
                const slug = event.currentTarget.value;
                form.setFieldValue('slug', slug);
                setSlugEdited(slug !== '');
              }}
            />
          </Group>
          <Text fz="xs" c="dimmed" mt={6}>
            {t('projects.new.slugHint')}
          </Text>
        </div>
        <RichTextInput
          label={t('projects.fields.description')}
          value={form.values.description}
          onChange={(html) => form.setFieldValue('description', html)}
          error={form.errors.description}
        />
        <CreateFormActions loading={mutation.isPending} />
      </Stack>
    </form>
  );
}
