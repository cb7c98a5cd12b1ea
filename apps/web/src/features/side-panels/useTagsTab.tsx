import { IconTags } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ScreenLoader } from '../../components/ScreenLoader';
import { TagsPanel } from '../tags/TagsPanel';
import type { SideTab } from './sideTab';

/**
 * The tags tab of a view: the classifiers of the element's document (spec 2), whichever element of it is shown.
 * Without a document (the requirement or the structure still loading) it waits.
 */
export function useTagsTab(documentId: number | undefined, subject: string | undefined): SideTab {
  const { t } = useTranslation();
  return {
    name: 'tags',
    label: t('sidePanels.tags'),
    icon: <IconTags size={18} />,
    subject,
    panel: documentId === undefined ? <ScreenLoader /> : <TagsPanel key={documentId} documentId={documentId} />,
  };
}
