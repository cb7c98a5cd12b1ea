import { tourTarget, type TourDefinition } from './tourTypes';

/** The tour of a category's detailed view. */
export const categoryTour: TourDefinition = {
  name: 'category',
  steps: [
    {
      target: tourTarget('category-header'),
      title: 'tours.category.headerTitle',
      text: 'tours.category.headerText',
      position: 'bottom-start',
    },
    {
      target: tourTarget('category-actions'),
      title: 'tours.category.actionsTitle',
      text: 'tours.category.actionsText',
      position: 'bottom-end',
    },
    {
      target: tourTarget('category-requirements'),
      title: 'tours.category.requirementsTitle',
      text: 'tours.category.requirementsText',
      position: 'top',
    },
    {
      target: tourTarget('category-subcategories'),
      title: 'tours.category.subCategoriesTitle',
      text: 'tours.category.subCategoriesText',
      position: 'top',
    },
    {
      target: tourTarget('side-tabs'),
      title: 'tours.category.sideTabsTitle',
      text: 'tours.category.sideTabsText',
      position: 'left-start',
    },
  ],
};
