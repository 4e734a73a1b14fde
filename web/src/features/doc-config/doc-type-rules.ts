/**
 * What the document configuration pages compute without the backend: the words of the list's cells,
 * the writes that move a type up or down (two swapped sort orders in one commit, or a renumbering when
 * the orders tie), the sort order of a new type, the California default set of one subject and the
 * existing types a new name or form code is close to (a likely duplicate).
 */
import type { TDocumentSubject } from "@care/core/collections/documents.collection";
import { RCFE_DEFAULT_DOCUMENT_TYPES, type TDocumentTypeInput } from "@care/core/collections/rcfe-document-types";
import type { TWriteOp } from "@care/core/ports/data.port";

/** The fields of a stored type these helpers read. */
export interface TOrderedType {
  id: string;
  version: number;
  sortOrder: number;
}

export const SUBJECT_LABELS: Record<TDocumentSubject, { one: string; title: string }> = {
  resident: { one: "resident", title: "Resident" },
  facility: { one: "facility", title: "Facility" },
  staff: { one: "staff member", title: "Staff" },
  agent: { one: "agent", title: "Agent" },
};

/** "12 months", "1 month", "Date on the document" (expires, no usual period) or "Never expires". */
export function validityLabel(validityMonths: number | undefined, expires = false): string {
  if (validityMonths === undefined) return expires ? "Date on the document" : "Never expires";
  return `${validityMonths} month${validityMonths === 1 ? "" : "s"}`;
}

/** "30 days before", "On the day" (0) — when the reminder and the "expiring" badge start. */
export function leadTimeLabel(leadTimeDays: number): string {
  if (leadTimeDays === 0) return "On the day";
  return `${leadTimeDays} day${leadTimeDays === 1 ? "" : "s"} before`;
}

/** "All facilities" (none chosen) or the chosen facilities' names, in the order given. */
export function appliesToLabel(facilityIds: readonly string[], nameOf: (id: string) => string): string {
  if (facilityIds.length === 0) return "All facilities";
  return facilityIds.map(nameOf).join(", ");
}

/** Sort order for a type added at the end of the list. */
export function nextSortOrder(types: readonly TOrderedType[]): number {
  return types.reduce((max, t) => Math.max(max, t.sortOrder), 0) + 10;
}

/**
 * The writes that move `types[index]` one place up (-1) or down (+1) in a list already sorted by sort
 * order; none when it cannot move. Distinct orders are swapped (two updates); tied ones would not
 * change the order when swapped, so the whole list is renumbered 10, 20, … with the move applied and
 * only the records whose order changes are written.
 */
export function moveOps(types: readonly TOrderedType[], index: number, direction: -1 | 1): TWriteOp[] {
  const other = index + direction;
  if (index < 0 || index >= types.length || other < 0 || other >= types.length) return [];
  const a = types[index]!;
  const b = types[other]!;
  if (a.sortOrder !== b.sortOrder) {
    return [
      { op: "update", collection: "documentTypes", id: a.id, version: a.version, patch: { sortOrder: b.sortOrder } },
      { op: "update", collection: "documentTypes", id: b.id, version: b.version, patch: { sortOrder: a.sortOrder } },
    ];
  }
  const reordered = [...types];
  reordered[index] = b;
  reordered[other] = a;
  const ops: TWriteOp[] = [];
  reordered.forEach((t, position) => {
    const sortOrder = (position + 1) * 10;
    if (t.sortOrder !== sortOrder)
      ops.push({ op: "update", collection: "documentTypes", id: t.id, version: t.version, patch: { sortOrder } });
  });
  return ops;
}

/** The pre-loaded California RCFE types of one subject, with their stable ids. */
export function defaultSetOf(subject: TDocumentSubject): ({ id: string } & TDocumentTypeInput)[] {
  return RCFE_DEFAULT_DOCUMENT_TYPES.filter((t) => t.subject === subject);
}

/** Lower case, every run of other characters one space: "Physician's Report" → "physician s report". */
function normalized(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Edits (insert, delete, replace, swap two neighbours) between two short strings. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  return rows[a.length]![b.length]!;
}

/** A name's words without "s" endings: "Physician's Reports" → ["physician", "report"]. */
function words(name: string): string[] {
  return normalized(name)
    .split(" ")
    .filter((w) => w && w !== "s")
    .map((w) => (w.length > 3 && w.endsWith("s") ? w.slice(0, -1) : w));
}

/**
 * Whether two type names are probably the same document: the same words in any order (plurals, case
 * and punctuation aside), the same words but one with a typo (one edit in a word of four letters or
 * more: "Physician Reprot"), the same letters but one (spaces aside), or one inside the other (at least
 * six letters: "TB screening" and "TB screening result"). Names of different forms that differ by a
 * word ("Personnel Record", "Personnel Report") are not close.
 */
export function namesClose(a: string, b: string): boolean {
  const x = words(a);
  const y = words(b);
  if (x.length === 0 || y.length === 0) return false;
  if ([...x].sort().join(" ") === [...y].sort().join(" ")) return true;
  if (x.length === y.length) {
    const differing = x.flatMap((w, i) => (w === y[i] ? [] : [[w, y[i]!] as const]));
    if (differing.length === 1) {
      const [v, w] = differing[0]!;
      if (Math.min(v.length, w.length) >= 4 && editDistance(v, w) <= 1) return true;
    }
  }
  const joinedX = x.join("");
  const joinedY = y.join("");
  if (Math.min(joinedX.length, joinedY.length) >= 6 && editDistance(joinedX, joinedY) <= 1) return true;
  const spacedX = x.join(" ");
  const spacedY = y.join(" ");
  return Math.min(spacedX.length, spacedY.length) >= 6 && (spacedX.includes(spacedY) || spacedY.includes(spacedX));
}

/**
 * Whether two form codes are the same form written differently: equal without case, spaces, dashes and
 * dots ("lic-602a" and "LIC 602A"). Codes a character apart are usually different forms of one family
 * (LIC 602A, LIC 603A), so they are not close.
 */
export function formCodesClose(a: string, b: string): boolean {
  const x = normalized(a).replace(/ /g, "");
  const y = normalized(b).replace(/ /g, "");
  return x !== "" && x === y;
}

/** An existing type close to the one being entered, and what is close. */
export interface TSimilarType {
  id: string;
  name: string;
  formCode?: string | undefined;
  retired: boolean;
  by: "name" | "form code" | "name and form code";
}

/**
 * The existing types (of the same subject; retired ones too) whose name or form code is close to the
 * one being entered, the type being edited aside: a warning that it may already exist.
 */
export function similarTypes(
  entered: { name: string; formCode: string },
  existing: readonly { id: string; name: string; formCode?: string | undefined; archivedAt: string | null }[],
  editingId?: string,
): TSimilarType[] {
  return existing.flatMap((t): TSimilarType[] => {
    if (t.id === editingId) return [];
    const name = namesClose(entered.name, t.name);
    const code = t.formCode !== undefined && formCodesClose(entered.formCode, t.formCode);
    if (!name && !code) return [];
    return [
      {
        id: t.id,
        name: t.name,
        formCode: t.formCode,
        retired: t.archivedAt !== null,
        by: name && code ? "name and form code" : name ? "name" : "form code",
      },
    ];
  });
}
