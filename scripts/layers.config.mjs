// The layers of each source tree, from the bottom up: a unit (see layers.mjs) may import the units of the layers
// below its own, and the units of its own layer unless that layer is `independent` (siblings over one core). A unit
// that no layer names is a mistake too: a new folder has to be given its place. `*` stands for one path segment.
export const LAYERS = {
  'apps/server/src': [
    { units: ['config', 'i18n', 'security'] },
    { units: ['mail', 'rich-text'] },
    { units: ['db'] },
    // Domain events and the bus that publishes them after commit; the wire mapping lives in read/.
    { units: ['events'] },
    // Errors, identity, the unit of work (its wire mapping injected by app.ts), locks.
    { units: ['core'] },
    { units: ['policies'] },
    // The routes' plumbing, and the read models shared by routes and the wire mapping (Outline: server/presenters/).
    { units: ['http', 'read'] },
    { units: ['modules/working-area/core'] },
    { units: ['modules/working-area/*'], independent: true },
    { units: ['modules/*'] },
    // Adapters that call inward.
    { units: ['collaboration', 'realtime'] },
    // What composes everything, and the consumers at the top.
    { units: ['app', 'main', 'index', 'cli', 'test'] },
  ],
};
