import { tourTarget, type TourDefinition } from './tourTypes';

/** The tour of the test player (alpha): the test being run, the stopwatch, its controls and the steps. */
export const testPlayerTour: TourDefinition = {
  name: 'testPlayer',
  steps: [
    {
      target: tourTarget('test-player-header'),
      title: 'tours.testPlayer.headerTitle',
      text: 'tours.testPlayer.headerText',
      position: 'bottom-start',
    },
    {
      target: tourTarget('test-player-stopwatch'),
      title: 'tours.testPlayer.stopwatchTitle',
      text: 'tours.testPlayer.stopwatchText',
      position: 'bottom-end',
    },
    {
      target: tourTarget('test-player-controls'),
      title: 'tours.testPlayer.controlsTitle',
      text: 'tours.testPlayer.controlsText',
      position: 'bottom-end',
    },
    {
      target: tourTarget('test-player-steps'),
      title: 'tours.testPlayer.stepsTitle',
      text: 'tours.testPlayer.stepsText',
      position: 'top',
    },
  ],
};
