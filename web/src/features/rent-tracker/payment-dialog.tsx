/**
 * The "Record a payment" dialog (and "Record a refund", money paid back, with its reason): resident,
 * date, amount in dollars (parsed to cents without floating point), method, reference and payer.
 * Validated with the payments schema before it is sent. A payment far above what the resident owes
 * (`largePaymentCents`: the balance and two months' rate) is recorded only after a second, explicit
 * confirmation saying the amount and what is owed.
 */
import { useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import { PAYMENT_METHODS, ZPayment } from "@care/core/collections/rent.collection";
import { formatCents } from "@care/core/rules/rent.rules";
import { LargePaymentCheck, largePaymentQuestion, type TLargePayment } from "./large-payment-check.tsx";
import { useData } from "../../lib/ports.tsx";
import { describeError, reportError } from "../../lib/report-error.ts";
import { Dialog } from "../../ui/confirm-dialog.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { MoneyField } from "../../ui/money-field.tsx";
import { recordPayment } from "./rent-data.ts";
import { todayLocal } from "./rent-dates.ts";
import { parseDollars } from "../../lib/money.ts";

export const METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  check: "Check",
  cash: "Cash",
  ach: "ACH / bank transfer",
  card: "Card",
  other: "Other",
};

export interface TPayableResident {
  id: string;
  facilityId: string;
  name: string;
}

interface TPaymentForm {
  residentId: string;
  receivedOn: string;
  amount: string;
  method: string;
  reference: string;
  payer: string;
  notes: string;
  reason: string;
}

const FIELDS = ["residentId", "receivedOn", "amount", "method", "reference", "payer", "notes", "reason"] as const;

/** The form field a schema or server error path belongs to (amounts are typed in dollars). */
function fieldOf(path: string): (typeof FIELDS)[number] | null {
  const field = path === "amountCents" ? "amount" : path;
  return (FIELDS as readonly string[]).includes(field) ? (field as (typeof FIELDS)[number]) : null;
}

export function PaymentDialog({
  open,
  residents,
  residentId,
  refund = false,
  onClose,
}: {
  open: boolean;
  residents: readonly TPayableResident[];
  /** The resident to record for; the dialog then offers no choice of resident. */
  residentId?: string | undefined;
  /** Record money paid back to the payer instead of a payment. */
  refund?: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} title={refund ? "Record a refund" : "Record a payment"} onClose={onClose}>
      <PaymentForm residents={residents} residentId={residentId} refund={refund} onClose={onClose} />
    </Dialog>
  );
}

function PaymentForm({
  residents,
  residentId,
  refund,
  onClose,
}: {
  residents: readonly TPayableResident[];
  residentId?: string | undefined;
  refund: boolean;
  onClose: () => void;
}) {
  const data = useData();
  const [failure, setFailure] = useState<string | null>(null);
  // A large payment waiting for its confirmation: the amount and what the resident owes.
  const [large, setLarge] = useState<TLargePayment | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TPaymentForm>({
    defaultValues: {
      residentId: residentId ?? "",
      receivedOn: todayLocal(),
      amount: "",
      method: "check",
      reference: "",
      payer: "",
      notes: "",
      reason: "",
    },
  });
  const fixed = residentId ? residents.find((r) => r.id === residentId) : undefined;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const resident = residents.find((r) => r.id === values.residentId);
    if (!resident) {
      setError("residentId", { message: "Choose the resident" });
      return;
    }
    const amount = parseDollars(values.amount);
    const parsed = ZPayment.safeParse({
      residentId: resident.id,
      facilityId: resident.facilityId,
      receivedOn: values.receivedOn,
      amountCents: "cents" in amount ? amount.cents : 0,
      method: values.method,
      reference: values.reference,
      payer: values.payer,
      notes: values.notes,
      ...(refund ? { kind: "refund", reason: values.reason } : {}),
    });
    if ("error" in amount) setError("amount", { message: amount.error });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.map(String).join("."));
        if (field && !(field === "amount" && "error" in amount)) setError(field, { message: issue.message });
      }
    }
    if (!parsed.success || "error" in amount) return;
    try {
      if (!refund && large?.amountCents !== parsed.data.amountCents) {
        const question = await largePaymentQuestion(data, resident.id, parsed.data.amountCents);
        setLarge(question);
        if (question) return;
      }
      await recordPayment(data, parsed.data);
      const what = refund ? "Refund" : "Payment";
      toast.success(`${what} of ${formatCents(parsed.data.amountCents)} recorded for ${resident.name}`);
      onClose();
    } catch (error) {
      if (isAppError(error) && error.code === "VALIDATION" && error.fields) {
        let shown = false;
        for (const [path, message] of Object.entries(error.fields)) {
          const field = fieldOf(path);
          if (field) {
            setError(field, { type: "server", message });
            shown = true;
          }
        }
        if (shown) return;
      }
      setFailure(describeError(error));
      reportError(error);
    }
  });

  return (
    <form className="rent-form" noValidate onSubmit={onSubmit}>
      {fixed ? (
        <p className="rent-form__resident">
          <span className="rent-form__label">Resident</span> {fixed.name}
        </p>
      ) : (
        <FormField
          kind="select"
          label="Resident"
          required
          placeholder={residents.length === 0 ? "No residents in this facility" : "Choose a resident"}
          options={residents.map((r) => ({ value: r.id, label: r.name }))}
          error={errors.residentId?.message}
          {...register("residentId")}
        />
      )}
      <div className="rent-form__row">
        <MoneyField label="Amount ($)" required error={errors.amount?.message} {...register("amount")} />
        <FormField
          type="date"
          label={refund ? "Date refunded" : "Date received"}
          required
          error={errors.receivedOn?.message}
          {...register("receivedOn")}
        />
      </div>
      <div className="rent-form__row">
        <FormField
          kind="select"
          label="Method"
          required
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
          error={errors.method?.message}
          {...register("method")}
        />
        <FormField
          label="Reference"
          hint="Check number, transfer or card reference"
          error={errors.reference?.message}
          {...register("reference")}
        />
      </div>
      <FormField
        label={refund ? "Paid to" : "Payer"}
        hint={
          refund
            ? "Who received the refund, when not the resident (e.g. a family member or agency)"
            : "Who paid, when not the resident (e.g. a family member or agency)"
        }
        error={errors.payer?.message}
        {...register("payer")}
      />
      {refund && (
        <FormField
          label="Reason"
          required
          hint="e.g. overpaid in March, deposit returned after move-out"
          error={errors.reason?.message}
          {...register("reason")}
        />
      )}
      <FormField kind="textarea" label="Notes" rows={2} error={errors.notes?.message} {...register("notes")} />
      {large && <LargePaymentCheck large={large} />}
      {failure && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose} disabled={isSubmitting}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting
            ? "Saving…"
            : large
              ? `Yes, record ${formatCents(large.amountCents)}`
              : refund
                ? "Record refund"
                : "Record payment"}
        </button>
      </div>
    </form>
  );
}
