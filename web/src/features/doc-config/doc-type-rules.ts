/**
 * What the document configuration pages compute without the backend: the words of the list's cells,
 * the writes that move a type up or down (two swapped sort orders in one commit, or a renumbering when
 * the orders tie), the sort order of a new type and the California default set of one subject.
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
};

/** "12 months", "1 month" or "Never expires". */
export function validityLabel(validityMonths: number | undefined): string {
  if (validityMonths === undefined) return "Never expires";
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
