/**
 * Add or edit one document type in a dialog, validated with the shared ZDocumentType schema. Saving an
 * edit also clears "review for your home" (an administrator has now looked at it). A save refused as
 * stale keeps the form as typed, lists what the other person saved, and saves against their version.
 * While typing, a name or form code close to an existing type's is warned about (a likely duplicate);
 * the warning does not stop the save, since two forms can have similar names.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm, useWatch } from "react-hook-form";
import toast from "react-hot-toast";
import type { z } from "zod";
import {
  ZDocumentType,
  isHomeSubject,
  typeExpires,
  type TDocumentSubject,
} from "@care/core/collections/documents.collection";
import { FIELD_LABELS } from "@care/core/field-labels";
import type { TPatchOf, TRecordOf } from "@care/core/registry";
import { useData } from "../../lib/ports.tsx";
import { useVersionedEdit } from "../../lib/records/use-versioned-edit.ts";
import { Dialog } from "../../ui/confirm-dialog.tsx";
import { VersionedDialogForm } from "../../ui/versioned-form.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { formMessage, optionalNumber } from "../../ui/form-messages.ts";
import { appliesToLabel, leadTimeLabel, similarTypes, validityLabel } from "./doc-type-rules.ts";

export type TDocTypeRecord = TRecordOf<"documentTypes">;
type TValues = z.input<typeof ZDocumentType>;
type TOutput = z.output<typeof ZDocumentType>;

const FIELDS = [
  "name",
  "formCode",
  "description",
  "required",
  "expires",
  "validityMonths",
  "leadTimeDays",
  "facilityIds",
  "reappraisal",
  "nightDuty",
] as const;
type TField = (typeof FIELDS)[number];

function valuesOf(record: TDocTypeRecord): TValues {
  return {
    subject: record.subject,
    name: record.name,
    formCode: record.formCode ?? "",
    description: record.description ?? "",
    required: record.required,
    expires: typeExpires(record),
    validityMonths: record.validityMonths,
    leadTimeDays: record.leadTimeDays,
    facilityIds: [...record.facilityIds],
    sortOrder: record.sortOrder,
    needsReview: record.needsReview,
    reappraisal: record.reappraisal,
    nightDuty: record.nightDuty,
  };
}

export interface TDocTypeDialogProps {
  subject: TDocumentSubject;
  /** The type being edited; absent to add one. */
  editing: TDocTypeRecord | undefined;
  /** Sort order of a new type (after the last one). */
  newSortOrder: number;
  facilities: readonly { id: string; name: string; active: boolean }[];
  /** The subject's other types (retired ones too when loaded), for the duplicate warning. */
  existing: readonly TDocTypeRecord[];
  onClose: () => void;
  onSaved: (saved: TDocTypeRecord) => void;
}

/** The change an edit sends; saving an edit also marks the type reviewed. */
function editPatch(values: TOutput): TPatchOf<"documentTypes"> {
  return {
    name: values.name,
    formCode: values.formCode ?? null,
    description: values.description ?? null,
    required: values.required,
    expires: values.expires ?? false,
    validityMonths: values.validityMonths ?? null,
    leadTimeDays: values.leadTimeDays,
    facilityIds: values.facilityIds,
    reappraisal: values.reappraisal,
    nightDuty: values.nightDuty,
    needsReview: false,
  };
}

export function DocTypeDialog({
  subject,
  editing,
  newSortOrder,
  facilities,
  existing,
  onClose,
  onSaved,
}: TDocTypeDialogProps) {
  const data = useData();
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(ZDocumentType),
    defaultValues: editing
      ? valuesOf(editing)
      : {
          subject,
          name: "",
          formCode: "",
          description: "",
          required: true,
          expires: false,
          validityMonths: undefined,
          leadTimeDays: 30,
          facilityIds: [],
          sortOrder: newSortOrder,
          needsReview: false,
          reappraisal: false,
          nightDuty: false,
        },
    mode: "onTouched",
  });
  const edit = useVersionedEdit({
    collection: "documentTypes",
    initial: editing,
    create: (values: TOutput) => data.create("documentTypes", { ...values, needsReview: false }),
    form,
    toValues: valuesOf,
    toPatch: editPatch,
    fields: FIELDS,
    onConflict: () => undefined,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const [name = "", formCode = ""] = useWatch({ control: form.control, name: ["name", "formCode"] });
  const similar = similarTypes({ name, formCode }, existing, editing?.id);
  const nameOf = (id: string) => facilities.find((f) => f.id === id)?.name ?? id;
  // Inactive homes are offered only when the type already names them, so they can be unticked.
  const choices = facilities.filter((f) => f.active || form.getValues("facilityIds")?.includes(f.id));

  const show = (values: TValues, field: TField): string => {
    const v = values[field];
    switch (field) {
      case "required":
        return v ? "Required" : "Optional";
      case "reappraisal":
      case "nightDuty":
      case "expires":
        return v ? "Yes" : "No";
      case "validityMonths":
        return validityLabel(typeof v === "number" && !Number.isNaN(v) ? v : undefined);
      case "leadTimeDays":
        return typeof v === "number" && !Number.isNaN(v) ? leadTimeLabel(v) : "—";
      case "facilityIds":
        return appliesToLabel((v as string[] | undefined) ?? [], nameOf);
      default:
        return v === undefined || v === "" ? "—" : String(v);
    }
  };

  const title = editing ? `Edit ${editing.name}` : "Add a document type";
  return (
    <Dialog open title={title} onClose={onClose}>
      <VersionedDialogForm
        edit={edit}
        form={form}
        noun="document type"
        fields={FIELDS}
        label={(field) => FIELD_LABELS.documentTypes[field]}
        show={show}
        toValues={valuesOf}
        saveLabel={editing ? "Save changes" : "Add type"}
        onSaved={(saved) => {
          toast.success(`${saved.name} was ${editing ? "saved" : "added"}.`);
          onSaved(saved);
        }}
        onCancel={onClose}
        className="doc-type-form"
      >
        <FormField label="Name" required autoComplete="off" error={formMessage(errors.name)} {...register("name")} />
        <FormField
          label="Form code"
          placeholder="e.g. LIC 602A"
          autoComplete="off"
          error={formMessage(errors.formCode)}
          {...register("formCode")}
        />
        {similar.length > 0 && (
          <div className="form-warning" role="status">
            <p>
              {similar.length === 1 ? "A similar document type exists" : "Similar document types exist"}: check this is
              not a duplicate.
            </p>
            <ul>
              {similar.map((t) => (
                <li key={t.id}>
                  {t.formCode ? `${t.formCode} ` : ""}
                  {t.name} (same or close {t.by}
                  {t.retired ? "; retired" : ""})
                </li>
              ))}
            </ul>
          </div>
        )}
        <FormField
          kind="textarea"
          label="Description"
          rows={2}
          error={formMessage(errors.description)}
          {...register("description")}
        />
        <FormField
          kind="checkbox"
          label="Required (counts for compliance)"
          error={formMessage(errors.required)}
          {...register("required")}
        />
        <FormField
          kind="checkbox"
          label="Expires (an upload needs the expiry date printed on the document)"
          error={formMessage(errors.expires)}
          {...register("expires")}
        />
        <div className="doc-type-form__pair">
          <FormField
            label="Valid for (months)"
            type="number"
            inputMode="numeric"
            hint="A usual period fills in the expiry date from the issue date; it also makes the type expire."
            error={formMessage(errors.validityMonths)}
            {...register("validityMonths", optionalNumber)}
          />
          <FormField
            label="Remind (days ahead)"
            hint="Days before expiry that reminders start."
            type="number"
            inputMode="numeric"
            required
            error={formMessage(errors.leadTimeDays)}
            {...register("leadTimeDays", optionalNumber)}
          />
        </div>
        {isHomeSubject(subject) && (
          <Controller
            control={form.control}
            name="facilityIds"
            render={({ field }) => {
              const chosen = field.value ?? [];
              return (
                <fieldset className="doc-type-form__facilities">
                  <legend>Applies to</legend>
                  <p className="form-field__hint">Tick none for every facility.</p>
                  {choices.map((f) => (
                    <label key={f.id} className="form-field__check">
                      <input
                        type="checkbox"
                        checked={chosen.includes(f.id)}
                        onChange={(event) =>
                          field.onChange(event.target.checked ? [...chosen, f.id] : chosen.filter((id) => id !== f.id))
                        }
                        onBlur={field.onBlur}
                      />
                      {f.name}
                      {!f.active && " (inactive)"}
                    </label>
                  ))}
                  {errors.facilityIds?.message && (
                    <p className="form-field__error" role="alert">
                      {errors.facilityIds.message}
                    </p>
                  )}
                </fieldset>
              );
            }}
          />
        )}
        {subject === "resident" && (
          <FormField
            kind="checkbox"
            label="Expiry means a reappraisal is due"
            hint="Reminders then say the resident is due a reappraisal."
            error={formMessage(errors.reappraisal)}
            {...register("reappraisal")}
          />
        )}
        {subject === "staff" && (
          <FormField
            kind="checkbox"
            label="Needed for night duty"
            hint="The schedule warns when someone on a night shift has no current one (first aid, TB screening)."
            error={formMessage(errors.nightDuty)}
            {...register("nightDuty")}
          />
        )}
        {editing?.needsReview && <p className="form-field__hint">Saving marks this type as reviewed for your home.</p>}
      </VersionedDialogForm>
    </Dialog>
  );
}
