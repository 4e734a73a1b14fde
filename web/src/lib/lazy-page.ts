/**
 * A page loaded when its route is first visited: each feature's routes name their pages this way, so
 * the first load carries only the shell. `preload()` starts the download early (the entry does it for
 * the page the browser opened, while the runtime config and the session are still being asked).
 */
import { lazy, type ComponentType } from "react";

/** A lazily loaded page that can be fetched ahead of its first render. */
export type TLazyPage = ComponentType & { preload: () => Promise<unknown> };

/** A lazily loaded named export of a page module; a failed download is tried again next time. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): TLazyPage {
  let loading: Promise<M> | undefined;
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Page = lazy(async () => ({ default: (await once())[name] as ComponentType }));
  return Object.assign(Page, { preload: once });
}
