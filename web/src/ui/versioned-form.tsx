/**
 * The edit form of a record that someone else may save at the same time: the stale-save panel (when a
 * save was refused), the fields, and Save / Cancel — "Save my version" after a refusal. The record's
 * page passes its fields and says what a saved record leads to.
 */
import { useEffect, useRef, type ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import type { TVersionedEdit } from "../lib/records/use-versioned-edit.ts";
import { RecordConflictPanel } from "./conflict-panel.tsx";
import { FormActions } from "./form-actions.tsx";

export function VersionedForm<R, V extends FieldValues, O, F extends keyof V & string>({
  edit,
  form,
  noun,
  fields,
  label,
  show,
  toValues,
  cancelTo,
  onSaved,
  className,
  children,
}: {
  edit: TVersionedEdit<R, V, O>;
  form: Pick<UseFormReturn<V, unknown, O>, "handleSubmit" | "formState">;
  /** "resident": what the other person saved. */
  noun: string;
  /** The fields the stale-save panel may list (it lists those both people changed), their labels and values. */
  fields: readonly F[];
  label: (field: F) => string;
  show: (values: V, field: F) => string;
  toValues: (record: NonNullable<R>) => V;
  cancelTo: string;
  /** After a save (e.g. a toast and back to the record). */
  onSaved: (saved: NonNullable<R>) => void;
  className?: string;
  children: ReactNode;
}) {
  const { conflict } = edit;
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await edit.save(values);
    if (saved) onSaved(saved as NonNullable<R>);
  });
  return (
    <>
      {conflict && (
        <RecordConflictPanel
          noun={noun}
          savedBy={conflict.savedBy}
          theirs={toValues(conflict.theirs)}
          mine={conflict.mine}
          fields={fields.filter((field) => conflict.fields.includes(field))}
          label={label}
          show={show}
          onLoadTheirs={edit.loadTheirs}
        />
      )}
      <form className={className} noValidate onSubmit={(event) => void onSubmit(event)}>
        {children}
        <FormActions
          saving={form.formState.isSubmitting}
          unsaved={form.formState.isDirty}
          label={conflict ? "Save my version" : "Save changes"}
          cancelTo={cancelTo}
        />
      </form>
    </>
  );
}

/**
 * The same inside a dialog (a document type, a training requirement, a shift): the compact stale-save
 * panel at the top (scrolled into view when a save is refused), the fields, and the dialog's actions —
 * Cancel, Save (`saveLabel`, "Save my version" after a refusal) and any `extraActions` (Delete).
 */
export function VersionedDialogForm<R, V extends FieldValues, O, F extends keyof V & string>({
  edit,
  form,
  noun,
  fields,
  label,
  show,
  toValues,
  saveLabel,
  onSaved,
  onCancel,
  extraActions,
  className,
  children,
}: {
  edit: TVersionedEdit<R, V, O>;
  form: Pick<UseFormReturn<V, unknown, O>, "handleSubmit" | "formState">;
  noun: string;
  fields: readonly F[];
  label: (field: F) => string;
  show: (values: V, field: F) => string;
  toValues: (record: NonNullable<R>) => V;
  saveLabel: string;
  onSaved: (saved: NonNullable<R>) => void;
  onCancel: () => void;
  extraActions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { conflict } = edit;
  const saving = form.formState.isSubmitting;
  // The refusal is shown at the top of the dialog, which may be scrolled down to the Save button.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (conflict) panel.current?.scrollIntoView({ block: "start" });
  }, [conflict]);
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await edit.save(values);
    if (saved) onSaved(saved as NonNullable<R>);
  });
  return (
    <>
      {conflict && (
        <RecordConflictPanel
          ref={panel}
          compact
          noun={noun}
          savedBy={conflict.savedBy}
          theirs={toValues(conflict.theirs)}
          mine={conflict.mine}
          fields={fields.filter((field) => conflict.fields.includes(field))}
          label={label}
          show={show}
          onLoadTheirs={edit.loadTheirs}
        />
      )}
      <form className={className} noValidate onSubmit={(event) => void onSubmit(event)}>
        {children}
        <div className="dialog__actions">
          {extraActions}
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={saving}>
            {saving ? "Saving…" : conflict ? "Save my version" : saveLabel}
          </button>
        </div>
      </form>
    </>
  );
}
