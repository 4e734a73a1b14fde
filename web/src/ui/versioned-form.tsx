/**
 * The edit form of a record that someone else may save at the same time: the stale-save panel (when a
 * save was refused), the fields, and Save / Cancel — "Save my version" after a refusal. A record's page
 * uses `VersionedForm`; a dialog (a document type, a training requirement, a shift) `VersionedDialogForm`,
 * whose compact panel is scrolled into view when a save is refused. Both share one frame.
 */
import { useEffect, useRef, type ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import type { TVersionedEdit } from "../lib/records/use-versioned-edit.ts";
import { RecordConflictPanel } from "./conflict-panel.tsx";
import { FormActions } from "./form-actions.tsx";

/** What both forms take: the edit, the form, and how the stale-save panel names and shows fields. */
interface TFrameProps<R, V extends FieldValues, O, F extends keyof V & string> {
  edit: TVersionedEdit<R, V, O>;
  form: Pick<UseFormReturn<V, unknown, O>, "handleSubmit" | "formState">;
  /** "resident": what the other person saved. */
  noun: string;
  /** The fields the stale-save panel may list (it lists those both people changed), their labels and values. */
  fields: readonly F[];
  label: (field: F) => string;
  show: (values: V, field: F) => string;
  toValues: (record: NonNullable<R>) => V;
  /** After a save (e.g. a toast and back to the record). */
  onSaved: (saved: NonNullable<R>) => void;
  className?: string;
  children: ReactNode;
}

function VersionedFrame<R, V extends FieldValues, O, F extends keyof V & string>(
  props: TFrameProps<R, V, O, F> & { compact: boolean; actions: ReactNode },
) {
  const { edit, form } = props;
  const { conflict } = edit;
  const panel = useRef<HTMLElement>(null);
  // In a dialog the refusal is shown at its top, which may be scrolled away from the Save button.
  useEffect(() => {
    if (conflict && props.compact) panel.current?.scrollIntoView({ block: "start" });
  }, [conflict, props.compact]);
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await edit.save(values);
    if (saved) props.onSaved(saved as NonNullable<R>);
  });
  return (
    <>
      {conflict && (
        <RecordConflictPanel
          ref={panel}
          compact={props.compact}
          noun={props.noun}
          savedBy={conflict.savedBy}
          theirs={props.toValues(conflict.theirs)}
          mine={conflict.mine}
          fields={props.fields.filter((field) => conflict.fields.includes(field))}
          label={props.label}
          show={props.show}
          onLoadTheirs={edit.loadTheirs}
        />
      )}
      <form className={props.className} noValidate onSubmit={(event) => void onSubmit(event)}>
        {props.children}
        {props.actions}
      </form>
    </>
  );
}

export function VersionedForm<R, V extends FieldValues, O, F extends keyof V & string>(
  props: TFrameProps<R, V, O, F> & { cancelTo: string },
) {
  return (
    <VersionedFrame
      {...props}
      compact={false}
      actions={
        <FormActions
          saving={props.form.formState.isSubmitting}
          unsaved={props.form.formState.isDirty}
          label={props.edit.conflict ? "Save my version" : "Save changes"}
          cancelTo={props.cancelTo}
        />
      }
    />
  );
}

/** The same inside a dialog: Cancel, Save (`saveLabel`) and any `extraActions` (Delete). */
export function VersionedDialogForm<R, V extends FieldValues, O, F extends keyof V & string>(
  props: TFrameProps<R, V, O, F> & { saveLabel: string; onCancel: () => void; extraActions?: ReactNode },
) {
  const saving = props.form.formState.isSubmitting;
  return (
    <VersionedFrame
      {...props}
      compact
      actions={
        <div className="dialog__actions">
          {props.extraActions}
          <button type="button" className="button button--secondary" onClick={props.onCancel} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={saving}>
            {saving ? "Saving…" : props.edit.conflict ? "Save my version" : props.saveLabel}
          </button>
        </div>
      }
    />
  );
}
