/**
 * What the audit row of a list request says, shared by every adapter so "who looked at this resident's
 * medical entries" reads the same whatever backend wrote the row. Collections with `auditViews` write
 * one `view` row per list request (and one per get).
 */
import type { CollectionDef } from "../collection.ts";
import type { TListQuery } from "../list-query.ts";
import { facilityOfRecord } from "./access.rules.ts";

/**
 * The summary of a list view: the filters (ids and codes, e.g. `list residentId=r1`), whether a search
 * was used (never its text: it may be a name), and whether archived records were included.
 */
export function listViewSummary(query: Pick<TListQuery, "where" | "search" | "includeArchived">): string {
  const parts = Object.entries(query.where ?? {}).map(
    ([field, value]) => `${field}=${Array.isArray(value) ? value.map(String).join("|") : String(value)}`,
  );
  if (query.search?.trim()) parts.push("search");
  if (query.includeArchived) parts.push("includeArchived");
  return parts.length > 0 ? `list ${parts.join(" ")}` : "list";
}

/**
 * The facility of a list view's audit row: the facility the query filters on, else the one facility all
 * listed records belong to, else null (an empty page, or several facilities).
 */
export function listViewFacility(
  def: CollectionDef,
  query: Pick<TListQuery, "where">,
  records: readonly Record<string, unknown>[],
): string | null {
  const filtered = def.scope.kind === "facility" ? query.where?.[def.scope.field] : undefined;
  if (typeof filtered === "string") return filtered;
  const facilities = new Set(records.map((record) => facilityOfRecord(def, record) ?? null));
  const [only] = facilities;
  return facilities.size === 1 && only !== undefined ? only : null;
}
