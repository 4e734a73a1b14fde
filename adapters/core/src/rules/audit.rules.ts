/**
 * What the audit row of a list request says, shared by every adapter so "who looked at this resident's
 * medical entries" reads the same whatever backend wrote the row. Collections with `auditViews` write
 * one `view` row per list request (and one per get).
 */
import type { CollectionDef } from "../collection.ts";
import type { TAuditAction } from "../collections/audit-log.collection.ts";
import type { TListFilters, TListQuery } from "../list-query.ts";
import type { TSessionUser } from "../ports/auth.port.ts";
import { facilityOfRecord } from "./access.rules.ts";

/**
 * The summary of a list view: the filters (ids and codes, e.g. `list residentId=r1`), whether a search
 * was used (never its text: it may be a name), and whether archived records were included.
 */
export function listViewSummary(query: TListFilters): string {
  const parts = Object.entries(query.where ?? {}).map(
    ([field, value]) => `${field}=${Array.isArray(value) ? value.map(String).join("|") : String(value)}`,
  );
  if (query.search?.trim()) parts.push("search");
  if (query.includeArchived) parts.push("includeArchived");
  return parts.length > 0 ? `list ${parts.join(" ")}` : "list";
}

/**
 * The audit action of a list request: `export` for a page read for a CSV (on every collection: an export
 * takes the data out of the portal), none for a page read for the records' names only (the audit log
 * naming its rows' records is not a look at them), `view` on a collection that audits views, else none.
 */
export function listAuditAction(def: CollectionDef, query: Pick<TListQuery, "purpose">): "view" | "export" | null {
  if (query.purpose === "export") return "export";
  if (query.purpose === "names") return null;
  return def.auditViews ? "view" : null;
}

/**
 * The facility of a list view's audit row: the facility the query filters on, else the one facility all
 * listed records belong to, else null (an empty page, or several facilities).
 */
function listViewFacility(
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

/**
 * The facilities of a list view's audit rows, one row each. An unrestricted user's view is one row (its
 * facility as above, or null: group-wide). A facility-limited user's view stays readable by the
 * administrators of their homes: the filtered facility (null when it is beyond their reach: the list was
 * empty and the row belongs to the group), else one row per facility of the listed records, else (an
 * empty page) one per facility they may see.
 */
export function listViewFacilities(
  def: CollectionDef,
  query: Pick<TListQuery, "where">,
  records: readonly Record<string, unknown>[],
  user: TSessionUser,
): (string | null)[] {
  const facility = listViewFacility(def, query, records);
  if (user.facilityIds === null || def.scope.kind === "global") return [facility];
  if (facility !== null) return [user.facilityIds.includes(facility) ? facility : null];
  const listed = new Set<string>();
  for (const record of records) {
    const of = facilityOfRecord(def, record);
    if (typeof of === "string") listed.add(of);
  }
  const facilities = listed.size > 0 ? [...listed].sort() : [...user.facilityIds].sort();
  return facilities.length > 0 ? facilities : [null];
}

/** What each audit action is called on screen and in exports ("Viewed", "Failed sign-in"). */
export const AUDIT_ACTION_LABELS: Readonly<Record<TAuditAction, string>> = {
  login: "Signed in",
  login_failed: "Failed sign-in",
  logout: "Signed out",
  password_change: "Changed password",
  password_change_failed: "Failed password change",
  user_create: "Created user",
  password_reset: "Reset a password",
  sessions_end_others: "Signed out other sessions",
  create: "Created",
  update: "Changed",
  remove: "Removed",
  archive: "Archived",
  transfer: "Transferred to another home",
  view: "Viewed",
  export: "Exported",
  file_upload: "Uploaded file",
  file_download: "Downloaded file",
  file_remove: "Removed file",
  data_export: "Exported all data",
  data_import: "Imported all data",
};
