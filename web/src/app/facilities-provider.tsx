/**
 * The group's facilities for the header selector and every page that names one: read once per sign-in
 * from the data port (active ones, in their configured order). Only when the data port cannot answer
 * does it fall back to the six seed facilities, so the selector is never empty.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { SEED_FACILITIES } from "@care/core/collections/facilities.collection";
import { MAX_PAGE_SIZE } from "@care/core/list-query";
import { useData } from "./providers.tsx";

export interface TFacilityOption {
  id: string;
  name: string;
}

interface TFacilitiesState {
  facilities: readonly TFacilityOption[];
  /** `backend` once the data port answered; `seed` while loading or when it could not answer. */
  source: "backend" | "seed";
  /** Reads the list again (after a facility was added, renamed, deactivated or reactivated). */
  reload: () => void;
}

const FacilitiesContext = createContext<TFacilitiesState>({
  facilities: SEED_FACILITIES,
  source: "seed",
  reload: () => undefined,
});

export function FacilitiesProvider({ children }: { children: ReactNode }) {
  const data = useData();
  const [state, setState] = useState<Omit<TFacilitiesState, "reload">>({ facilities: SEED_FACILITIES, source: "seed" });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  useEffect(() => {
    let cancelled = false;
    data
      .list("facilities", { where: { active: true }, limit: MAX_PAGE_SIZE })
      .then((page) => {
        if (!cancelled) setState({ facilities: page.items.map(({ id, name }) => ({ id, name })), source: "backend" });
      })
      .catch((error: unknown) => {
        console.warn("Facilities could not be loaded; showing the seed list", error);
      });
    return () => {
      cancelled = true;
    };
  }, [data, generation]);

  const value = useMemo(() => ({ ...state, reload }), [state, reload]);
  return <FacilitiesContext.Provider value={value}>{children}</FacilitiesContext.Provider>;
}

export function useFacilities(): TFacilitiesState {
  return useContext(FacilitiesContext);
}

/** The name of a facility id, or the id itself for one that is not (or no longer) in the list. */
export function facilityName(facilities: readonly TFacilityOption[], id: string): string {
  return facilities.find((f) => f.id === id)?.name ?? id;
}
