// The quality rules (decisions §25) load on their own, apart from the main bundle: their word lists (and the
// language library of the full rule set) are wanted only where findings show. One import for the whole page.
export type QualityEngine = typeof import('@reqloom/domain/quality');

let loading: Promise<QualityEngine> | null = null;
let loaded: QualityEngine | null = null;

export function loadQualityEngine(): Promise<QualityEngine> {
  loading ??= import('@reqloom/domain/quality').then((engine) => (loaded = engine));
  return loading;
}

/** The engine when it has loaded already (a decoration pass needs no promise then). */
export function loadedQualityEngine(): QualityEngine | null {
  return loaded;
}
