import { Button, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { LANGUAGES, type PreferencesPatch } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/FormAlert';
import { errorMessage } from '../../components/errorMessage';
import { ScreenLoader } from '../../components/ScreenLoader';
import { SettingsSection } from '../../components/SettingsSection';
import { usePageTitle } from '../../components/usePageTitle';
import { isLanguage } from '../../i18n/language';
import { setLanguage } from '../../i18n/i18n';
import { browserTimeZone, timeZoneChoices } from './timeZones';
import { useCurrentUser } from './useCurrentUser';
import { useUpdatePreferences } from './useUpdatePreferences';

/** Every change saves at once: there is no form to submit, as on the settings pages of most tools. */
export function PreferencesScreen() {
  const { t } = useTranslation();
  usePageTitle(t('user.preferences.title'));
  const { data: user, error } = useCurrentUser();
  const { mutate } = useUpdatePreferences();
  if (error) return <FormAlert message={errorMessage(error, t)} />;
  if (!user) return <ScreenLoader />;

  const preferences = user.preferences;
  const save = (patch: PreferencesPatch, confirmation?: string) => mutate({ patch, confirmation });
  const zone = preferences.timezone;

  return (
    <Stack gap="lg">
      <SettingsSection title={t('user.preferences.localization')}>
        <Select
          label={t('user.preferences.language')}
          data={LANGUAGES.map((lang) => ({ value: lang, label: t(`language.${lang}`) }))}
          value={preferences.lang}
          allowDeselect={false}
          maw={320}
          onChange={(value) => {
            if (!isLanguage(value) || value === preferences.lang) return;
            // The interface switches first so that the confirmation already reads in the new language.
            void setLanguage(value).then(() => save({ lang: value }));
          }}
        />
        <Switch
          label={t('user.preferences.autoTimezone')}
          description={t('user.preferences.autoTimezoneHint', { zone: browserTimeZone() })}
          checked={zone.autoTimezone}
          onChange={(event) => {
            const autoTimezone = event.currentTarget.checked;
            // Turning automatic off starts from the zone the user is in, which is what they see now.
            save({ timezone: { autoTimezone, timezone: zone.timezone ?? browserTimeZone() } });
          }}
        />
        {zone.autoTimezone ? null : (
          <Select
            label={t('user.preferences.timezone')}
            placeholder={t('user.preferences.timezoneSearch')}
            data={timeZoneChoices(zone.timezone ?? browserTimeZone())}
            value={zone.timezone ?? browserTimeZone()}
            searchable
            allowDeselect={false}
            maxDropdownHeight={280}
            maw={320}
            onChange={(value) => {
              if (value && value !== zone.timezone) save({ timezone: { timezone: value } });
            }}
          />
        )}
      </SettingsSection>

      <SettingsSection title={t('user.preferences.appearance')}>
        <Switch
          label={t('user.preferences.categoryNumbering')}
          description={t('user.preferences.categoryNumberingHint')}
          checked={preferences.categoryNumbering}
          onChange={(event) => save({ categoryNumbering: event.currentTarget.checked })}
        />
      </SettingsSection>

      <SettingsSection title={t('user.preferences.editing')}>
        <Switch
          label={t('user.preferences.autoNaming')}
          description={t('user.preferences.autoNamingHint')}
          checked={preferences.autoNaming}
          onChange={(event) => save({ autoNaming: event.currentTarget.checked })}
        />
      </SettingsSection>

      <SettingsSection title={t('user.preferences.tours')}>
        <Text fz="sm" c="dimmed">
          {t('user.preferences.toursHint')}
        </Text>
        <Group>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => save({ tours: {} }, t('user.preferences.toursReset'))}
          >
            {t('user.preferences.resetTours')}
          </Button>
        </Group>
      </SettingsSection>
    </Stack>
  );
}
