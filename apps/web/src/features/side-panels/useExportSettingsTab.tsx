import { IconFileExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ScreenLoader } from '../../components/ScreenLoader';
import { ExportSettingsPanel } from '../export-settings/ExportSettingsPanel';
import type { SideTab } from './sideTab';

/** The export-settings tab of a view: the Word export options of the element's document (spec 2). */
export function useExportSettingsTab(documentId: number | undefined, subject: string | undefined): SideTab {
  const { t } = useTranslation();
  return {
    name: 'exportSettings',
    label: t('sidePanels.exportSettings'),
    icon: <IconFileExport size={18} />,
    subject,
    panel:
      documentId === undefined ? <ScreenLoader /> : <ExportSettingsPanel key={documentId} documentId={documentId} />,
  };
}
