/**
 * Firestore's rules may read at most 20 documents in one transaction or batched write (a document read
 * again within it counts once), and a commit holds at most 500 writes. A change too large for one commit
 * (a transfer's carried records) is split here into commits by the documents each write's rules read,
 * as the generated rules read them: the caller's role documents, then each link's target (`linksToCheck`).
 */
import { FILES_TARGET, type CollectionDef } from "@care/core/collection";
import { linksToCheck } from "@care/core/rules/links.rules";
import { FILES_COLLECTION } from "./firestore-records.ts";

/** The documents the rules of one transaction or batched write may read in all. */
export const MAX_COMMIT_READS = 20;
/** The writes one commit may hold. */
export const MAX_COMMIT_WRITES = 500;

/** Part of a commit: how many documents it writes and the paths of those its rules read. */
export interface TCommitPart {
  writes: number;
  reads: readonly string[];
}

/**
 * The documents the rules of a write of `record` read through its links (`before`: the record as read,
 * absent for a new one): `<collection>/<id>` of each target the write must check.
 */
export function linkReadPaths(def: CollectionDef, record: Record<string, unknown>, before?: Record<string, unknown>) {
  return linksToCheck(def, record, before).map(
    ({ target, id }) => `${target.collection === FILES_TARGET ? FILES_COLLECTION : target.collection}/${id}`,
  );
}

/**
 * Splits `parts`, in order, into commits that each stay within MAX_COMMIT_READS distinct documents read
 * and MAX_COMMIT_WRITES writes, counting in every commit `each` (the role documents) and in the first
 * `first` too (what must go in the first commit whatever else does). The indexes of the parts in each
 * commit; the first commit is there even when it holds no part.
 */
export function commitsWithinReads(parts: readonly TCommitPart[], each: TCommitPart, first: TCommitPart): number[][] {
  const open = (base: TCommitPart[]) => ({
    indexes: [] as number[],
    reads: new Set(base.flatMap((p) => p.reads)),
    writes: base.reduce((n, p) => n + p.writes, 0),
  });
  const fits = (commit: ReturnType<typeof open>, part: TCommitPart) =>
    new Set([...commit.reads, ...part.reads]).size <= MAX_COMMIT_READS &&
    commit.writes + part.writes <= MAX_COMMIT_WRITES;
  const commits = [open([each, first])];
  parts.forEach((part, index) => {
    let commit = commits.at(-1)!;
    if (!fits(commit, part)) {
      commit = open([each]);
      if (!fits(commit, part)) throw new Error(`A write reads more documents than one commit may: ${part.reads}`);
      commits.push(commit);
    }
    commit.indexes.push(index);
    for (const path of part.reads) commit.reads.add(path);
    commit.writes += part.writes;
  });
  return commits.map((commit) => commit.indexes);
}

/**
 * `records` of `def` reordered so that a record another one links to within the collection (a
 * document's `replacesId`) comes before it: committed in that order, each link's target is already at
 * the record's new home when the rules check it. Otherwise in the given order.
 */
export function linkedFirst<T extends Record<string, unknown> & { id: string }>(
  def: CollectionDef,
  records: readonly T[],
): T[] {
  const fields = (def.links ?? [])
    .filter((link) => !("by" in link.to) && link.to.collection === def.name && link.id.part === undefined)
    .map((link) => link.id.field);
  const byId = new Map(records.map((record) => [record.id, record]));
  const ordered: T[] = [];
  const placed = new Set<string>();
  const place = (record: T): void => {
    if (placed.has(record.id)) return;
    placed.add(record.id);
    for (const field of fields) {
      const linked = byId.get(String(record[field]));
      if (linked) place(linked);
    }
    ordered.push(record);
  };
  records.forEach(place);
  return ordered;
}
