import { tourTarget, type TourDefinition } from './tourTypes';

/** The tour of a project's settings page. */
export const projectSettingsTour: TourDefinition = {
  name: 'projectSettings',
  steps: [
    {
      target: tourTarget('settings-general'),
      title: 'tours.projectSettings.generalTitle',
      text: 'tours.projectSettings.generalText',
      position: 'bottom',
    },
    {
      target: tourTarget('settings-organization'),
      title: 'tours.projectSettings.organizationTitle',
      text: 'tours.projectSettings.organizationText',
      position: 'top',
    },
    {
      target: tourTarget('settings-references'),
      title: 'tours.projectSettings.referencesTitle',
      text: 'tours.projectSettings.referencesText',
      position: 'top',
    },
    {
      target: tourTarget('settings-advanced'),
      title: 'tours.projectSettings.advancedTitle',
      text: 'tours.projectSettings.advancedText',
      position: 'top',
    },
    {
      target: tourTarget('project-sidebar'),
      title: 'tours.projectSettings.indexTitle',
      text: 'tours.projectSettings.indexText',
      position: 'right-start',
    },
  ],
};
