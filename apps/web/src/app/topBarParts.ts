import { lazyScreen } from './lazyScreen';

/**
 * The top bar's parts that the login page does not need: the user menu (menu and popover machinery) and, inside
 * a project, the search box and the view toggle. Apart from TopBar so that `earlyStart` can ask for them early.
 */
export const topBarParts = {
  userMenu: lazyScreen(() => import('./UserMenu'), 'UserMenu'),
  projectTopBar: lazyScreen(() => import('./project/ProjectTopBar'), 'ProjectTopBar'),
};
