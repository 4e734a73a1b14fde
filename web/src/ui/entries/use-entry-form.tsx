/**
 * What every entry form shares (a resident's medical entries, a staff member's training): react-hook-form
 * validated by the entry's core schema, create or versioned update (the shared `useVersionedEdit`),
 * server field errors beside the fields, a toast on save, and a stale edit refused with the newer entry
 * loaded.
 */
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import toast from "react-hot-toast";
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { getCollection, type TCollectionName, type TInputOf, type TPatchOf, type TRecordOf } from "@care/core/registry";
import { useData } from "../../lib/ports.tsx";
import { UnsavedChangesGuard } from "../unsaved-changes.tsx";
import { useVersionedEdit } from "../../lib/records/use-versioned-edit.ts";

/** Whose entries: the field of each entry naming its owner, and the owner's id. */
export interface TEntryOwner {
  field: string;
  id: string;
}

/** The props of every entry form: whose record, and the entry being edited (null = a new one). */
export interface TEntryFormProps<N extends TCollectionName> {
  owner: TEntryOwner;
  facilityId: string;
  record: TRecordOf<N> | null;
  onSaved: (record: TRecordOf<N>) => void;
  onCancel: () => void;
}

/** For number inputs: empty means absent. */
export const numberOrAbsent = (value: unknown) => (value === "" || value === null ? undefined : Number(value));
/** For optional date inputs: empty means absent. */
export const dateOrAbsent = (value: unknown) => (value === "" ? undefined : value);

/** The props of the frame of an entry form, as `useEntryForm` returns them for `<EntryForm {...frame}>`. */
export interface TEntryFrameProps {
  title: string;
  stale: boolean;
  /** Someone archived the entry meanwhile: nothing left to save. */
  archived: boolean;
  saving: boolean;
  unsaved: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}

export function useEntryForm<N extends TCollectionName, V extends FieldValues>(options: {
  collection: N;
  /** "Vitals entry", for the toast. */
  label: string;
  /** The heading when adding and when editing: `["Add diagnosis", "Edit diagnosis"]`. */
  titles: readonly [add: string, edit: string];
  schema: z.ZodType;
  props: TEntryFormProps<N>;
  /** The entry's own fields as the form shows them; the owner and facility are added here. */
  toValues: (record: TRecordOf<N> | null) => V;
}) {
  const { collection, label, titles, schema, props, toValues } = options;
  type TValues = V & { facilityId: string };
  const valuesOf = (record: TRecordOf<N> | null) =>
    ({ [props.owner.field]: props.owner.id, facilityId: props.facilityId, ...toValues(record) }) as TValues;
  const data = useData();
  const form = useForm<TValues, unknown, TInputOf<N>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<TValues, unknown, TInputOf<N>>,
    defaultValues: valuesOf(props.record) as DefaultValues<TValues>,
  });
  const edit = useVersionedEdit<N, TValues, TInputOf<N>>({
    collection,
    initial: props.record ?? undefined,
    create: (parsed) => data.create(collection, parsed),
    form,
    toValues: valuesOf,
    toPatch: (parsed) => {
      // A field of the form left empty is sent as null, which clears it (undefined would vanish from the JSON).
      const raw = form.getValues() as Record<string, unknown>;
      const patch: Record<string, unknown> = { ...parsed };
      for (const field of Object.keys(getCollection(collection).schema.shape)) {
        if (field in raw && patch[field] === undefined) patch[field] = null;
      }
      return patch as TPatchOf<N>;
    },
    fields: Object.keys(valuesOf(props.record)) as Path<TValues>[],
    onStale: "reload",
    onConflict: () => undefined,
  });
  const base = edit.base;

  const submit = form.handleSubmit(async (parsed) => {
    const saved = await edit.save(parsed);
    if (!saved) return;
    toast.success(`${label} saved`);
    props.onSaved(saved);
  });

  const frame: TEntryFrameProps = {
    title: base ? titles[1] : titles[0],
    stale: edit.conflict !== null,
    archived: Boolean(edit.conflict?.theirs.archivedAt),
    saving: form.formState.isSubmitting,
    unsaved: form.formState.isDirty,
    onSubmit: submit,
    onCancel: props.onCancel,
  };
  return { form, frame };
}

/** The frame of an entry form: heading, the stale-edit notice, the fields, Save and Cancel. */
export function EntryForm({
  title,
  stale,
  archived,
  saving,
  unsaved,
  onSubmit,
  onCancel,
  children,
}: TEntryFrameProps & { children: ReactNode }) {
  const headingId = `entry-form-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  const ref = useRef<HTMLFormElement>(null);
  // An opened form is where the person works next: brought into view, the first field to fill focused.
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    form.scrollIntoView({ block: "start" });
    const fields = [
      ...form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        "input:not([type=hidden]):not([type=checkbox]), select, textarea",
      ),
    ];
    (fields.find((f) => f.value === "") ?? fields[0])?.focus({ preventScroll: true });
  }, []);
  return (
    <form ref={ref} className="entry-form" aria-labelledby={headingId} onSubmit={onSubmit} noValidate>
      <h3 id={headingId}>{title}</h3>
      <UnsavedChangesGuard when={unsaved && !saving} />
      {archived ? (
        <p className="alert" role="alert">
          Someone else archived this entry while you were editing it, so your change was not saved. Cancel to close the
          form.
        </p>
      ) : (
        stale && (
          <p className="alert" role="alert">
            Someone else changed this entry while you were editing it, so your change was not saved. The form now shows
            their version; make your change again and save.
          </p>
        )
      )}
      <div className="form-grid">{children}</div>
      <p className="entry-form__actions">
        {!archived && (
          <button type="submit" className="button" disabled={saving}>
            {saving ? "Saving…" : "Save"}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </form>
  );
}

/**
 * The props of the kinds of field the entry forms repeat, for `<FormField {...fields.date("x")} />`:
 * each registered with react-hook-form and carrying its error message.
 */
export function entryFields<V extends FieldValues, T>(
  form: Pick<UseFormReturn<V, unknown, T>, "register" | "formState">,
) {
  const { register, formState } = form;
  const error = (name: Path<V>) => (formState.errors[name] as { message?: string } | undefined)?.message;
  return {
    /** An optional date: empty means absent. */
    date: (name: Path<V>) => ({
      type: "date" as const,
      error: error(name),
      ...register(name, { setValueAs: dateOrAbsent }),
    }),
    /** A number: whole (numeric keypad) or to one decimal place; empty means absent. */
    number: (name: Path<V>, decimal = false) => ({
      type: "number" as const,
      inputMode: decimal ? ("decimal" as const) : ("numeric" as const),
      ...(decimal ? { step: "0.1" } : {}),
      error: error(name),
      ...register(name, { setValueAs: numberOrAbsent }),
    }),
    /** Free text across the whole row. */
    notes: (name: Path<V>) => ({
      kind: "textarea" as const,
      className: "form-field--wide",
      error: error(name),
      ...register(name),
    }),
  };
}
