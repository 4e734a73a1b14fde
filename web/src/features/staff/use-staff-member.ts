/** Loads one staff member by id for a page, with a reload after changes and NOT_FOUND told apart. */
import { useCallback, useEffect, useState } from "react";
import { isAppError } from "@care/core/app-error";
import { useData } from "../../app/providers.tsx";
import { reportError } from "../../app/report-error.ts";
import type { TStaffRecord } from "./staff-form-values.ts";

export function useStaffMember(id: string): { member: TStaffRecord | null; missing: boolean; reload: () => void } {
  const data = useData();
  const [member, setMember] = useState<TStaffRecord | null>(null);
  const [missing, setMissing] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let cancelled = false;
    data
      .get("staff", id)
      .then((s) => !cancelled && setMember(s))
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
  return { member, missing, reload };
}
