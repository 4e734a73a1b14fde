/**
 * A page loaded when its route is first visited: each feature's routes name their pages this way, so
 * the first load carries only the shell.
 */
import { lazy, type ComponentType } from "react";

/** A lazily loaded named export of a page module. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
