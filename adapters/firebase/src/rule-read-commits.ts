/**
 * Firestore's rules may read at most 20 documents in one transaction or batched write (a document read
 * again within it counts once), and a commit holds at most 500 writes. A change too large for one commit
 * (a transfer's carried records) is split here into commits by the documents each write's rules read,
 * as the generated rules read them: the caller's role documents, then each link's target (`linksToCheck`);
 * a plain commit over the limit is refused before it is sent (`commitReadsError`), as production would
 * refuse it (the emulator does not count). `rule-read-commits.test.ts` holds these paths to the reads
 * `rules-cost.ts` finds in each generated rule.
 */
import { AppError } from "@care/core/app-error";
import { FILES_TARGET, type CollectionDef } from "@care/core/collection";
import { linksToCheck } from "@care/core/rules/links.rules";
import { FILES_COLLECTION } from "./firestore-records.ts";
import { requiredSiblings } from "./action-rules.ts";
import { restrictedParts } from "./restricted-fields.ts";

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

/** The role documents every rule reads for `user` (`me()` and `level()` in the generated rules). */
export function roleReadPaths(user: { id: string; role: string }): string[] {
  return [`users/${user.id}`, `roles/${user.role}`];
}

/**
 * The documents a user's edit reads besides its links: the role they hold before and after the edit
 * (`mayGive` in the generated rules: a role gives nothing the editor does not hold).
 */
function grantReadPaths(def: CollectionDef, record: Record<string, unknown>, before?: Record<string, unknown>) {
  if (!def.access.grantsFacilities || !before) return [];
  return [before.role, record.role].filter((role) => typeof role === "string").map((role) => `roles/${String(role)}`);
}

/** One write of a commit: the record written (null: deleted) and as it was read (absent: created). */
export interface TCommitWrite {
  def: CollectionDef;
  id: string;
  record: Record<string, unknown> | null;
  before?: Record<string, unknown> | undefined;
}

/**
 * The distinct documents the rules of one commit read: the caller's role documents, each written
 * record's link targets, a user's roles before and after an edit, and a record with restricted fields itself (its sibling documents' rules read
 * it with `getAfter`), and on an update the sibling a change's required fields are kept in. A deletion's rule reads the role documents only.
 */
export function commitReadPaths(roles: readonly string[], writes: readonly TCommitWrite[]): Set<string> {
  const paths = new Set(roles);
  for (const { def, id, record, before } of writes) {
    if (record === null) continue;
    for (const path of linkReadPaths(def, record, before)) paths.add(path);
    for (const path of grantReadPaths(def, record, before)) paths.add(path);
    if (restrictedParts(def).length > 0) paths.add(`${def.name}/${id}`);
    // An update's rule reads the sibling holding what a change must carry (a code status's basis).
    if (before) for (const sibling of requiredSiblings(def)) paths.add(`${sibling}/${id}`);
  }
  return paths;
}

/**
 * The refusal of a commit whose rules would read more than MAX_COMMIT_READS documents (null when
 * within): production's rules refuse it whole (permission denied), so the adapter does before sending
 * it, saying why; a caller splits such a change into commits of fewer people or records.
 */
export function commitReadsError(paths: ReadonlySet<string>): AppError | null {
  if (paths.size <= MAX_COMMIT_READS) return null;
  return new AppError(
    "FORBIDDEN",
    `This change names too many records for one save on Firebase (its checks read ${paths.size} records, at most ${MAX_COMMIT_READS}): save it in smaller parts.`,
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
