import { tourTarget, type TourDefinition } from './tourTypes';

export const dashboardTour: TourDefinition = {
  name: 'dashboard',
  steps: [
    {
      target: tourTarget('dashboard-projects'),
      title: 'tours.dashboard.projectsTitle',
      text: 'tours.dashboard.projectsText',
      position: 'right-start',
    },
    {
      target: tourTarget('dashboard-new-project'),
      title: 'tours.dashboard.newProjectTitle',
      text: 'tours.dashboard.newProjectText',
      position: 'bottom-end',
    },
    {
      target: tourTarget('dashboard-groups'),
      title: 'tours.dashboard.groupsTitle',
      text: 'tours.dashboard.groupsText',
      position: 'left-start',
    },
    {
      target: tourTarget('dashboard-new-group'),
      title: 'tours.dashboard.newGroupTitle',
      text: 'tours.dashboard.newGroupText',
      position: 'bottom-end',
    },
    {
      target: tourTarget('user-menu'),
      title: 'tours.dashboard.userMenuTitle',
      text: 'tours.dashboard.userMenuText',
      position: 'bottom-end',
    },
  ],
};
