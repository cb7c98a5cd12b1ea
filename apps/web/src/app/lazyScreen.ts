import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a module with named exports: screens are split into their own chunks so that the first page
 * (usually login) loads only its own code.
 */
export function lazyScreen<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
