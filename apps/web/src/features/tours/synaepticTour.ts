import { tourTarget, type TourDefinition } from './tourTypes';

/** The tour of the synaeptic view: the map, how to read it, and its controls. */
export const synaepticTour: TourDefinition = {
  name: 'synaeptic',
  steps: [
    {
      target: tourTarget('synaeptic-map'),
      title: 'tours.synaeptic.mapTitle',
      text: 'tours.synaeptic.mapText',
      position: 'bottom',
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
