/**
 * A page loaded when its route is first visited: each feature's routes name their pages this way, so
 * the first load carries only the shell. `preload()` starts the download early (the entry does it for
 * the page the browser opened, while the runtime config and the session are still being asked).
 */
import { lazy, type ComponentType } from "react";

/** A lazily loaded page that can be fetched ahead of its first render. */
export type TLazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * A lazily loaded named export of a page module; a failed download is tried again next time. A page
 * whose module has already arrived (preloaded) renders at once, without a "Loading..." frame first: React
 * reads a thenable that answers synchronously without suspending.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): TLazyPage {
  let loading: Promise<M> | undefined;
  let loaded: M | undefined;
  const once = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Page = lazy(() => {
    const page = () => ({ default: (loaded as M)[name] as ComponentType });
    if (loaded === undefined) return once().then(page);
    const answered = page();
    // A thenable already settled: React takes its value in the same render.
    return { then: (resolve: (value: typeof answered) => void) => resolve(answered) } as Promise<typeof answered>;
  });
  return Object.assign(Page, { preload: once });
}
