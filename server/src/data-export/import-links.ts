/**
 * The import's check of the links the registry declares (a payment's resident, a document's subject
 * and file, a training entry's certificate): the same `checkLinks` every write runs, asked of the
 * export's own records instead of the database, so an archive cannot bring in what no write could
 * make — a payment of one home naming a resident of another. What a link needs to know of its target
 * (its homes, the fields a link shares with it) is remembered while the import's checks read the
 * export; the linked records are checked once everything has been read, since a link may name a
 * record of a collection read later (a user's staff member, a document's file).
 *
 * Records of the past stay where they happened when a person moves (see transfer.rules.ts): a
 * resident's charges at their old home name them though they live elsewhere now. So a resident
 * counts as of every home where the export holds their "transfer out" event, and a staff member whom
 * an exported audit row shows transferred counts as of any home (nothing else records where they were).
 */
import type { CollectionDef } from "@care/core/collection";
import { FILES_TARGET } from "@care/core/collection";
import { collectionNames, collections, type TCollectionName } from "@care/core/registry";
import { facilitiesOfRecord, facilityOfRecord } from "@care/core/rules/access.rules";
import { checkLinks, linksToCheck } from "@care/core/rules/links.rules";

type TFields = Record<string, unknown>;

/** The collections (and `files`) some link names, each with the fields its linkers read of it. */
function targetFields(): Map<string, Set<string>> {
  const fields = new Map<string, Set<string>>();
  for (const def of Object.values(collections) as CollectionDef[]) {
    for (const link of def.links ?? []) {
      for (const target of "by" in link.to ? Object.values(link.to.targets) : [link.to]) {
        const set = fields.get(target.collection) ?? new Set<string>();
        for (const shared of Object.keys(link.sameAs ?? {})) set.add(shared);
        fields.set(target.collection, set);
      }
    }
  }
  for (const [collection, set] of fields) {
    if (collection === FILES_TARGET) set.add("facilityId");
    else {
      const scope = collections[collection as TCollectionName].scope;
      if (scope.kind === "facility") {
        set.add(scope.field);
        if (scope.alsoIn) set.add(scope.alsoIn);
      }
    }
  }
  return fields;
}

const TARGET_FIELDS = targetFields();

/** The collections whose records declare links, in the registry's order. */
export const LINKING_COLLECTIONS: readonly TCollectionName[] = collectionNames.filter(
  (name) => (collections[name] as CollectionDef).links?.length,
);

export class ImportLinks {
  /** "collection/id" → what links read of the record. */
  private readonly targets = new Map<string, TFields>();
  /** "collection/id" of a person → homes they were of before a transfer; "*" for any. */
  private readonly formerHomes = new Map<string, Set<string>>();
  /** "collection/id" of records refused already (failing their schema): links to them are not checked. */
  private readonly refused = new Set<string>();

  /** Remembers a record (or a stored file, as `files`) of the export that links may name. */
  remember(collection: string, id: string, fields: TFields): void {
    if (collection === "residentEvents" && fields.type === "transfer_out")
      this.formerHome(`residents/${String(fields.residentId)}`, String(fields.facilityId));
    if (collection === "auditLog" && fields.action === "transfer" && fields.collection === "staff")
      this.formerHome(`staff/${String(fields.recordId)}`, "*");
    const wanted = TARGET_FIELDS.get(collection);
    if (!wanted) return;
    this.targets.set(`${collection}/${id}`, {
      ...Object.fromEntries([...wanted].map((f) => [f, fields[f]])),
      id,
    });
  }

  /** Notes a record of the export that was refused (its problems are listed already). */
  refuse(collection: string, id: string): void {
    this.refused.add(`${collection}/${id}`);
  }

  private formerHome(key: string, facilityId: string): void {
    const homes = this.formerHomes.get(key) ?? new Set<string>();
    homes.add(facilityId);
    this.formerHomes.set(key, homes);
  }

  /**
   * The problem of a record's links as `checkLinks` words it for a write ("facilityId: Must be the
   * resident's facility"), or null when they hold. `skip` says which link fields were reported already
   * (a reference to a record missing from the export).
   */
  problemOf(name: TCollectionName, id: string, fields: TFields, skip: (field: string) => boolean): string | null {
    const def = collections[name] as CollectionDef;
    const applied = linksToCheck(def, fields);
    if (applied.some(({ link, target, id }) => skip(link.id.field) || this.refused.has(`${target.collection}/${id}`)))
      return null;
    const home = facilityOfRecord(def, { ...fields, id });
    const error = checkLinks(
      def,
      { ...fields, id },
      (collection, targetId) => {
        const key = `${collection}/${targetId}`;
        const found = this.targets.get(key);
        if (!found || typeof home !== "string") return found ?? null;
        const former = this.formerHomes.get(key);
        if (!former || !(former.has("*") || former.has(home))) return found;
        // A home the person moved from: their records there stay valid, as if they still were of it.
        const scope = collection === FILES_TARGET ? undefined : collections[collection as TCollectionName].scope;
        if (scope?.kind !== "facility") return found;
        const homes = facilitiesOfRecord(collections[collection as TCollectionName], found);
        return homes.includes(home) ? found : { ...found, [scope.field]: home };
      },
      undefined,
      { asWritten: true },
    );
    if (!error) return null;
    const problems = Object.entries(error.fields ?? {}).map(([field, message]) => `${field}: ${message}`);
    return `${collections[name].label.toLowerCase()} ${id}: ${problems.join("; ") || error.message}`;
  }
}
