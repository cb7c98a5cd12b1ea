import type { TourName } from '@reqloom/domain';
import { categoryTour } from './categoryTour';
import { dashboardTour } from './dashboardTour';
import { documentTour } from './documentTour';
import { projectSettingsTour } from './projectSettingsTour';
import { projectTour } from './projectTour';
import { requirementTour } from './requirementTour';
import { synaepticTour } from './synaepticTour';
import { testPlayerTour } from './testPlayerTour';
import type { TourDefinition } from './tourTypes';

/**
 * Every guided tour of decisions §18, by the key of its done flag (`preferences.tours[name]`, a closed list in
 * `@reqloom/domain`). A name whose screen is still being built would hold null until its tour file lands; the
 * type makes the list complete, and the unit and browser tests walk it.
 */
export const TOURS: { readonly [Name in TourName]: TourDefinition | null } = {
  dashboard: dashboardTour,
  project: projectTour,
  document: documentTour,
  category: categoryTour,
  requirement: requirementTour,
  projectSettings: projectSettingsTour,
  synaeptic: synaepticTour,
  testPlayer: testPlayerTour,
};

/** The tours that exist, in the order above. */
export const DEFINED_TOURS: readonly TourDefinition[] = Object.values(TOURS).filter(
  (tour): tour is TourDefinition => tour !== null,
);
