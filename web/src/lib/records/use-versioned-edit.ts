/**
 * Editing a record that someone else may save at the same time. The form saves against the version it
 * read; when the backend refuses the save as stale (CONFLICT, carrying their newer record), the user's
 * edits stay in the form, the conflict holds both versions for the shared conflict panel, and the next
 * save is made against their version ("Save my version") — or their version is loaded into the form.
 * Field messages of a refused save go next to the form's fields; anything else is one toast. A form
 * that also adds new records passes no `initial` record and a `create`.
 */
import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { isAppError } from "@care/core/app-error";
import type { TCollectionName, TPatchOf, TRecordOf } from "@care/core/registry";
import { useData } from "../ports.tsx";
import { applyFieldErrors, reportError } from "../report-error.ts";

export interface TConflict<R, V> {
  /** The record as the other person saved it. */
  theirs: R;
  /** The user's form when their save was refused. */
  mine: V;
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
  form: Pick<UseFormReturn<V, unknown, O>, "setError" | "reset" | "getValues">;
  /** The form's values for a record (to load their version). */
  toValues: (record: TRecordOf<N>) => V;
  /** The change to send for the form's validated values. */
  toPatch: (values: O) => TPatchOf<N>;
  /** The form's fields that a VALIDATION error may name. */
  fields: readonly Path<V>[];
  /**
   * After a save refused as stale: `compare` (the default) keeps the user's edits for the conflict
   * panel; `reload` puts their version in the form at once (short forms, where retyping is cheap).
   */
  onStale?: "compare" | "reload";
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
  const [base, setBase] = useState(options.initial);
  const [conflict, setConflict] = useState<TConflict<TRecordOf<N>, V> | null>(null);
  const { collection, form, toValues, toPatch, fields, onConflict, write, create, onStale = "compare" } = options;

  async function save(values: O): Promise<TRecordOf<N> | null> {
    try {
      const saved = !base
        ? await create!(values)
        : write
          ? await write(base, values)
          : await data.update(collection, base.id, toPatch(values), base.version);
      setBase(saved);
      setConflict(null);
      return saved;
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT" && error.current) {
        refusedAsStale(error.current as TRecordOf<N>);
        return null;
      }
      if (!applyFieldErrors(error, form.setError, fields)) reportError(error);
      return null;
    }
  }

  function refusedAsStale(theirs: TRecordOf<N>) {
    // The user's edits stay in the form (unless it reloads); the next save is made against the newer version.
    setConflict({ theirs, mine: form.getValues() });
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

  return { base, conflict, save, loadTheirs, refusedAsStale };
}
