/**
 * One page view of a record is one audit row. A resident's face sheet reads the resident and then
 * lists their allergies, diagnoses, medications and documents; each list used to write its own "view"
 * row, so one look at one resident left four rows. The record's own view row (written by `get` on a
 * collection that audits views) now covers the lists of that record's entries that the same session
 * reads within `VIEW_COVER_MS`: they write no further row. A list not tied to one record (every
 * allergy of a home), or one read without a recent view of its record, still writes its own row.
 * Every backend keeps the recent views the same way (the server per session, memory and Firebase per
 * signed-in account), so the contract cases count the same rows everywhere.
 */
import type { CollectionDef } from "../collection.ts";
import { collections, isCollectionName } from "../registry.ts";
import type { TListFilters } from "../list-query.ts";

/** How long a record's view row covers the same session's reads of that record's entries. */
export const VIEW_COVER_MS = 5 * 60_000;

/** The most remembered views before expired ones are dropped (keeps a long-running server's map small). */
const MAX_REMEMBERED = 10_000;

/** A record of the registry, named by collection and id. */
export interface TViewedRecord {
  readonly collection: string;
  readonly recordId: string;
}

/**
 * The record a list shows the entries of: a list filtered by a link to one record of a collection that
 * audits views (`residentId=r1` on allergies, `subject=resident subjectId=r1` on documents); else null.
 */
export function listedEntriesOf(def: CollectionDef, query: Pick<TListFilters, "where">): TViewedRecord | null {
  for (const link of def.links ?? []) {
    if (link.id.part !== undefined || link.when) continue;
    const recordId = query.where?.[link.id.field];
    if (typeof recordId !== "string") continue;
    let target: string | undefined;
    if ("collection" in link.to) target = link.to.collection;
    else {
      const by = query.where?.[link.to.by.field];
      target = typeof by === "string" ? link.to.targets[by]?.collection : undefined;
    }
    if (target && isCollectionName(target) && collections[target].auditViews) return { collection: target, recordId };
  }
  return null;
}

/** The views of records a backend wrote rows for lately, by who viewed (a session or an account). */
export class RecentRecordViews {
  private readonly seen = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Remembers that `viewer` has a view row of the record from now. */
  viewed(viewer: string, record: TViewedRecord): void {
    const at = this.now();
    if (this.seen.size >= MAX_REMEMBERED)
      for (const [key, seenAt] of this.seen) if (at - seenAt >= VIEW_COVER_MS) this.seen.delete(key);
    this.seen.set(keyOf(viewer, record), at);
  }

  /** Whether `viewer`'s view row of the record is recent enough to cover a list of its entries. */
  covers(viewer: string, record: TViewedRecord | null): boolean {
    if (!record) return false;
    const at = this.seen.get(keyOf(viewer, record));
    return at !== undefined && this.now() - at < VIEW_COVER_MS;
  }
}

function keyOf(viewer: string, record: TViewedRecord): string {
  return `${viewer}\u0000${record.collection}\u0000${record.recordId}`;
}
