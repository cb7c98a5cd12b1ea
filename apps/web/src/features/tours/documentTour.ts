import { tourTarget, type TourDefinition } from './tourTypes';

/** The tour of a document's detailed view. */
export const documentTour: TourDefinition = {
  name: 'document',
  steps: [
    {
      target: tourTarget('document-header'),
      title: 'tours.document.headerTitle',
      text: 'tours.document.headerText',
      position: 'bottom-start',
    },
    {
      target: tourTarget('document-actions'),
      title: 'tours.document.actionsTitle',
      text: 'tours.document.actionsText',
      position: 'bottom-end',
    },
    {
      target: tourTarget('document-categories'),
      title: 'tours.document.categoriesTitle',
      text: 'tours.document.categoriesText',
      position: 'top',
    },
    {
      target: tourTarget('document-requirements'),
      title: 'tours.document.requirementsTitle',
      text: 'tours.document.requirementsText',
      position: 'top',
    },
    {
      target: tourTarget('structure-tree'),
      title: 'tours.document.structureTitle',
      text: 'tours.document.structureText',
      position: 'right-start',
    },
    {
      target: tourTarget('side-tabs'),
      title: 'tours.document.sideTabsTitle',
      text: 'tours.document.sideTabsText',
      position: 'left-start',
    },
  ],
};
