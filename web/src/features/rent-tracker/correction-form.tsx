/**
 * The resident rent page's "Credit or extra charge": the one way to correct a bill by hand. Amounts are
 * never negative — a correction downwards is a credit — and the reason is required; the backend derives
 * the balance and the audit log records who made it.
 */
import { useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import type { TChargeKind } from "@care/core/collections/rent.collection";
import { daysInMonth, formatCents, monthLabel } from "@care/core/rules/rent.rules";
import { useData } from "../../lib/ports.tsx";
import { describeError, reportError } from "../../lib/report-error.ts";
import { FormField } from "../../ui/form-field.tsx";
import { MoneyField } from "../../ui/money-field.tsx";
import { currentMonth, todayLocal } from "./rent-dates.ts";
import { parseDollars } from "../../lib/money.ts";

interface TCorrectionForm {
  kind: Exclude<TChargeKind, "rent">;
  amount: string;
  month: string;
  reason: string;
}

const KIND_WORDS: Record<TCorrectionForm["kind"], string> = { credit: "Credit", extra: "Extra charge" };

export function CorrectionForm({ residentId, facilityId }: { residentId: string; facilityId: string }) {
  const data = useData();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TCorrectionForm>({ defaultValues: { kind: "credit", amount: "", month: currentMonth(), reason: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const amount = parseDollars(values.amount);
    const reason = values.reason.trim();
    const month = values.month;
    const invalid = {
      amount: "error" in amount ? amount.error : amount.cents === 0 ? "Enter an amount above zero" : null,
      month: /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? null : "Choose the month it corrects",
      reason: reason ? null : "Give the reason for the correction",
    };
    for (const [field, message] of Object.entries(invalid))
      if (message) setError(field as keyof TCorrectionForm, { message });
    if ("error" in amount || invalid.amount || invalid.month || invalid.reason) return;
    try {
      await data.create("rentCharges", {
        residentId,
        facilityId,
        month,
        kind: values.kind,
        amountCents: amount.cents,
        periodStart: `${month}-01`,
        periodEnd: `${month}-${String(daysInMonth(month)).padStart(2, "0")}`,
        dueDate: todayLocal(),
        description: `${KIND_WORDS[values.kind]}: ${reason}`.slice(0, 200),
        reason,
      });
      toast.success(`${KIND_WORDS[values.kind]} of ${formatCents(amount.cents)} for ${monthLabel(month)} recorded`);
      reset({ kind: values.kind, amount: "", month: currentMonth(), reason: "" });
    } catch (error) {
      if (isAppError(error) && error.code === "VALIDATION" && error.fields) {
        const fields = error.fields;
        if (fields.amountCents) setError("amount", { type: "server", message: fields.amountCents });
        if (fields.month) setError("month", { type: "server", message: fields.month });
        if (fields.reason) setError("reason", { type: "server", message: fields.reason });
        if (fields.amountCents || fields.month || fields.reason) return;
      }
      setFailure(describeError(error));
      reportError(error);
    }
  });

  return (
    <form className="rent-form no-print" noValidate onSubmit={onSubmit} aria-label="Credit or extra charge">
      <p className="rent-form__hint">
        Corrects the bill with a reason (hospital days, a refund, a late fee); balances are never typed in.
      </p>
      <div className="rent-form__row">
        <FormField
          kind="select"
          label="Kind"
          required
          options={[
            { value: "credit", label: "Credit (lowers the balance)" },
            { value: "extra", label: "Extra charge" },
          ]}
          {...register("kind")}
        />
        <MoneyField label="Amount ($)" required error={errors.amount?.message} {...register("amount")} />
        <FormField type="month" label="Month" required error={errors.month?.message} {...register("month")} />
      </div>
      <FormField label="Reason" required error={errors.reason?.message} {...register("reason")} />
      {failure && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
      <p>
        <button type="submit" className="button button--secondary" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Record correction"}
        </button>
      </p>
    </form>
  );
}
