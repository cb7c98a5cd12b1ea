import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { JoinScreen } from '../join/JoinScreen';
import { joinProject } from './projectsApi';

/** /projects/join/:namespace/:slug/:joinToken */
export function JoinProjectScreen() {
  const { t } = useTranslation();
  const { namespace = '', slug = '', joinToken = '' } = useParams();
  return (
    <JoinScreen
      texts={{
        title: t('join.project.title'),
        joining: t('join.project.joining'),
        joined: (name) => t('join.project.joined', { name }),
        invalid: t('join.project.invalid'),
      }}
      join={() => joinProject(namespace, slug, joinToken)}
    />
  );
}
