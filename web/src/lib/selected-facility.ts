/**
 * The header's facility selection, kept in localStorage (default `van-buren`; the empty value means
 * all facilities). The one store every list reads, through `useSelectedFacility`.
 */
import { useCallback, useSyncExternalStore } from "react";
import { DEFAULT_FACILITY_ID } from "@care/core/collections/facility-seed";
import { useSession } from "./ports.tsx";

export const SELECTED_FACILITY_KEY = "selectedFacility";

type TStorage = Pick<Storage, "getItem" | "setItem">;

export interface TFacilityStore {
  /** The selected facility id, or "" for all facilities. */
  get(): string;
  set(facilityId: string): void;
  subscribe(listener: () => void): () => void;
}

export function createFacilityStore(
  storage: TStorage | null,
  target: Pick<Window, "addEventListener" | "removeEventListener"> | null,
): TFacilityStore {
  const listeners = new Set<() => void>();
  let memoryValue = DEFAULT_FACILITY_ID;

  const read = (): string => {
    if (!storage) return memoryValue;
    try {
      return storage.getItem(SELECTED_FACILITY_KEY) ?? DEFAULT_FACILITY_ID;
    } catch {
      return memoryValue;
    }
  };

  const onStorage = (event: Event) => {
    if ((event as StorageEvent).key === SELECTED_FACILITY_KEY) listeners.forEach((l) => l());
  };

  return {
    get: read,
    set(facilityId) {
      memoryValue = facilityId;
      try {
        storage?.setItem(SELECTED_FACILITY_KEY, facilityId);
      } catch {
        // Storage full or blocked (private mode): the selection still holds for this page.
      }
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      // Another tab changing the selection updates this one too.
      if (listeners.size === 1) target?.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) target?.removeEventListener("storage", onStorage);
      };
    },
  };
}

function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

const store = createFacilityStore(browserStorage(), typeof window === "undefined" ? null : window);

/**
 * The selected facility id ("" = all facilities) and its setter. For a facility-limited user the
 * stored choice is checked against their homes from the first render, so no page ever asks for a
 * home they cannot see (the default van-buren for a caregiver of Tull reads as Tull).
 */
export function useSelectedFacility(): [string, (facilityId: string) => void] {
  const stored = useSyncExternalStore(store.subscribe, store.get, () => DEFAULT_FACILITY_ID);
  const homes = useSession()?.facilityIds ?? null;
  const set = useCallback((facilityId: string) => store.set(facilityId), []);
  return [homes ? reconcileSelection(stored, homes) : stored, set];
}

/**
 * The selection to keep once the facilities the user may see are known: a home that was deactivated, or
 * that a facility-limited user cannot see (e.g. the default van-buren), gives way to their first home,
 * or to all facilities when they see none; otherwise lists would filter by a home nobody can pick.
 */
export function reconcileSelection(selected: string, available: readonly string[]): string {
  if (selected === "" || available.includes(selected)) return selected;
  return available[0] ?? "";
}
