/** Loads one resident by id for a page, with a reload after changes and NOT_FOUND told apart. */
import { useCallback, useEffect, useState } from "react";
import { isAppError } from "@care/core/app-error";
import type { TRecordOf } from "@care/core/registry";
import { useData } from "../../app/providers.tsx";
import { reportError } from "../../app/report-error.ts";

export function useResident(id: string): {
  resident: TRecordOf<"residents"> | null;
  missing: boolean;
  reload: () => void;
} {
  const data = useData();
  const [resident, setResident] = useState<TRecordOf<"residents"> | null>(null);
  const [missing, setMissing] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let cancelled = false;
    data
      .get("residents", id)
      .then((r) => !cancelled && setResident(r))
      .catch((error: unknown) => {
        if (cancelled) return;
        if (isAppError(error) && error.code === "NOT_FOUND") setMissing(true);
        else reportError(error);
      });
    return () => {
      cancelled = true;
    };
  }, [data, id, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { resident, missing, reload };
}
