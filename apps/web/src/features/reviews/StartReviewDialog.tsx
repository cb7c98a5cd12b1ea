import { useId, useState } from 'react';
import { Checkbox, Group, Loader, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { REVIEW_DESCRIPTION_MAX, roleAtLeast, type ReviewParticipantRole } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '../../components/applyServerErrors';
import { FormAlert } from '../../components/FormAlert';
import { notifySuccess } from '../../components/notify';
import { useProjectMembers } from '../projects/members/useProjectMembers';
import { useProject } from '../projects/useProject';
import { useStructure } from '../working-area/api/useStructure';
import { DialogActions } from '../working-area/dialogs/DialogActions';
import { GuardedModal } from '../working-area/dialogs/GuardedModal';
import { useReviewPaths } from './reviewPaths';
import { useCreateReview } from './useReviews';

interface Values {
  title: string;
  description: string;
  document_ids: string[];
  /** The invited members by user id, with their role in the review. */
  participants: Record<string, ReviewParticipantRole>;
  due_date: string;
}

/**
 * Starts a review (decisions §23): a title, a description, the documents it takes a baseline of, the participants
 * (members of role reviewer and above, each a reviewer or an approver) and a due day. The starter becomes the
 * moderator; the new review opens once started. Field errors of the server show under their fields; those on a
 * participant or a document above the form.
 */
export function StartReviewDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { project } = useProject();
  const paths = useReviewPaths();
  const structure = useStructure(project.id);
  const members = useProjectMembers(project.id);
  const documents = structure.data ?? [];
  // Viewers take part in no review (decisions §20): only reviewers and above are offered.
  const candidates = (members.data ?? []).filter((m) => roleAtLeast(m.role, 'reviewer'));
  const creation = useCreateReview(project.id);
  const [alert, setAlert] = useState<string | null>(null);
  const participantsId = useId();
  const form = useForm<Values>({
    initialValues: { title: '', description: '', document_ids: [], participants: {}, due_date: '' },
    validate: {
      title: (value) => (value.trim() === '' ? t('reviews.start.titleRequired') : null),
      document_ids: (value) => (value.length === 0 ? t('reviews.start.documentsRequired') : null),
      participants: (value) => (Object.keys(value).length === 0 ? t('reviews.start.participantsRequired') : null),
    },
  });
  const invited = form.values.participants;

  const save = async (values: Values) => {
    setAlert(null);
    try {
      const created = await creation.mutateAsync({
        title: values.title.trim(),
        ...(values.description.trim() ? { description: values.description.trim() } : {}),
        document_ids: values.document_ids.map(Number),
        due_date: values.due_date || null,
        participants: Object.entries(values.participants).map(([id, role]) => ({ user_id: Number(id), role })),
      });
      notifySuccess(t('reviews.start.done', { title: created.title }));
      void navigate(paths.open(created.id));
      onClose();
    } catch (error) {
      setAlert(applyServerErrors(form, ['title', 'description', 'due_date'], error, t));
    }
  };

  const invite = (userId: number, yes: boolean) => {
    const next = { ...invited };
    if (yes) next[userId] = 'reviewer';
    else delete next[userId];
    form.setFieldValue('participants', next);
  };
  const setRole = (userId: number, role: ReviewParticipantRole) =>
    form.setFieldValue('participants', { ...invited, [userId]: role });

  return (
    <GuardedModal title={t('reviews.start.title')} dirty={form.isDirty()} onClose={onClose}>
      {(requestClose) => (
        <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
          <Stack gap="md">
            <FormAlert message={alert} />
            <TextInput label={t('reviews.start.titleField')} required data-autofocus {...form.getInputProps('title')} />
            <Textarea
              label={t('reviews.start.description')}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={REVIEW_DESCRIPTION_MAX}
              {...form.getInputProps('description')}
            />
            <Checkbox.Group
              label={t('reviews.start.documents')}
              description={t('reviews.start.documentsHint')}
              required
              {...form.getInputProps('document_ids')}
            >
              {structure.isPending ? (
                <Loader size="xs" aria-label={t('reviews.loading')} />
              ) : documents.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  {t('reviews.start.noDocuments')}
                </Text>
              ) : (
                <Stack gap={6} mt={6}>
                  {documents.map((d) => (
                    <Checkbox key={d.id} value={String(d.id)} label={`${d.acronym} · ${d.name}`} />
                  ))}
                </Stack>
              )}
            </Checkbox.Group>
            <Stack gap={6} role="group" aria-labelledby={participantsId}>
              <Text fz="sm" fw={500} id={participantsId}>
                {t('reviews.start.participants')}
              </Text>
              <Text fz="xs" c="dimmed" mt={-4}>
                {t('reviews.start.participantsHint')}
              </Text>
              {members.isPending ? (
                <Loader size="xs" aria-label={t('reviews.loading')} />
              ) : candidates.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  {t('reviews.start.noCandidates')}
                </Text>
              ) : (
                candidates.map(({ user }) => {
                  const role = invited[user.id];
                  return (
                    <Group key={user.id} justify="space-between" wrap="nowrap" gap="sm">
                      <Checkbox
                        label={user.name}
                        checked={role !== undefined}
                        onChange={(event) => invite(user.id, event.currentTarget.checked)}
                      />
                      <NativeSelect
                        size="xs"
                        w={150}
                        aria-label={t('reviews.start.roleOf', { name: user.name })}
                        disabled={role === undefined}
                        value={role ?? 'reviewer'}
                        onChange={(event) => setRole(user.id, event.currentTarget.value as ReviewParticipantRole)}
                        data={[
                          { value: 'reviewer', label: t('reviews.roles.reviewer') },
                          { value: 'approver', label: t('reviews.roles.approver') },
                        ]}
                      />
                    </Group>
                  );
                })
              )}
              {form.errors.participants ? (
                <Text fz="xs" c="red" role="alert">
                  {form.errors.participants}
                </Text>
              ) : null}
            </Stack>
            <TextInput
              type="date"
              label={t('reviews.start.due')}
              description={t('reviews.start.dueHint')}
              w={220}
              {...form.getInputProps('due_date')}
            />
            <DialogActions
              onCancel={requestClose}
              saveLabel={t('reviews.start.submit')}
              canSave={form.values.title.trim() !== ''}
              saving={creation.isPending}
            />
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
