/**
 * Add or change an agent's fee terms in a dialog: a percent of the first month's rent (optionally
 * prorated from the move-in day) or a flat amount, optionally capped. Amounts and the percent are typed
 * as text and parsed to integers (`agent-format.ts`); a save refused as stale keeps the form as typed and
 * shows what the other person saved.
 */
import { AppError, isAppError } from "@care/core/app-error";
import { useForm, useWatch, type FieldErrors, type Resolver, type ResolverResult } from "react-hook-form";
import toast from "react-hot-toast";
import { FEE_KINDS } from "@care/core/collections/referrals.collection";
import { FIELD_LABELS } from "@care/core/field-labels";
import type { TInputOf, TPatchOf } from "@care/core/registry";
import { feeTermsText } from "@care/core/rules/referral-fees.rules";
import { useData } from "../../lib/ports.tsx";
import { useVersionedEdit } from "../../lib/records/use-versioned-edit.ts";
import { Dialog } from "../../ui/confirm-dialog.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { MoneyField } from "../../ui/money-field.tsx";
import { VersionedDialogForm } from "../../ui/versioned-form.tsx";
import {
  FEE_KIND_LABELS,
  feeTermsInput,
  feeTermsValues,
  type TAgentRecord,
  type TFeeTermsRecord,
  type TFeeTermsValues,
} from "./agent-format.ts";

type TOutput = TInputOf<"agentFeeTerms">;
const FIELDS = ["kind", "percent", "flat", "cap", "prorateFirstMonth", "notes"] as const;
/** The form's fields are typed text for the record's integers: each named as the record's field. */
const TERMS = FIELD_LABELS.agentFeeTerms;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  kind: TERMS.kind,
  percent: TERMS.percentBasisPoints,
  flat: TERMS.flatCents,
  cap: TERMS.capCents,
  prorateFirstMonth: TERMS.prorateFirstMonth,
  notes: TERMS.notes,
};

/** The typed terms as the record, or each field's message; a kind is required here. */
function resolverFor(agentId: string): Resolver<TFeeTermsValues, unknown, TOutput> {
  const refused = (
    errors: Partial<Record<keyof TFeeTermsValues, string>>,
  ): ResolverResult<TFeeTermsValues, TOutput> => ({
    values: {},
    errors: Object.fromEntries(
      Object.entries(errors).map(([field, message]) => [field, { type: "validate", message }]),
    ) as FieldErrors<TFeeTermsValues>,
  });
  return (values) => {
    if (values.kind === "") return refused({ kind: "Choose how the fee is worked out" });
    const result = feeTermsInput(values, agentId);
    if ("errors" in result) return refused(result.errors);
    return { values: result.input!, errors: {} };
  };
}

/** A field's value in the stale-save panel, as the form shows it. */
function showValue(values: TFeeTermsValues, field: (typeof FIELDS)[number]): string {
  const value = values[field];
  if (value === "" || value === false) return "—";
  if (field === "kind") return values.kind ? FEE_KIND_LABELS[values.kind] : "—";
  if (field === "flat" || field === "cap") return `$${String(value)}`;
  if (field === "percent") return `${String(value)}%`;
  if (field === "prorateFirstMonth") return "Yes";
  return String(value);
}

function toPatch(input: TOutput): TPatchOf<"agentFeeTerms"> {
  return {
    kind: input.kind,
    percentBasisPoints: input.percentBasisPoints ?? null,
    flatCents: input.flatCents ?? null,
    capCents: input.capCents ?? null,
    prorateFirstMonth: input.prorateFirstMonth ?? false,
    notes: input.notes ?? null,
  };
}

export function FeeTermsDialog(props: {
  agent: TAgentRecord;
  terms: TFeeTermsRecord | undefined;
  onClose: () => void;
}) {
  const { agent, terms, onClose } = props;
  const data = useData();
  const form = useForm<TFeeTermsValues, unknown, TOutput>({
    resolver: resolverFor(agent.id),
    defaultValues: feeTermsValues(terms),
    mode: "onTouched",
  });
  const edit = useVersionedEdit({
    collection: "agentFeeTerms",
    initial: terms,
    create: async (input: TOutput) => {
      try {
        return await data.create("agentFeeTerms", input, { id: agent.id });
      } catch (error) {
        // Someone added this agent's terms meanwhile: shown as a stale save, with theirs.
        if (!isAppError(error) || error.code !== "CONFLICT") throw error;
        const current = await data.get("agentFeeTerms", agent.id);
        throw new AppError("CONFLICT", "Someone added fee terms meanwhile.", {
          current,
          ...(current.createdBy ? { savedBy: current.createdBy } : {}),
        });
      }
    },
    // The kind, percent, amount and cap only make sense together: never merged with another's save.
    onStale: "refuse",
    form,
    toValues: feeTermsValues,
    toPatch,
    fields: FIELDS,
    onConflict: () => undefined,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const kind = useWatch({ control: form.control, name: "kind" });
  return (
    <Dialog open title={`Fee terms of ${agent.name}`} onClose={onClose}>
      <VersionedDialogForm
        edit={edit}
        form={form}
        noun="agent's fee terms"
        fields={FIELDS}
        label={(field) => LABELS[field]}
        show={showValue}
        toValues={feeTermsValues}
        saveLabel={terms ? "Save fee terms" : "Add fee terms"}
        onSaved={(saved) => {
          toast.success(`${agent.name}: ${feeTermsText(saved)}.`);
          onClose();
        }}
        onCancel={onClose}
        className="agent-form"
      >
        <FormField
          kind="select"
          label={LABELS.kind}
          required
          placeholder="Choose…"
          options={FEE_KINDS.map((k) => ({ value: k, label: FEE_KIND_LABELS[k] }))}
          error={errors.kind?.message}
          {...register("kind")}
        />
        {kind === "percent_first_month" && (
          <>
            <FormField
              label={LABELS.percent}
              required
              inputMode="decimal"
              autoComplete="off"
              hint="For example 50 or 87.5."
              error={errors.percent?.message}
              {...register("percent")}
            />
            <FormField kind="checkbox" label={LABELS.prorateFirstMonth} {...register("prorateFirstMonth")} />
          </>
        )}
        {kind === "flat" && (
          <MoneyField label={LABELS.flat} required error={errors.flat?.message} {...register("flat")} />
        )}
        {kind === "percent_first_month" && (
          <MoneyField
            label={LABELS.cap}
            hint="Leave empty for no cap."
            error={errors.cap?.message}
            {...register("cap")}
          />
        )}
        <FormField kind="textarea" label={LABELS.notes} rows={2} error={errors.notes?.message} {...register("notes")} />
      </VersionedDialogForm>
    </Dialog>
  );
}
