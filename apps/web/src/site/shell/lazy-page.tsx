import type { ComponentType } from 'react';

export type LazyPage<P> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A page loaded on demand, like React.lazy, that can also be loaded ahead (`preload`). Once loaded it
 * renders at once; React.lazy would still suspend on its first render and React 19 holds a revealed
 * Suspense boundary back for up to 300 ms, which on the landing page is 300 ms of nothing.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let Loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  // biome-ignore lint/correctness/noComponentHookFactories: a component factory like React.lazy, called once per page at module level, so each page's component is made once
  function Page(props: P) {
    if (Loaded) return <Loaded {...props} />;
    // Suspends until the chunk is here (the Suspense boundary shows its fallback meanwhile).
    throw preload();
  }
  return Object.assign(Page, { preload });
}
