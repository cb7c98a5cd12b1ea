import { tourTarget, type TourDefinition } from './tourTypes';

/** The tour of the synaeptic view: the map, how to read it, and its controls. */
export const synaepticTour: TourDefinition = {
  name: 'synaeptic',
  steps: [
    {
      // The first document's header, not the whole map: the map fills the window, and a step placed beside it
      // fell outside (above the window, its title and text out of sight).
      target: tourTarget('synaeptic-document'),
      title: 'tours.synaeptic.mapTitle',
      text: 'tours.synaeptic.mapText',
      position: 'right-start',
    },
    {
      target: tourTarget('synaeptic-legend'),
      title: 'tours.synaeptic.legendTitle',
      text: 'tours.synaeptic.legendText',
      position: 'top-start',
    },
    {
      target: tourTarget('synaeptic-zoom'),
      title: 'tours.synaeptic.zoomTitle',
      text: 'tours.synaeptic.zoomText',
      position: 'bottom-start',
    },
    {
      target: tourTarget('synaeptic-display'),
      title: 'tours.synaeptic.displayTitle',
      text: 'tours.synaeptic.displayText',
      position: 'bottom',
    },
    {
      target: tourTarget('side-tabs'),
      title: 'tours.synaeptic.sideTabsTitle',
      text: 'tours.synaeptic.sideTabsText',
      position: 'left-start',
    },
  ],
};
