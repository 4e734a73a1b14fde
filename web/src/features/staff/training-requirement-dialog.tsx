/**
 * Add or edit one training requirement in a dialog, validated with the shared ZTrainingRequirement
 * schema: the positions it applies to, its period, hours, the categories that count, its parts (a floor
 * such as "at least 8 hours of dementia care", a cap such as "at most 20 hours online") and the reminder's
 * lead time. Saving an edit marks it reviewed. A save refused as stale keeps the form as typed and shows
 * what the other person saved.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useFieldArray, useForm, useWatch, type Control } from "react-hook-form";
import toast from "react-hot-toast";
import type { z } from "zod";
import { STAFF_POSITIONS } from "@care/core/collections/staff.collection";
import {
  TRAINING_CATEGORIES,
  TRAINING_PERIODS,
  YEAR_BASES,
  ZTrainingRequirement,
  type TTrainingCategory,
} from "@care/core/collections/training.collection";
import { FIELD_LABELS } from "@care/core/field-labels";
import type { TPatchOf, TRecordOf } from "@care/core/registry";
import { useData } from "../../lib/ports.tsx";
import { useVersionedEdit } from "../../lib/records/use-versioned-edit.ts";
import { Dialog } from "../../ui/confirm-dialog.tsx";
import { VersionedDialogForm } from "../../ui/versioned-form.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { formMessage, optionalNumber } from "../../ui/form-messages.ts";
import { POSITION_LABELS } from "@care/core/collections/staff.collection";
import { CATEGORY_LABELS, PERIOD_LABELS, partsSummary, YEAR_BASIS_LABELS } from "./training-format.ts";

export type TRequirementRecord = TRecordOf<"trainingRequirements">;
type TValues = z.input<typeof ZTrainingRequirement>;
type TOutput = z.output<typeof ZTrainingRequirement>;

const FIELDS = [
  "name",
  "description",
  "positions",
  "period",
  "withinDays",
  "yearBasis",
  "hours",
  "categories",
  "parts",
  "leadTimeDays",
] as const;
type TField = (typeof FIELDS)[number];

function valuesOf(r: TRequirementRecord): TValues {
  return {
    name: r.name,
    description: r.description ?? "",
    positions: [...r.positions],
    period: r.period,
    withinDays: r.withinDays,
    yearBasis: r.yearBasis,
    hours: r.hours,
    categories: [...r.categories],
    parts: r.parts.map((p) => ({ ...p, categories: [...p.categories] })),
    leadTimeDays: r.leadTimeDays,
    sortOrder: r.sortOrder,
    needsReview: r.needsReview,
  };
}

function editPatch(v: TOutput): TPatchOf<"trainingRequirements"> {
  return {
    name: v.name,
    description: v.description ?? null,
    positions: v.positions,
    period: v.period,
    withinDays: v.withinDays ?? null,
    yearBasis: v.yearBasis,
    hours: v.hours,
    categories: v.categories,
    parts: v.parts,
    leadTimeDays: v.leadTimeDays,
    needsReview: false,
  };
}

/** Ticks for a list of values (positions, categories), as one controlled field. */
function Ticks<T extends string>(props: {
  legend: string;
  hint?: string;
  values: readonly T[];
  labels: Readonly<Record<T, string>>;
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="training-form__ticks">
      <legend>{props.legend}</legend>
      {props.hint && <p className="form-field__hint">{props.hint}</p>}
      {props.values.map((value) => (
        <label key={value} className="form-field__check">
          <input
            type="checkbox"
            checked={props.chosen.includes(value)}
            onChange={(event) =>
              props.onChange(event.target.checked ? [...props.chosen, value] : props.chosen.filter((v) => v !== value))
            }
          />
          {props.labels[value]}
        </label>
      ))}
      {props.error && (
        <p className="form-field__error" role="alert">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

export interface TRequirementDialogProps {
  editing: TRequirementRecord | undefined;
  newSortOrder: number;
  onClose: () => void;
}

export function TrainingRequirementDialog({ editing, newSortOrder, onClose }: TRequirementDialogProps) {
  const data = useData();
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(ZTrainingRequirement),
    defaultValues: editing
      ? valuesOf(editing)
      : {
          name: "",
          description: "",
          positions: [],
          period: "yearly",
          yearBasis: "calendar",
          hours: undefined as unknown as number,
          categories: [],
          parts: [],
          leadTimeDays: 60,
          sortOrder: newSortOrder,
          needsReview: false,
        },
    mode: "onTouched",
  });
  const edit = useVersionedEdit({
    collection: "trainingRequirements",
    initial: editing,
    create: (values: TOutput) => data.create("trainingRequirements", { ...values, needsReview: false }),
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
  const period = useWatch({ control: form.control, name: "period" });
  const parts = useFieldArray({ control: form.control, name: "parts" });

  const show = (values: TValues, field: TField): string => {
    const v = values[field];
    switch (field) {
      case "positions":
        return (v as string[]).length === 0
          ? "Every position"
          : (v as (keyof typeof POSITION_LABELS)[]).map((p) => POSITION_LABELS[p]).join(", ");
      case "categories":
        return (v as TTrainingCategory[]).map((c) => CATEGORY_LABELS[c]).join(", ");
      case "parts":
        return partsSummary(ZTrainingRequirement.shape.parts.parse(v)) || "—";
      case "period":
        return PERIOD_LABELS[v as keyof typeof PERIOD_LABELS];
      case "yearBasis":
        return YEAR_BASIS_LABELS[v as keyof typeof YEAR_BASIS_LABELS];
      default:
        return v === undefined || v === "" ? "—" : String(v);
    }
  };

  return (
    <Dialog open title={editing ? `Edit ${editing.name}` : "Add a training requirement"} onClose={onClose}>
      <VersionedDialogForm
        edit={edit}
        form={form}
        noun="training requirement"
        fields={FIELDS}
        label={(field) => FIELD_LABELS.trainingRequirements[field]}
        show={show}
        toValues={valuesOf}
        saveLabel={editing ? "Save changes" : "Add requirement"}
        onSaved={(saved) => {
          toast.success(`${saved.name} was ${editing ? "saved" : "added"}.`);
          onClose();
        }}
        onCancel={onClose}
        className="training-form"
      >
        <FormField label="Name" required autoComplete="off" error={formMessage(errors.name)} {...register("name")} />
        <FormField
          kind="textarea"
          label="Description"
          rows={2}
          error={formMessage(errors.description)}
          {...register("description")}
        />
        <Controller
          control={form.control}
          name="positions"
          render={({ field }) => (
            <Ticks
              legend="Applies to"
              hint="Tick none for every position."
              values={STAFF_POSITIONS}
              labels={POSITION_LABELS}
              chosen={field.value ?? []}
              onChange={field.onChange}
              error={errors.positions?.message}
            />
          )}
        />
        <FormField
          label="Period"
          kind="select"
          required
          options={TRAINING_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }))}
          error={formMessage(errors.period)}
          {...register("period")}
        />
        {period === "initial" && (
          <FormField
            label="Within days of hire"
            type="number"
            inputMode="numeric"
            required
            error={formMessage(errors.withinDays)}
            {...register("withinDays", optionalNumber)}
          />
        )}
        {(period === "yearly" || period === "two_years") && (
          <FormField
            label="Years counted from"
            kind="select"
            options={YEAR_BASES.map((value) => ({ value, label: YEAR_BASIS_LABELS[value] }))}
            error={formMessage(errors.yearBasis)}
            {...register("yearBasis")}
          />
        )}
        <div className="training-form__pair">
          <FormField
            label="Hours"
            type="number"
            inputMode="decimal"
            step="0.25"
            required
            error={formMessage(errors.hours, "Enter hours")}
            {...register("hours", optionalNumber)}
          />
          <FormField
            label="Remind (days before it is due)"
            type="number"
            inputMode="numeric"
            required
            error={formMessage(errors.leadTimeDays)}
            {...register("leadTimeDays", optionalNumber)}
          />
        </div>
        <Controller
          control={form.control}
          name="categories"
          render={({ field }) => (
            <Ticks
              legend="Training that counts"
              values={TRAINING_CATEGORIES}
              labels={CATEGORY_LABELS}
              chosen={field.value ?? []}
              onChange={field.onChange}
              error={errors.categories?.message}
            />
          )}
        />
        <fieldset className="training-form__parts">
          <legend>Parts with their own floor or cap</legend>
          {parts.fields.map((part, index) => (
            <PartFields key={part.id} index={index} control={form.control} onRemove={() => parts.remove(index)} />
          ))}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => parts.append({ label: "", categories: [], onlineOnly: false, minHours: undefined })}
          >
            Add a part
          </button>
        </fieldset>
        {editing?.needsReview && <p className="form-field__hint">Saving marks this requirement as reviewed.</p>}
      </VersionedDialogForm>
    </Dialog>
  );
}

/** One part of the requirement: label, the categories it counts, online only, at least / at most. */
function PartFields({
  index,
  control,
  onRemove,
}: {
  index: number;
  control: Control<TValues, unknown, TOutput>;
  onRemove: () => void;
}) {
  return (
    <div className="training-form__part">
      <Controller
        control={control}
        name={`parts.${index}.label`}
        render={({ field, fieldState }) => (
          <FormField label="Part" required {...field} value={field.value ?? ""} error={fieldState.error?.message} />
        )}
      />
      <Controller
        control={control}
        name={`parts.${index}.categories`}
        render={({ field }) => (
          <Ticks
            legend="Counts"
            hint="None: the requirement's own."
            values={TRAINING_CATEGORIES}
            labels={CATEGORY_LABELS}
            chosen={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={control}
        name={`parts.${index}.onlineOnly`}
        render={({ field }) => (
          <label className="form-field__check">
            <input type="checkbox" checked={field.value ?? false} onChange={(e) => field.onChange(e.target.checked)} />
            Online training only
          </label>
        )}
      />
      <div className="training-form__pair">
        {(["minHours", "maxHours"] as const).map((bound) => (
          <Controller
            key={bound}
            control={control}
            name={`parts.${index}.${bound}`}
            render={({ field, fieldState }) => (
              <FormField
                label={bound === "minHours" ? "At least (hours)" : "At most (hours)"}
                name={field.name}
                type="number"
                inputMode="decimal"
                step="0.25"
                value={field.value === undefined ? "" : String(field.value)}
                onChange={(e) => {
                  const raw = (e.target as HTMLInputElement).value;
                  field.onChange(raw === "" ? undefined : Number(raw));
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
      </div>
      <button type="button" className="button button--secondary" onClick={onRemove}>
        Remove this part
      </button>
    </div>
  );
}
