import { useState } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { slugify, type CreateGroupBody } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys';
import { addressPrefixProps } from '../../components/addressPrefix';
import { applyServerErrors } from '../../components/applyServerErrors';
import { FormAlert } from '../../components/FormAlert';
import { FormPage } from '../../components/FormPage';
import { notifySuccess } from '../../components/notify';
import { CreateFormActions } from '../../components/CreateFormActions';
import { RichTextInput } from '../../components/RichTextInput';
import { usePageTitle } from '../../components/usePageTitle';
import { createGroup } from './groupsApi';

const FIELDS = ['name', 'slug', 'description'] as const;

export function NewGroupScreen() {
  const { t } = useTranslation();
  usePageTitle(t('groups.new.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  // The slug follows the name until it is typed by hand (spec 1 §2); emptied, it follows the name again.
  const [slugEdited, setSlugEdited] = useState(false);
  const form = useForm<CreateGroupBody>({ initialValues: { name: '', slug: '', description: '' } });
  const mutation = useMutation({
    mutationFn: createGroup,
    onSuccess: async (group) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.userGroups });
      notifySuccess(t('groups.new.created', { name: group.name }));
      await navigate('/dashboard');
    },
    onError: (error) => setAlert(applyServerErrors(form, FIELDS, error, t)),
  });

  return (
    <FormPage title={t('groups.new.heading')} subtitle={t('groups.new.subtitle')}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setAlert(null);
          mutation.mutate(values);
        })}
      >
        <Stack gap="lg">
          <FormAlert message={alert} />
          <TextInput
            label={t('groups.new.name')}
            required
            autoFocus
            {...form.getInputProps('name')}
            onChange={(event) => {
              const name = event.currentTarget.value;
              form.setFieldValue('name', name);
              if (!slugEdited) form.setFieldValue('slug', slugify(name));
            }}
          />
          <TextInput
            label={t('groups.new.slug')}
            description={t('groups.new.slugHint')}
            required
            autoCapitalize="none"
            spellCheck={false}
            {...addressPrefixProps(`${window.location.host}/`)}
            {...form.getInputProps('slug')}
            onChange={(event) => {
              const slug = event.currentTarget.value;
              form.setFieldValue('slug', slug);
              setSlugEdited(slug !== '');
            }}
          />
          <RichTextInput
            label={t('groups.new.description')}
            value={form.values.description}
            onChange={(html) => form.setFieldValue('description', html)}
            error={form.errors.description}
          />
          <CreateFormActions loading={mutation.isPending} />
        </Stack>
      </form>
    </FormPage>
  );
}
