import type { Preferences, PreferencesPatch } from '@reqloom/domain';

/**
 * The client's copy of the server's merge (decisions §4), for showing a change before the answer arrives:
 * nested objects merge, and an empty `tours` map resets the tours rather than merging nothing.
 */
export function mergePreferences(current: Preferences, patch: PreferencesPatch): Preferences {
  return {
    ...current,
    ...(patch.lang !== undefined && { lang: patch.lang }),
    ...(patch.categoryNumbering !== undefined && { categoryNumbering: patch.categoryNumbering }),
    ...(patch.autoNaming !== undefined && { autoNaming: patch.autoNaming }),
    ...(patch.loadedOnce !== undefined && { loadedOnce: patch.loadedOnce }),
    ...(patch.documentOrder !== undefined && { documentOrder: patch.documentOrder }),
    timezone: { ...current.timezone, ...patch.timezone },
    synaeptic: { ...current.synaeptic, ...patch.synaeptic },
    tours:
      patch.tours === undefined
        ? current.tours
        : Object.keys(patch.tours).length === 0
          ? {}
          : { ...current.tours, ...patch.tours },
  };
}
