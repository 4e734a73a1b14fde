/**
 * A resident's stays: each period from an admission (or readmission) to the discharge or death that
 * ended it. Stays are derived from the resident's history events, not stored: the resident record keeps
 * the first admission date and the current stay's discharge date (actual or planned), and each
 * readmission event opens a new stay. The face sheet, the resident list, the inspection packet and
 * billing all read the stays from here, so a readmission never rewrites the admission date.
 */
/** One stay: its first day and its last (null while it goes on; a planned discharge's day when one is set). */
export interface TStayPeriod {
  from: string;
  to: string | null;
}

/** What `residentStays` needs of a history event (a `residentEvents` record fits). */
export interface TStayEvent {
  type: string;
  date: string;
  createdAt?: string;
  /** Set on an event undone (entered by mistake): it no longer counts. */
  undoReason?: string | null | undefined;
}

/** What `residentStays` needs of the resident. */
export interface TStayResident {
  admissionDate: string;
  dischargeDate?: string | null | undefined;
}

const OPENS = new Set(["admission", "readmission"]);
const CLOSES = new Set(["discharge", "death"]);

/**
 * Every stay of the resident, oldest first. The first begins at the earliest of the admission date
 * and any admission on record; a discharge or death closes the open stay, a readmission opens the next.
 * The last stay ends on the resident's own discharge date (planned or actual), or goes on.
 */
export function residentStays(resident: TStayResident, events: readonly TStayEvent[]): TStayPeriod[] {
  const ordered = events
    .filter((e) => !e.undoReason)
    .sort((a, b) => a.date.localeCompare(b.date) || (a.createdAt ?? "").localeCompare(b.createdAt ?? ""));
  const firstOnRecord = ordered.find((e) => OPENS.has(e.type))?.date;
  const first = firstOnRecord && firstOnRecord < resident.admissionDate ? firstOnRecord : resident.admissionDate;
  const stays: TStayPeriod[] = [{ from: first, to: null }];
  for (const event of ordered) {
    const open = stays.at(-1)!;
    if (CLOSES.has(event.type) && open.to === null && event.date >= open.from) open.to = event.date;
    // A discharge before any admission on record (kept before the history was) closes a stay taken to
    // begin on the first of its month.
    else if (CLOSES.has(event.type) && event.date < open.from)
      stays.splice(-1, 0, { from: `${event.date.slice(0, 7)}-01`, to: event.date });
    else if (event.type === "readmission" && open.to !== null && event.date > open.to)
      stays.push({ from: event.date, to: null });
  }
  // The resident's own discharge date ends the last stay (a planned discharge among them); a stay
  // closed by an event while the resident lives here again has been reopened by no event: it goes on.
  const last = stays.at(-1)!;
  // A resident readmitted before the admission date was kept (it was the readmission's), or whose
  // readmission event is not written yet, has their current stay begin at their admission date.
  if (last.to !== null && resident.admissionDate > last.to)
    stays.push({ from: resident.admissionDate, to: resident.dischargeDate ?? null });
  else last.to = resident.dischargeDate ?? null;
  return stays;
}

/** The first day of the resident's current (or last) stay: the admission, or the latest readmission. */
export function currentStayStart(resident: TStayResident, events: readonly TStayEvent[]): string {
  return residentStays(resident, events).at(-1)!.from;
}
