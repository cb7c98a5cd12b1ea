import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { JoinScreen } from '../join/JoinScreen';
import { joinGroup } from './groupsApi';

/** /groups/join/:namespace?/:slug/:joinToken */
export function JoinGroupScreen() {
  const { t } = useTranslation();
  const { slug = '', joinToken = '' } = useParams();
  return (
    <JoinScreen
      texts={{
        title: t('join.group.title'),
        joining: t('join.group.joining'),
        joined: (name) => t('join.group.joined', { name }),
        invalid: t('join.group.invalid'),
      }}
      join={() => joinGroup(slug, joinToken)}
    />
  );
}
