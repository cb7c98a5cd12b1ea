import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { FormPage } from '../../components/FormPage';
import { ScreenLoader } from '../../components/ScreenLoader';
import { usePageTitle } from '../../components/usePageTitle';
import { useMyGroups } from '../groups/useMyGroups';
import { useCurrentUser } from '../user/useCurrentUser';
import { NewProjectForm } from './NewProjectForm';

/** New project (spec 1 §2): no side bar; `group_id` in the query presets the group. */
export function NewProjectScreen() {
  const { t } = useTranslation();
  usePageTitle(t('projects.new.title'));
  const [search] = useSearchParams();
  const user = useCurrentUser();
  const groups = useMyGroups();
  const error = user.error ?? groups.error;

  let content;
  if (error) content = <FormAlert message={errorMessage(error, t)} />;
  else if (!user.data || !groups.data) content = <ScreenLoader />;
  else {
    const preset = Number(search.get('group_id'));
    const presetGroup = groups.data.find((group) => group.id === preset);
    content = <NewProjectForm user={user.data} groups={groups.data} initialGroupId={presetGroup?.id ?? null} />;
  }
  return (
    <FormPage title={t('projects.new.heading')} subtitle={t('projects.new.subtitle')}>
      {content}
    </FormPage>
  );
}
