/**
 * Shown when a save was refused because someone else saved the record first: which fields differ between
 * their saved version and the user's form, side by side, and the two ways on. `RecordConflictPanel`
 * builds the rows from a collection's field labels and the feature's way of showing a value.
 */
import { useId, type ReactNode, type Ref } from "react";
import { differingFields } from "../lib/records/field-values.ts";
import { SAVED_BY_YOU } from "../lib/records/use-versioned-edit.ts";
import "./conflict-panel.css";

export interface TConflictRow {
  label: string;
  /** The value in the version the other person saved, formatted for display. */
  theirs: string;
  /** The value in the user's form, formatted for display. */
  mine: string;
}

export function ConflictPanel({
  title,
  rows,
  children,
  compact = false,
  byYou = false,
  ref,
}: {
  title: string;
  /** The newer version was saved by the same user, in another window or tab: no "they" in the words. */
  byYou?: boolean;
  /** Only the fields that differ; none means their version matches the form. */
  rows: readonly TConflictRow[];
  /** The action buttons under the guidance (the form's own "Save my version" button keeps the user's edits). */
  children: ReactNode;
  /** Inside a dialog: a level-3 heading and a tighter layout instead of a card. */
  compact?: boolean;
  ref?: Ref<HTMLElement>;
}) {
  const titleId = useId();
  const Heading = compact ? "h3" : "h2";
  return (
    <section
      ref={ref}
      className={compact ? "conflict conflict--compact" : "conflict card"}
      role="alert"
      aria-labelledby={titleId}
    >
      <Heading id={titleId}>{title}</Heading>
      <p>
        Nothing was overwritten. Your edits are still in the form below, with the other changes{" "}
        {byYou ? "saved in the other window" : "they saved"}.
        {rows.length > 0
          ? byYou
            ? " Both changed these fields:"
            : " You both changed these fields:"
          : byYou
            ? " The saved version matches this form."
            : " Their saved version matches your form."}
      </p>
      {rows.length > 0 && (
        <div className="conflict__scroll">
          <table className="conflict__table">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">{byYou ? "Saved elsewhere" : "Saved by them"}</th>
                <th scope="col">{byYou ? "This form" : "Your form"}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.theirs}</td>
                  <td>{row.mine}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        Choose <strong>Save my version</strong> to keep this form's values for these fields (replacing{" "}
        {byYou ? "the saved ones" : "theirs"}), or load {byYou ? "the saved" : "their"} version and make your changes
        again.
      </p>
      {children}
    </section>
  );
}

/**
 * The conflict panel of a record's form: the fields (of `fields`: those both people changed) that differ
 * between their version and the user's form, named by `label` and shown by `show`, with a "Load their
 * version" button.
 */
export function RecordConflictPanel<V extends object, F extends keyof V & string>({
  noun,
  savedBy,
  theirs,
  mine,
  fields,
  label,
  show,
  onLoadTheirs,
  compact = false,
  ref,
}: {
  /** "resident", "staff member": what was saved by someone else. */
  noun: string;
  /** Who saved it, when known ("Maria Delgado"). */
  savedBy?: string | undefined;
  theirs: V;
  mine: V;
  fields: readonly F[];
  label: (field: F) => string;
  /** A field's value as text ("—" for nothing). */
  show: (values: V, field: F) => string;
  onLoadTheirs: () => void;
  compact?: boolean;
  ref?: Ref<HTMLElement>;
}) {
  const byYou = savedBy === SAVED_BY_YOU;
  return (
    <ConflictPanel
      title={`${savedBy ?? "Someone else"} saved this ${noun} after you opened it`}
      compact={compact}
      byYou={byYou}
      rows={differingFields(theirs, mine, fields).map((field) => ({
        label: label(field),
        theirs: show(theirs, field),
        mine: show(mine, field),
      }))}
      {...(ref ? { ref } : {})}
    >
      <button type="button" className="button button--secondary" onClick={onLoadTheirs}>
        {byYou ? "Load the saved version" : "Load their version"}
      </button>
    </ConflictPanel>
  );
}
