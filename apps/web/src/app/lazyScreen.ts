import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';

/** A screen split into its own chunk, whose code can be asked for before it renders. */
export type LazyScreen<C extends ComponentType> = ComponentType<ComponentProps<C>> & {
  /**
   * Starts loading the chunk (once); resolves when the screen can render without waiting, or when loading failed
   * (the screen's own render then meets the failure, in its error boundary).
   */
  preload: () => Promise<void>;
};

/**
 * React.lazy for a module with named exports: screens are split into their own chunks so that the first page
 * (usually login) loads only its own code.
 *
 * A screen whose chunk has already arrived (`preload`, called as soon as the address is known) renders at once
 * instead of going through React.lazy: a lazy component suspends at least once, and React holds back the content
 * of a Suspense boundary until 300 ms after the last fallback it showed, which stacked up along the project shell,
 * its screen and the top bar's parts (issue 9 §5). Each mounted instance keeps the way it started, so that it is
 * never mounted twice.
 */
export function lazyScreen<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyScreen<M[K]> {
  let loaded: M[K] | undefined;
  let loading: Promise<void> | undefined;
  const ensure = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module[name];
      },
      (error: unknown) => {
        // A failed chunk may be asked for again (the next render, a retry of the error boundary).
        loading = undefined;
        throw error;
      },
    ));
  const preload = () => ensure().catch(() => undefined);
  const Lazy = lazy(async () => {
    await ensure();
    return { default: loaded! };
  });
  function Screen(props: ComponentProps<M[K]>) {
    const [ready] = useState(() => loaded);
    return createElement((ready ?? Lazy) as ComponentType<ComponentProps<M[K]>>, props);
  }
  Screen.displayName = `LazyScreen(${name})`;
  return Object.assign(Screen, { preload });
}
