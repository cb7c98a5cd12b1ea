import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@reqloom/domain';
import { currentLanguage, setLanguage } from '../i18n/i18n';
import { isLanguage, rememberPickedLanguage } from '../i18n/language';

/**
 * The language dropdown of the public screens; the choice is remembered in this browser, and becomes the
 * account's once the person logs in. A native select:
 * accessible everywhere, and it keeps the popover machinery off the login page.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      size="sm"
      w={150}
      leftSection={<IconLanguage size={16} stroke={1.6} />}
      value={currentLanguage()}
      data={LANGUAGES.map((lang) => ({ value: lang, label: t(`language.${lang}`) }))}
      onChange={(event) => {
        const lang = event.currentTarget.value;
        if (!isLanguage(lang)) return;
        rememberPickedLanguage(lang);
        void setLanguage(lang);
      }}
    />
  );
}
