import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectMemberPresented, ProjectPresented, ProjectRole } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../../api/queryKeys';
import { fieldErrorMessage } from '../../../components/errorMessage';
import { notifySuccess } from '../../../components/notify';
import { applyProjectEvent } from '../applyProjectEvent';
import { removeProjectMember, updateProjectMember } from '../projectsApi';

/**
 * What the Members card does (decisions §20): change a role, remove a member, leave. A refusal (the last
 * maintainer: 422 on `role` or `user_id`) is kept as the card's alert, in the server's words.
 */
export function useMemberActions(project: ProjectPresented) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const membersKey = queryKeys.projectMembers(project.id);
  const afterChange = () => {
    void queryClient.invalidateQueries({ queryKey: membersKey, exact: true });
    // The caller's own role may be the one that changed: the project (my_role) is read again.
    void queryClient.invalidateQueries({
      queryKey: queryKeys.projectByPath(project.namespace, project.slug),
      exact: true,
    });
  };

  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: ProjectMemberPresented; role: ProjectRole }) =>
      updateProjectMember(project.id, member.user.id, { role }),
    onMutate: () => setAlert(null),
    onSuccess: (saved) => {
      queryClient.setQueryData<ProjectMemberPresented[]>(membersKey, (members) =>
        members?.map((member) => (member.user.id === saved.user.id ? saved : member)),
      );
      notifySuccess(t('members.roleChanged', { name: saved.user.name }));
      afterChange();
    },
    onError: (error) => setAlert(fieldErrorMessage(error, 'role', t)),
  });

  const remove = useMutation({
    mutationFn: (member: ProjectMemberPresented) => removeProjectMember(project.id, member.user.id),
    onMutate: () => setAlert(null),
    onSuccess: (_, member) => {
      queryClient.setQueryData<ProjectMemberPresented[]>(membersKey, (members) =>
        members?.filter((each) => each.user.id !== member.user.id),
      );
      notifySuccess(t('members.removed', { name: member.user.name }));
      afterChange();
    },
    onError: (error) => setAlert(fieldErrorMessage(error, 'user_id', t)),
  });

  const leave = useMutation({
    mutationFn: (userId: number) => removeProjectMember(project.id, userId),
    onMutate: () => setAlert(null),
    onSuccess: async () => {
      notifySuccess(t('members.left', { name: project.name }));
      // Away from the project first: a screen still on it would load it again (404).
      await navigate('/dashboard', { replace: true });
      applyProjectEvent(queryClient, { name: 'ProjectDeleted', payload: { project_id: project.id } });
    },
    onError: (error) => setAlert(fieldErrorMessage(error, 'user_id', t)),
  });

  return { alert, changeRole, remove, leave };
}
