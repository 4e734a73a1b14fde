/**
 * An entry form declared rather than written: its fields (each edited as text, a date, a number, a
 * choice…) labelled from the collection's field labels, inside the shared frame of `useEntryForm`.
 * The medical entries and a staff member's training are declared this way.
 */
import type { ComponentType } from "react";
import type { FieldValues, Path } from "react-hook-form";
import type { z } from "zod";
import { FIELD_LABELS } from "@care/core/field-labels";
import type { TAuthState } from "@care/core/ports/auth.port";
import type { TCollectionName, TRecordOf } from "@care/core/registry";
import { useSession } from "../../lib/ports.tsx";
import { DateTimeField } from "../date-time-field.tsx";
import { FormField } from "../form-field.tsx";
import { humanize } from "../plain-value.ts";
import { EntryForm, entryFields, useEntryForm, type TEntryFormProps } from "./use-entry-form.tsx";

/** One field of an entry form: how it is edited, and what its label says beyond the collection's. */
type TFieldSpec = {
  name: string;
  required?: boolean;
  hint?: string;
} & (
  | { kind: "text" | "date" | "datetime" | "whole" | "decimal" | "check" | "notes" }
  | { kind: "textarea"; rows?: number }
  | { kind: "select"; values: readonly string[]; labels?: Readonly<Record<string, string>> }
  | { kind: "quarters" }
);

export interface TEntrySpec<N extends TCollectionName> {
  collection: N;
  /** "Vitals entry", for the toast. */
  label: string;
  titles: readonly [add: string, edit: string];
  schema: z.ZodType;
  fields: readonly TFieldSpec[];
  /** The form's values for an entry (null: a new one), given who is signed in. */
  toValues: (record: TRecordOf<N> | null, session: TAuthState) => FieldValues;
}

/** The form component of a declared kind of entry. */
export function entryForm<N extends TCollectionName>(spec: TEntrySpec<N>): ComponentType<TEntryFormProps<N>> {
  const labels = FIELD_LABELS[spec.collection] as Readonly<Record<string, string>>;
  return function EntryFormOf(props: TEntryFormProps<N>) {
    const session = useSession();
    const { form, frame } = useEntryForm({ ...spec, props, toValues: (r) => spec.toValues(r, session) });
    const { register, formState } = form;
    const fields = entryFields(form);
    return (
      <EntryForm {...frame}>
        {spec.fields.map((field) => {
          const name = field.name as Path<FieldValues>;
          const common = {
            label: labels[field.name] ?? field.name,
            required: field.required,
            hint: field.hint,
          };
          const error = (formState.errors[field.name] as { message?: string } | undefined)?.message;
          switch (field.kind) {
            case "datetime":
              return <DateTimeField key={field.name} {...common} error={error} {...register(name)} />;
            case "date":
              return <FormField key={field.name} {...common} {...fields.date(name)} />;
            case "whole":
            case "decimal":
              return <FormField key={field.name} {...common} {...fields.number(name, field.kind === "decimal")} />;
            case "quarters":
              return <FormField key={field.name} {...common} {...fields.number(name, true)} step="0.25" />;
            case "notes":
              return <FormField key={field.name} {...common} {...fields.notes(name)} />;
            case "check":
              return <FormField key={field.name} {...common} kind="checkbox" error={error} {...register(name)} />;
            case "select":
              return (
                <FormField
                  key={field.name}
                  {...common}
                  kind="select"
                  options={field.values.map((value) => ({ value, label: field.labels?.[value] ?? humanize(value) }))}
                  error={error}
                  {...register(name)}
                />
              );
            case "textarea":
              return (
                <FormField
                  key={field.name}
                  {...common}
                  kind="textarea"
                  rows={field.rows}
                  className="form-field--wide"
                  error={error}
                  {...register(name)}
                />
              );
            default:
              return <FormField key={field.name} {...common} error={error} {...register(name)} />;
          }
        })}
      </EntryForm>
    );
  };
}
