import { useEffect } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SettingsSection } from '../../../components/SettingsSection';
import { usePageTitle } from '../../../components/usePageTitle';
import { GuidedTour } from '../../tours/GuidedTour';
import { projectSettingsTour } from '../../tours/projectSettingsTour';
import { MembersCard } from '../members/MembersCard';
import { QualitySettingsForm } from './QualitySettingsForm';
import { useCan } from '../useCan';
import { useProject } from '../useProject';
import { DeleteProjectCard } from './DeleteProjectCard';
import { GeneralSettingsForm } from './GeneralSettingsForm';
import { OrganizationSettingsForm } from './OrganizationSettingsForm';
import { ReferencesSettingsForm } from './ReferencesSettingsForm';
import { SettingsAnchor } from './SettingsAnchor';
import { TransferProjectCard } from './TransferProjectCard';

/**
 * Project settings (spec 1 §2): General, Organization, References, Quality, Members, Advanced, one page, the side bar
 * as its index. Only a maintainer changes the project (decisions §20): any other member sees the quality rules (read
 * only) and the members.
 */
export function ProjectSettingsScreen() {
  const { t } = useTranslation();
  const { project, settings } = useProject();
  const maintainer = useCan('maintainer');
  const { hash } = useLocation();
  usePageTitle(t('project.settings.pageTitle', { name: project.name }));

  // A section named in the address (a reload, a shared link) is scrolled to once the page is drawn.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  const quality = (
    <SettingsAnchor section="quality">
      <SettingsSection title={t('project.settings.quality.title')} description={t('project.settings.quality.subtitle')}>
        <QualitySettingsForm key={project.id} project={project} settings={settings} canChange={maintainer} />
      </SettingsSection>
    </SettingsAnchor>
  );

  const members = (
    <SettingsAnchor section="members">
      <SettingsSection title={t('project.settings.members.title')} description={t('project.settings.members.subtitle')}>
        <MembersCard key={project.id} project={project} settings={settings} />
      </SettingsSection>
    </SettingsAnchor>
  );

  return (
    <Container size="md" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <Stack gap={4} mb="xl">
        <Title order={1} fz={28} fw={650}>
          {t('project.settings.title')}
        </Title>
        <Text c="dimmed">{t('project.settings.subtitle', { name: project.name })}</Text>
      </Stack>
      {maintainer ? (
        <Stack gap="lg">
          <SettingsAnchor section="general">
            <SettingsSection title={t('project.settings.general.title')}>
              <GeneralSettingsForm key={project.id} project={project} settings={settings} />
            </SettingsSection>
          </SettingsAnchor>
          <SettingsAnchor section="organization">
            <SettingsSection
              title={t('project.settings.organization.title')}
              description={t('project.settings.organization.subtitle')}
            >
              <OrganizationSettingsForm key={project.id} project={project} settings={settings} />
            </SettingsSection>
          </SettingsAnchor>
          <SettingsAnchor section="references">
            <SettingsSection
              title={t('project.settings.references.title')}
              description={t('project.settings.references.subtitle')}
            >
              <ReferencesSettingsForm key={project.id} project={project} settings={settings} />
            </SettingsSection>
          </SettingsAnchor>
          {quality}
          {members}
          <SettingsAnchor section="advanced">
            <SettingsSection title={t('project.settings.advanced.title')}>
              <TransferProjectCard project={project} />
              <DeleteProjectCard project={project} />
            </SettingsSection>
          </SettingsAnchor>
        </Stack>
      ) : (
        <Stack gap="lg">
          {quality}
          {members}
        </Stack>
      )}
      {maintainer ? <GuidedTour tour={projectSettingsTour} /> : null}
    </Container>
  );
}
