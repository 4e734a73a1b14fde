/**
 * Editing a record that someone else may save at the same time. The form saves against the version it
 * read; when the backend refuses the save as stale (CONFLICT, carrying their newer record and who saved
 * it), the form merges three versions — the one it started from, the user's and theirs: a field only
 * they changed takes their value, a field the user changed keeps the user's (a list is one field). When
 * nobody changed the same field, the merged form is saved at once; otherwise the conflict names the
 * fields both changed for the shared conflict panel, and the next save ("Save my version") is made
 * against their version. Field messages of a refused save go next to the form's fields; anything else
 * is one toast. A form that also adds new records passes no `initial` record and a `create`.
 */
import { useRef, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import type { TCollectionName, TPatchOf, TRecordOf } from "@care/core/registry";
import { FIELD_LABELS } from "@care/core/field-labels";
import { collections } from "@care/core/registry";
import { hiddenFieldsFor } from "@care/core/rules/access.rules";
import { useData, useSession } from "../ports.tsx";
import { applyFieldErrors, reportError } from "../report-error.ts";
import { comparable } from "./field-values.ts";

/** Who saved the newer version when it was the user themselves, in another window or tab. */
export const SAVED_BY_YOU = "You, in another window or tab,";

export interface TConflict<R, V> {
  /** The record as the other person saved it. */
  theirs: R;
  /** The user's form when their save was refused (what the form holds now, merged). */
  mine: V;
  /** The fields both the user and the other person changed, to choose between. */
  fields: (keyof V & string)[];
  /** Who saved their version, when the backend says. */
  savedBy?: string;
}

/**
 * The three-way merge of a form: `start` (the version the form began from), `mine` (the form) and
 * `theirs` (the newer saved version). Returns the merged values and the fields both sides changed.
 */
export function mergeVersions<V extends Record<string, unknown>>(
  start: V,
  mine: V,
  theirs: V,
): { merged: V; conflicts: (keyof V & string)[] } {
  const merged: Record<string, unknown> = {};
  const conflicts: (keyof V & string)[] = [];
  for (const key of new Set([...Object.keys(start), ...Object.keys(mine), ...Object.keys(theirs)])) {
    const base = comparable(start[key]);
    const mineChanged = comparable(mine[key]) !== base;
    const theirsChanged = comparable(theirs[key]) !== base;
    if (mineChanged && theirsChanged && comparable(mine[key]) !== comparable(theirs[key]))
      conflicts.push(key as keyof V & string);
    merged[key] = mineChanged ? mine[key] : theirs[key];
  }
  return { merged: merged as V, conflicts };
}

export interface TVersionedEdit<R, V, O> {
  /** The record the next save is made against: the one loaded, or the newer one after a conflict. */
  base: R;
  conflict: TConflict<NonNullable<R>, V> | null;
  /** Saves the form's (validated) values; the saved record, or null when refused (the form or panel says why). */
  save: (values: O) => Promise<R | null>;
  /** Replaces the form's values with the other person's version. */
  loadTheirs: () => void;
  /** Another write of this record (archive, say) was refused as stale: continue from their version. */
  refusedAsStale: (theirs: NonNullable<R>) => void;
}

export interface TVersionedEditOptions<N extends TCollectionName, V extends FieldValues, O> {
  collection: N;
  /** The record as loaded (undefined: the form adds a new one, with `create`). */
  initial: TRecordOf<N> | undefined;
  /** Adds the record when there is none yet. */
  create?: (values: O) => Promise<TRecordOf<N>>;
  form: Pick<UseFormReturn<V, unknown, O>, "setError" | "reset" | "getValues" | "handleSubmit">;
  /** The form's values for a record (to load their version). */
  toValues: (record: TRecordOf<N>) => V;
  /** The change to send for the form's validated values. */
  toPatch: (values: O) => TPatchOf<N>;
  /** The form's fields that a VALIDATION error may name. */
  fields: readonly Path<V>[];
  /**
   * After a save refused as stale: `compare` (the default) merges the versions (see above); `reload`
   * puts their version in the form at once (short forms, where retyping is cheap); `refuse` keeps the
   * form as typed and shows theirs, never merging (fields that only make sense together, such as fee
   * terms, where one person's kind of fee and another's amount would make terms nobody agreed).
   */
  onStale?: "compare" | "reload" | "refuse";
  /** Called when a save is refused as stale (e.g. to scroll the panel into view). */
  onConflict?: () => void;
  /**
   * Saves differently from a plain update (e.g. a commit of several records); defaults to
   * `data.update(collection, base.id, toPatch(values), base.version)`.
   */
  write?: (base: TRecordOf<N>, values: O) => Promise<TRecordOf<N>>;
}

export function useVersionedEdit<N extends TCollectionName, V extends FieldValues, O = V>(
  options: TVersionedEditOptions<N, V, O> & { initial: TRecordOf<N> },
): TVersionedEdit<TRecordOf<N>, V, O>;
export function useVersionedEdit<N extends TCollectionName, V extends FieldValues, O = V>(
  options: TVersionedEditOptions<N, V, O> & { create: (values: O) => Promise<TRecordOf<N>> },
): TVersionedEdit<TRecordOf<N> | undefined, V, O>;
export function useVersionedEdit<N extends TCollectionName, V extends FieldValues, O = V>(
  options: TVersionedEditOptions<N, V, O>,
): TVersionedEdit<TRecordOf<N> | undefined, V, O> {
  const data = useData();
  const session = useSession();
  const [base, setBase] = useState(options.initial);
  const [conflict, setConflict] = useState<TConflict<TRecordOf<N>, V> | null>(null);
  /** The version the form's values started from: the one loaded, then each newer one merged in. */
  const start = useRef(options.initial);
  const { collection, form, toValues, toPatch, fields, onConflict, write, create, onStale = "compare" } = options;

  async function attempt(values: O, against: TRecordOf<N> | undefined): Promise<TRecordOf<N>> {
    if (!against) return create!(values);
    if (write) return write(against, values);
    // A field the role may not see (a resident's rate without rent) is neither shown nor sent: the
    // record as stored keeps it.
    const hidden = session ? hiddenFieldsFor(session, collections[collection]) : [];
    const patch: Record<string, unknown> = { ...toPatch(values) };
    for (const field of hidden) delete patch[field];
    return data.update(collection, against.id, patch as TPatchOf<N>, against.version);
  }

  async function save(values: O, against = base, merges = 0): Promise<TRecordOf<N> | null> {
    try {
      const saved = await attempt(values, against);
      setBase(saved);
      start.current = saved;
      setConflict(null);
      return saved;
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT" && error.current) {
        const theirs = error.current as TRecordOf<N>;
        // The same person in two windows is told so, rather than named as if someone else had saved.
        const savedBy = session && theirs.updatedBy === session.id ? SAVED_BY_YOU : error.savedBy;
        if (onStale === "compare" && start.current && merges < 3) return merge(theirs, savedBy, merges);
        refusedAsStale(theirs, savedBy);
        return null;
      }
      if (!applyFieldErrors(error, form.setError, fields)) reportError(error);
      return null;
    }
  }

  /** Merges their newer version into the form; saves at once when nobody changed the same field. */
  async function merge(theirs: TRecordOf<N>, savedBy: string | undefined, merges: number) {
    const mine = form.getValues();
    const before = toValues(start.current!);
    const theirValues = toValues(theirs);
    // What they changed, named in the message of a merged save (a shift moved to another person, say).
    const labels: Record<string, string> = FIELD_LABELS[collection] ?? {};
    const theirChanges = Object.keys(theirValues)
      .filter((key) => comparable(theirValues[key]) !== comparable(before[key]) && labels[key])
      .map((key) => labels[key]!);
    const { merged, conflicts } = mergeVersions(before, mine, theirValues);
    start.current = theirs;
    setBase(theirs);
    form.reset(merged, { keepDefaultValues: true });
    if (conflicts.length > 0) {
      setConflict({ theirs, mine: merged, fields: conflicts, ...(savedBy ? { savedBy } : {}) });
      if (onConflict) onConflict();
      else window.scrollTo({ top: 0, behavior: "smooth" });
      return null;
    }
    // Nobody changed the same field: save the merged form against their version.
    let saved: TRecordOf<N> | null = null;
    await form.handleSubmit(async (values) => {
      saved = await save(values, theirs, merges + 1);
    })();
    const you = savedBy === SAVED_BY_YOU;
    if (saved)
      toast.success(
        `${you ? "Your other window or tab" : (savedBy ?? "Someone else")} had saved other changes meanwhile; yours were saved with ${
          you ? "them" : "theirs"
        }.${theirChanges.length > 0 ? ` ${you ? "Changed there" : "They changed"}: ${theirChanges.join(", ")}.` : ""}`,
        { id: "merged-save" },
      );
    return saved;
  }

  function refusedAsStale(theirs: TRecordOf<N>, savedBy?: string) {
    const mine = form.getValues();
    const all = Object.keys({ ...toValues(theirs), ...mine }) as (keyof V & string)[];
    setConflict({ theirs, mine, fields: all, ...(savedBy ? { savedBy } : {}) });
    start.current = theirs;
    setBase(theirs);
    if (onStale === "reload") form.reset(toValues(theirs));
    if (onConflict) onConflict();
    else window.scrollTo({ top: 0, behavior: "smooth" });
  }

  function loadTheirs() {
    if (!conflict) return;
    form.reset(toValues(conflict.theirs));
    setConflict(null);
  }

  return { base, conflict, save: (values) => save(values), loadTheirs, refusedAsStale };
}
