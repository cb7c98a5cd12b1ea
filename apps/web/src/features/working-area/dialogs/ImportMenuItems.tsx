import { Badge, Menu } from '@mantine/core';
import { IconFileCode, IconFileSpreadsheet, IconFileTypeDocx } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useImportFormats } from './useImportFormats';
import { useWorkingAreaDialogs } from './useWorkingAreaDialogs';

/** The import entries of a menu (the side bar's import menu, the overview's add-document menu). */
export function ImportMenuItems() {
  const { t } = useTranslation();
  const dialogs = useWorkingAreaDialogs();
  const formats = useImportFormats();
  return (
    <>
      <Menu.Item
        leftSection={<IconFileCode size={16} />}
        onClick={() => dialogs.open({ kind: 'import', format: 'reqif' })}
      >
        {t('interchange.reqif.menu')}
      </Menu.Item>
      <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => dialogs.open({ kind: 'spreadsheet' })}>
        {t('spreadsheets.projectMenu')}
      </Menu.Item>
      {formats.includes('msword') ? (
        <Menu.Item
          leftSection={<IconFileTypeDocx size={16} />}
          rightSection={
            <Badge size="xs" variant="light" color="grape" radius="sm" aria-hidden>
              {t('interchange.alpha')}
            </Badge>
          }
          onClick={() => dialogs.open({ kind: 'import', format: 'msword' })}
        >
          {t('interchange.msword.menu')}
        </Menu.Item>
      ) : null}
    </>
  );
}
