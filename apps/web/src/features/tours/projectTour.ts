import { tourTarget, type TourDefinition } from './tourTypes';

/** The tour of a project's overview, the first screen of every project. */
export const projectTour: TourDefinition = {
  name: 'project',
  steps: [
    {
      target: tourTarget('project-title'),
      title: 'tours.project.overviewTitle',
      text: 'tours.project.overviewText',
      position: 'bottom-start',
    },
    {
      target: tourTarget('overview-documents'),
      title: 'tours.project.documentsTitle',
      text: 'tours.project.documentsText',
      position: 'top',
    },
    {
      target: tourTarget('project-contributors'),
      title: 'tours.project.contributorsTitle',
      text: 'tours.project.contributorsText',
      position: 'left-start',
    },
    {
      target: tourTarget('project-sidebar'),
      title: 'tours.project.sidebarTitle',
      text: 'tours.project.sidebarText',
      position: 'right-start',
    },
    {
      target: tourTarget('project-search'),
      title: 'tours.project.searchTitle',
      text: 'tours.project.searchText',
      position: 'bottom',
    },
    {
      target: tourTarget('project-view-toggle'),
      title: 'tours.project.viewsTitle',
      text: 'tours.project.viewsText',
      position: 'bottom',
    },
    {
      target: tourTarget('project-settings-link'),
      title: 'tours.project.settingsTitle',
      text: 'tours.project.settingsText',
      position: 'right-end',
    },
  ],
};
