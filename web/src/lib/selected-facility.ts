/**
 * The header's facility selection, kept in localStorage (the empty value means all facilities). The
 * one store every list reads, through `useSelectedFacility`. Until the user picks one, the selection is
 * van-buren (DEFAULT_FACILITY_ID) where the user can see it, else the first home they can see once the
 * group's list has loaded (none in a group without homes): a new Firebase project has none of the
 * seed's homes, so a fixed id alone would name a home that does not exist.
 */
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { DEFAULT_FACILITY_ID } from "@care/core/collections/facility-seed";
import { useFacilities } from "./facilities.tsx";
import { useSession } from "./ports.tsx";

export const SELECTED_FACILITY_KEY = "selectedFacility";

type TStorage = Pick<Storage, "getItem" | "setItem">;

export interface TFacilityStore {
  /** The selected facility id, "" for all facilities, or null while the user has chosen none. */
  get(): string | null;
  set(facilityId: string): void;
  subscribe(listener: () => void): () => void;
}

export function createFacilityStore(
  storage: TStorage | null,
  target: Pick<Window, "addEventListener" | "removeEventListener"> | null,
): TFacilityStore {
  const listeners = new Set<() => void>();
  let memoryValue: string | null = null;

  const read = (): string | null => {
    if (!storage) return memoryValue;
    try {
      return storage.getItem(SELECTED_FACILITY_KEY) ?? memoryValue;
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
 * home they cannot see. With no choice stored, the first home of the group's list once it has loaded
 * (`FacilitySelector` then keeps it), and until then the user's first home, or all facilities.
 */
export function useSelectedFacility(): [string, (facilityId: string) => void] {
  const stored = useSyncExternalStore(store.subscribe, store.get, () => null);
  const { facilities, source } = useFacilities();
  const homes = useSession()?.facilityIds ?? null;
  const set = useCallback((facilityId: string) => store.set(facilityId), []);
  const available = source === "backend" ? facilities.map((f) => f.id) : null;
  return [currentSelection(stored, available, homes), set];
}

/** Whether the user has chosen a facility (or all facilities) yet, in this browser. */
export function hasStoredSelection(): boolean {
  return store.get() !== null;
}

/**
 * The selection shown: the stored one (null: none chosen), a limited user's within their `homes`; with
 * none stored, van-buren if among the `available` homes, else the first of them (null while the list
 * loads: a limited user's van-buren or first home, else all facilities), so nothing asks for a home
 * that may not exist. A form opened meanwhile follows the selection once it settles
 * (`useFollowSelectedFacility`).
 */
export function currentSelection(
  stored: string | null,
  available: readonly string[] | null,
  homes: readonly string[] | null,
): string {
  if (stored === null) {
    const choices = available ?? homes;
    if (!choices) return "";
    return choices.includes(DEFAULT_FACILITY_ID) ? DEFAULT_FACILITY_ID : (choices[0] ?? "");
  }
  return homes ? reconcileSelection(stored, homes) : stored;
}

/**
 * The selection to keep once the facilities the user may see are known: a home that was deactivated, or
 * that a facility-limited user cannot see, gives way to their first home,
 * or to all facilities when they see none; otherwise lists would filter by a home nobody can pick.
 */
export function reconcileSelection(selected: string, available: readonly string[]): string {
  if (selected === "" || available.includes(selected)) return selected;
  return available[0] ?? "";
}

/**
 * A new record's home follows the header's selection while the form has none: opened before the
 * group's list loaded, the form started with all facilities ("") and takes the home once it settles.
 */
export function useFollowSelectedFacility(selected: string, current: () => unknown, set: (id: string) => void): void {
  useEffect(() => {
    if (selected && !current()) set(selected);
  });
}
