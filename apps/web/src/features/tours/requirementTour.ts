import { tourTarget, type TourDefinition } from './tourTypes';

/** The tour of a requirement's detailed view. */
export const requirementTour: TourDefinition = {
  name: 'requirement',
  steps: [
    {
      target: tourTarget('requirement-name'),
      title: 'tours.requirement.nameTitle',
      text: 'tours.requirement.nameText',
      position: 'bottom-start',
    },
    {
      target: tourTarget('requirement-placement'),
      title: 'tours.requirement.placementTitle',
      text: 'tours.requirement.placementText',
      position: 'bottom-start',
    },
    {
      target: tourTarget('requirement-status'),
      title: 'tours.requirement.statusTitle',
      text: 'tours.requirement.statusText',
      position: 'bottom',
    },
    {
      target: tourTarget('requirement-description'),
      title: 'tours.requirement.descriptionTitle',
      text: 'tours.requirement.descriptionText',
      position: 'top',
    },
    {
      target: tourTarget('requirement-traceability'),
      title: 'tours.requirement.traceabilityTitle',
      text: 'tours.requirement.traceabilityText',
      position: 'top',
    },
    {
      target: tourTarget('requirement-revisions'),
      title: 'tours.requirement.revisionsTitle',
      text: 'tours.requirement.revisionsText',
      position: 'top',
    },
    {
      target: tourTarget('side-tabs'),
      title: 'tours.requirement.sideTabsTitle',
      text: 'tours.requirement.sideTabsText',
      position: 'left-start',
    },
  ],
};
