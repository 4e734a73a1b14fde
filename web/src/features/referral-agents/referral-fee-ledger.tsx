/**
 * A referral's fee (roles with Referral fees only; read from its own collections): the agent's terms,
 * the fee owed once the prospect moved in (the terms applied to the first month's rent, by the shared
 * rule), and the ledger — invoices received, payments made, disputes — with the balance and an invoice
 * unpaid after 30 days flagged. Roles that may change fees record entries in a dialog.
 */
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import toast from "react-hot-toast";
import {
  FEE_ENTRY_KINDS,
  PAYMENT_METHODS,
  ZReferralFee,
  type TCloseReason,
  type TFeeEntryKind,
} from "@care/core/collections/referrals.collection";
import { FIELD_LABELS } from "@care/core/field-labels";
import { feeEntryRefusal, feeSummary, type TFeeSummary } from "@care/core/rules/referral-deadlines.rules";
import { feeTermsText, firstMonthBaseCents } from "@care/core/rules/referral-fees.rules";
import { isOpenReferral } from "@care/core/rules/referral-move-in.rules";
import { feeOwedWording } from "@care/core/rules/referral-outcome.rules";
import { formatCents } from "@care/core/rules/rent.rules";
import { facilityToday, useFacilities } from "../../lib/facilities.tsx";
import { parseDollars } from "../../lib/money.ts";
import { useData } from "../../lib/ports.tsx";
import { useAllRecords } from "../../lib/records/use-records.ts";
import { applyFieldErrors, reportError } from "../../lib/report-error.ts";
import { ConfirmDialog, Dialog } from "../../ui/confirm-dialog.tsx";
import { Detail, DetailList } from "../../ui/detail-list.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { MoneyField } from "../../ui/money-field.tsx";
import {
  CLOSE_REASON_LABELS,
  FEE_ENTRY_LABELS,
  PAYMENT_METHOD_LABELS,
  type TFeeEntryRecord,
  type TReferralRecord,
} from "./referral-format.ts";

const LABELS = FIELD_LABELS.referralFees;

export function ReferralFeeLedger({ referral, mayRecord }: { referral: TReferralRecord; mayRecord: boolean }) {
  const { facilities } = useFacilities();
  const agentId = referral.agentId ?? "";
  const terms = useAllRecords("agentFeeTerms", { where: { agentId } });
  const entries = useAllRecords("referralFees", {
    where: { referralId: referral.id },
    orderBy: { field: "date", direction: "asc" },
  });
  const [recording, setRecording] = useState<TFeeEntryKind | null>(null);
  const [removing, setRemoving] = useState<TFeeEntryRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const data = useData();
  async function remove() {
    if (!removing) return;
    setBusy(true);
    try {
      await data.remove("referralFees", removing.id, removing.version);
      toast.success("The fee entry was removed.");
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }
  const today = facilityToday(facilities, referral.facilityId);
  if (!terms.data || !entries.data)
    return (
      <section className="card" aria-labelledby="fee-title">
        <h2 id="fee-title">Agent's fee</h2>
        <p role="status">{terms.isError || entries.isError ? "The fee could not be loaded." : "Loading…"}</p>
      </section>
    );
  const agreed = terms.data[0];
  const summary = feeSummary(referral, agreed, entries.data, today);
  // A duplicate owes nothing whatever its stage; a referral closed without a move-in neither.
  const owesNothing = Boolean(referral.duplicateOfId) || (referral.status !== "moved_in" && !isOpenReferral(referral));
  const owedText =
    summary.owedCents !== null && !referral.duplicateOfId
      ? formatCents(summary.owedCents)
      : feeOwedWording(referral, agreed !== undefined, (reason) => CLOSE_REASON_LABELS[reason as TCloseReason]);
  return (
    <section className="card referral-fee" aria-labelledby="fee-title">
      <h2 id="fee-title">Agent's fee</h2>
      <DetailList>
        <Detail label="Terms" value={agreed ? feeTermsText(agreed) : "None recorded"} />
        {referral.firstMonthRentCents !== undefined && (
          <Detail
            label={FIELD_LABELS.referrals.firstMonthRentCents}
            value={formatCents(referral.firstMonthRentCents)}
          />
        )}
        {agreed?.prorateFirstMonth && referral.firstMonthRentCents !== undefined && referral.moveInDate && (
          <Detail
            label="Prorated from the move-in day"
            value={formatCents(firstMonthBaseCents(agreed, referral.firstMonthRentCents, referral.moveInDate))}
          />
        )}
        <Detail label="Owed" value={<strong>{owedText}</strong>} />
        <Detail label="Invoiced" value={formatCents(summary.invoicedCents)} />
        <Detail label="Paid" value={formatCents(summary.paidCents)} />
        <Detail
          label="Balance"
          value={
            <span className={summary.balanceCents > 0 ? "referral-due" : undefined}>
              {formatCents(summary.balanceCents)}
            </span>
          }
        />
      </DetailList>
      {referral.possibleDuplicateOfId && !referral.duplicateOfId && (
        <p className="alert" role="status">
          Possibly a duplicate of an earlier referral: check it before paying this fee. A duplicate owes nothing.
        </p>
      )}
      {mayRecord && referral.status === "moved_in" && referral.firstMonthRentCents === undefined && (
        <FirstMonthRent referral={referral} />
      )}
      {summary.overdueInvoices.map((invoice) => (
        <p key={invoice.id} className="alert" role="status">
          Invoice {invoice.invoiceNumber} of {invoice.date} is unpaid after 30 days.
        </p>
      ))}
      {summary.disputes > 0 && (
        <p className="referral-due">
          {summary.disputes === 1 ? "A dispute is" : `${summary.disputes} disputes are`} recorded: see below.
        </p>
      )}
      {entries.data.length > 0 && (
        <div className="referral-table-scroll">
          <table className="referral-fee__entries">
            <caption className="visually-hidden">Fee entries of this referral</caption>
            <thead>
              <tr>
                <th scope="col">{LABELS.date}</th>
                <th scope="col">{LABELS.kind}</th>
                <th scope="col">{LABELS.amountCents}</th>
                <th scope="col">Details</th>
                {mayRecord && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {entries.data.map((e) => (
                <tr key={e.id}>
                  <td data-label={LABELS.date}>{e.date}</td>
                  <td data-label={LABELS.kind}>{FEE_ENTRY_LABELS[e.kind]}</td>
                  <td data-label={LABELS.amountCents}>
                    {e.amountCents === undefined ? "—" : formatCents(e.amountCents)}
                  </td>
                  <td data-label="Details">
                    {[e.invoiceNumber && `No. ${e.invoiceNumber}`, e.method && PAYMENT_METHOD_LABELS[e.method], e.notes]
                      .filter(Boolean)
                      .join(" · ") || "—"}
                  </td>
                  {mayRecord && (
                    <td>
                      <button type="button" className="button button--secondary" onClick={() => setRemoving(e)}>
                        Remove
                        <span className="visually-hidden">
                          {" "}
                          {FEE_ENTRY_LABELS[e.kind].toLowerCase()} of {e.date}
                        </span>
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {mayRecord && (
        <div className="form-actions">
          {/* A payment is refused where nothing is owed; an invoice and a dispute are still recorded. */}
          {FEE_ENTRY_KINDS.filter((kind) => kind !== "payment" || !owesNothing).map((kind) => (
            <button key={kind} type="button" className="button button--secondary" onClick={() => setRecording(kind)}>
              {kind === "invoice" ? "Record invoice" : kind === "payment" ? "Record payment" : "Record dispute"}
            </button>
          ))}
        </div>
      )}
      {recording && (
        <FeeEntryDialog
          referral={referral}
          kind={recording}
          today={today}
          summary={summary}
          onClose={() => setRecording(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this fee entry?"
        confirmLabel="Remove"
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing &&
            `${FEE_ENTRY_LABELS[removing.kind]} of ${removing.date}${removing.amountCents === undefined ? "" : `, ${formatCents(removing.amountCents)}`}`}{" "}
          leaves the ledger; the audit log keeps it. Use it for an entry recorded by mistake.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** A move-in recorded without the first month's rent (by a role without Referral fees): enter it here. */
function FirstMonthRent({ referral }: { referral: TReferralRecord }) {
  const data = useData();
  const form = useForm<{ rent: string }>({ defaultValues: { rent: "" } });
  const {
    register,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = form.handleSubmit(async ({ rent }) => {
    const parsed = parseDollars(rent);
    if ("error" in parsed) return setError("rent", { message: parsed.error });
    try {
      await data.update("referrals", referral.id, { firstMonthRentCents: parsed.cents }, referral.version);
      toast.success("The first month's rent was recorded.");
    } catch (error) {
      reportError(error);
    }
  });
  return (
    <form className="referral-contacts__form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <MoneyField
        label="First month's rent ($)"
        required
        hint="The resident's rent for the month they moved in; it fixes the fee owed."
        error={errors.rent?.message}
        {...register("rent")}
      />
      <div>
        <button type="submit" className="button button--secondary" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save the rent"}
        </button>
      </div>
    </form>
  );
}

interface TEntryValues {
  kind: TFeeEntryKind;
  date: string;
  amount: string;
  invoiceNumber: string;
  method: string;
  notes: string;
}

function FeeEntryDialog(props: {
  referral: TReferralRecord;
  kind: TFeeEntryKind;
  today: string;
  summary: TFeeSummary;
  onClose: () => void;
}) {
  const { referral, summary, onClose } = props;
  const data = useData();
  const agentInvoices = useAllRecords("referralFees", { where: { agentId: referral.agentId ?? "" } });
  const suggestedCents = summary.balanceCents > 0 ? summary.balanceCents : null;
  const form = useForm<TEntryValues>({
    defaultValues: {
      kind: props.kind,
      date: props.today,
      amount: props.kind === "payment" && suggestedCents ? (suggestedCents / 100).toFixed(2) : "",
      invoiceNumber: "",
      method: "",
      notes: "",
    },
  });
  const {
    register,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const kind = useWatch({ control, name: "kind" });
  const typedAmount = useWatch({ control, name: "amount" });
  // An invoice for more than is owed is recorded (it is what the agency sent) with a word to dispute it.
  const typedCents = typedAmount.trim() ? parseDollars(typedAmount) : null;
  const overInvoiced =
    kind === "invoice" &&
    summary.owedCents !== null &&
    typedCents !== null &&
    "cents" in typedCents &&
    summary.invoicedCents + typedCents.cents > summary.owedCents
      ? summary.invoicedCents + typedCents.cents
      : null;
  const onSubmit = form.handleSubmit(async (v) => {
    if (!v.date) return setError("date", { message: "Required" });
    let amountCents: number | undefined;
    if (v.amount.trim()) {
      const parsed = parseDollars(v.amount);
      if ("error" in parsed) return setError("amount", { message: parsed.error });
      amountCents = parsed.cents;
    }
    const input = {
      referralId: referral.id,
      agentId: referral.agentId ?? "",
      facilityId: referral.facilityId,
      kind: v.kind,
      date: v.date,
      ...(amountCents !== undefined ? { amountCents } : {}),
      ...(v.kind === "invoice" ? { invoiceNumber: v.invoiceNumber } : {}),
      ...(v.kind === "payment" && v.method ? { method: v.method as (typeof PAYMENT_METHODS)[number] } : {}),
      notes: v.notes,
    };
    const checked = ZReferralFee.safeParse(input);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]);
        const message = field === "amountCents" && amountCents === 0 ? "Enter an amount above zero" : issue.message;
        setError((field === "amountCents" ? "amount" : field) as keyof TEntryValues, { message });
      }
      return;
    }
    // The ways one fee gets paid twice: an invoice number seen before, a payment nothing is owed for.
    const refusal = feeEntryRefusal(checked.data, {
      referral,
      summary,
      agentInvoices: (agentInvoices.data ?? []).filter((e) => e.kind === "invoice"),
    });
    if (refusal)
      return setError(refusal.field === "amountCents" ? "amount" : refusal.field, { message: refusal.message });
    try {
      await data.create("referralFees", input);
      toast.success(`${FEE_ENTRY_LABELS[v.kind]} recorded.`);
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, setError, ["date", "invoiceNumber", "method", "notes"])) reportError(error);
    }
  });
  return (
    <Dialog open title={`${FEE_ENTRY_LABELS[kind]} — referral fee`} onClose={onClose}>
      {kind === "invoice" && (referral.duplicateOfId || referral.status !== "moved_in") && (
        <p className="alert" role="status">
          {referral.duplicateOfId
            ? "This referral is a duplicate of an earlier one: its agency is owed nothing for it."
            : "This prospect has not moved in: nothing is owed yet."}{" "}
          Record the invoice, then a dispute.
        </p>
      )}
      <form className="agent-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField
          kind="select"
          label={LABELS.kind}
          options={FEE_ENTRY_KINDS.map((k) => ({ value: k, label: FEE_ENTRY_LABELS[k] }))}
          {...register("kind")}
        />
        <FormField label={LABELS.date} type="date" required error={errors.date?.message} {...register("date")} />
        <MoneyField
          label={kind === "dispute" ? "Amount disputed ($)" : LABELS.amountCents}
          required={kind !== "dispute"}
          error={errors.amount?.message}
          {...register("amount")}
        />
        {overInvoiced !== null && (
          <p className="alert" role="status">
            With this invoice the agency will have invoiced {formatCents(overInvoiced)}, more than the{" "}
            {formatCents(summary.owedCents ?? 0)} owed. Record it as received, then a dispute for the difference.
          </p>
        )}
        {kind === "invoice" && (
          <FormField
            label={LABELS.invoiceNumber}
            required
            autoComplete="off"
            error={errors.invoiceNumber?.message}
            {...register("invoiceNumber")}
          />
        )}
        {kind === "payment" && (
          <FormField
            kind="select"
            label={LABELS.method}
            required
            placeholder="Choose…"
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
            error={errors.method?.message}
            {...register("method")}
          />
        )}
        <FormField
          kind="textarea"
          label={kind === "dispute" ? "What is disputed" : LABELS.notes}
          required={kind === "dispute"}
          rows={2}
          error={errors.notes?.message}
          {...register("notes")}
        />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : "Record"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
