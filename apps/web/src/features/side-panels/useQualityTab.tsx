import { IconChecklist } from '@tabler/icons-react';
import type { RequirementPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { ScreenLoader } from '../../components/ScreenLoader';
import { useDisabledRules } from '../projects/useDisabledRules';
import { QualityPanel } from '../quality/QualityPanel';
import type { SideTab } from './sideTab';

/**
 * The Quality tab of a requirement's view (decisions §25): its score and findings. A test is not a requirement and
 * gets no tab; neither does a document or a category (their quality is the document's quality view).
 */
export function useQualityTab(
  requirement: RequirementPresented | undefined,
  subject: string | undefined,
  wanted: boolean,
): SideTab | null {
  const { t } = useTranslation();
  const disabled = useDisabledRules();
  if (!wanted || requirement?.test) return null;
  return {
    name: 'quality',
    label: t('sidePanels.quality'),
    icon: <IconChecklist size={18} />,
    subject,
    panel: requirement ? (
      <QualityPanel key={requirement.id} requirement={requirement} disabled={disabled} />
    ) : (
      <ScreenLoader />
    ),
  };
}
