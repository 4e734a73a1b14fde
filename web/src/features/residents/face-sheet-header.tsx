/**
 * The top of the face sheet as a hospital or an inspector reads it: the home (name, address, license
 * number) and when the sheet was printed, in the home's time zone with the zone named, and the dates
 * written as a California home writes them ("Jan 3, 2026"), not as stored.
 */
import { useEffect, useState } from "react";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import type { TStayPeriod } from "@care/core/rules/stays.rules";
import { useRecord } from "../../lib/records/use-records.ts";

/** How the face sheet writes a date (`YYYY-MM-DD`): "Jan 3, 2026", the home's (en-US) way. */
const SHEET_DATE = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** A stored date as the face sheet writes it; absent stays absent. */
export function sheetDate(date: string | undefined): string | undefined {
  return date ? SHEET_DATE.format(new Date(`${date}T00:00:00Z`)) : undefined;
}

/** A resident's stays as the face sheet, the list and the packet write them: "Mar 1, 2025 – Feb 15, 2026; Apr 1, 2026 – now". */
export function staysText(stays: readonly TStayPeriod[]): string {
  return stays.map((s) => `${sheetDate(s.from)} – ${s.to ? sheetDate(s.to) : "now"}`).join("; ");
}

/** "Nov 29, 2026, 2:05 AM PST": a moment in the home's time zone, the zone named. */
export function printedAtText(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(at);
}

/** When the sheet is printed, in the home's time zone: read again as printing starts. */
function usePrintedAt(timeZone: string): string {
  const [at, setAt] = useState(() => new Date());
  useEffect(() => {
    const update = () => setAt(new Date());
    window.addEventListener("beforeprint", update);
    return () => window.removeEventListener("beforeprint", update);
  }, []);
  return printedAtText(at, timeZone);
}

/** The sheet's title line, the home it is printed for, and the print time. */
export function FaceSheetHeading({ facilityId }: { facilityId: string }) {
  const facility = useRecord("facilities", facilityId).record;
  const printedAt = usePrintedAt(facility?.timeZone ?? DEFAULT_TIME_ZONE);
  return (
    <header className="face-sheet__heading">
      <h2 id="face-sheet-title" className="face-sheet__title">
        Face sheet <span className="face-sheet__printed">Printed {printedAt}</span>
      </h2>
      {facility && (
        <p className="face-sheet__home">
          <strong>{facility.name}</strong>
          {facility.address && <span> · {facility.address}</span>}
          <span> · License no. {facility.licenseNumber ?? "not recorded"}</span>
        </p>
      )}
    </header>
  );
}
