/**
 * `/residents/:id/rent`: one resident's rent: balance and days overdue, the rate history (adding a rate
 * also sets the face sheet's monthly rate), and the ledger of charges and payments with the running
 * balance and a receipt for every payment.
 */
import { headingName } from "@care/core/rules/person-name.rules";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useParams } from "react-router-dom";
import toast from "react-hot-toast";
import { isAppError } from "@care/core/app-error";
import { ZRentRate } from "@care/core/collections/rent.collection";
import { daysOverdue, firstAdmission, formatCents, rateOn } from "@care/core/rules/rent.rules";
import { facilityName, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { useData } from "../../lib/ports.tsx";
import { usePortQuery } from "../../lib/records/use-records.ts";
import { describeError, reportError } from "../../lib/report-error.ts";
import { FormField } from "../../ui/form-field.tsx";
import { MoneyField } from "../../ui/money-field.tsx";
import { useCan, useMayDo } from "../../lib/access.ts";
import { CorrectionForm } from "./correction-form.tsx";
import { printPage } from "../../ui/print.ts";
import { ResidentTabs } from "../../ui/resident-tabs.tsx";
import { PaymentDialog } from "./payment-dialog.tsx";
import { ADMISSION_RATE_NOTE, addRate, loadRentHistories } from "./rent-data.ts";
import type { TRecordOf } from "@care/core/registry";
import { listAll } from "@care/core/list-all";
import { longDate, todayLocal } from "./rent-dates.ts";
import { ledgerRows } from "./rent-ledger.ts";
import { RentLedgerTable } from "./rent-ledger-table.tsx";
import { parseDollars } from "../../lib/money.ts";
import { PageLoading } from "../../ui/page-loading.tsx";
import "./rent-tracker.css";

/** One resident's rent is computed from these collections. */
const RENT_READS = ["residents", "residentEvents", "rentRates", "rentCharges", "payments", "rentAccounts"] as const;

export function ResidentRentPage() {
  const { id = "" } = useParams();
  const { facilities } = useFacilities();
  // The dialog open: a payment, a refund, or none.
  const [paying, setPaying] = useState<"payment" | "refund" | null>(null);
  // Payments, corrections and rates are for roles that may change rent; the others read the ledger.
  const mayChange = useCan()("rent", "write");
  const mayRefund = useMayDo()("voidPayment") && mayChange;
  const query = usePortQuery(
    ["rent", "resident", id],
    async ({ data }) => {
      const resident = await data.get("residents", id);
      const [rates, histories, events] = await Promise.all([
        listAll(data, "rentRates", { where: { residentId: id } }),
        loadRentHistories(data, [resident]),
        listAll(data, "residentEvents", { where: { residentId: id } }),
      ]);
      return { resident, rates, rent: histories.get(id)!, admitted: firstAdmission(resident.admissionDate, events) };
    },
    { reads: RENT_READS, quiet: ["NOT_FOUND"] },
  );
  const notFound = isAppError(query.error) && query.error.code === "NOT_FOUND";
  const state = query.data
    ? { status: "ready" as const, ...query.data }
    : query.isError
      ? { status: "error" as const, message: describeError(query.error), notFound }
      : { status: "loading" as const };

  if (state.status === "loading") return <PageLoading />;
  if (state.status === "error")
    return (
      <article className="rent-page" aria-labelledby="page-title">
        <h1 id="page-title">{state.notFound ? "Resident not found" : "Rent could not be loaded"}</h1>
        <p className="alert" role="alert">
          {state.message}
        </p>
        <p>
          <Link to={paths.residents.rentTracker.href()}>Back to the Rent Tracker</Link>
        </p>
      </article>
    );

  const { resident, rates, rent, admitted } = state;
  const name = headingName(resident);
  const today = todayLocal();
  const account = rent.account;
  const current = rateOn(rates, today);
  const rows = ledgerRows(rent.charges, rent.payments).reverse();
  const billed = rows.length > 0;
  const history = rateHistory(rates, resident.monthlyRateCents, admitted);

  return (
    <article className="rent-page" aria-labelledby="page-title">
      <header className="rent-page__header">
        <h1 id="page-title">{name}</h1>
        <p className="rent-page__scope">
          <span className="rent-page__scope-label">Facility:</span> {facilityName(facilities, resident.facilityId)}
          {resident.room && ` · Room ${resident.room}`}
        </p>
      </header>
      <div className="no-print">
        <ResidentTabs residentId={resident.id} />
      </div>

      <section className="rent-summary" aria-label="Rent summary">
        <div className="card rent-summary__item">
          <span className="rent-summary__label">Balance</span>
          {billed ? (
            <span className={`rent-summary__value${(account?.balanceCents ?? 0) > 0 ? " rent-grid__owing" : ""}`}>
              {formatCents(account?.balanceCents ?? 0)}
            </span>
          ) : (
            <span className="rent-summary__value rent-summary__value--unbilled">{NOT_BILLED}</span>
          )}
        </div>
        <div className="card rent-summary__item">
          <span className="rent-summary__label">Days overdue</span>
          <span className="rent-summary__value">{account ? daysOverdue(account, today) : 0}</span>
        </div>
        <div className="card rent-summary__item">
          <span className="rent-summary__label">Monthly rate</span>
          <span className="rent-summary__value">
            {current
              ? formatCents(current.amountCents)
              : resident.monthlyRateCents !== undefined
                ? formatCents(resident.monthlyRateCents)
                : "Not set"}
          </span>
        </div>
      </section>
      <p className="rent-page__actions no-print">
        {mayChange && (
          <button type="button" className="button" onClick={() => setPaying("payment")}>
            Record a payment
          </button>
        )}
        {mayRefund && (
          <button type="button" className="button button--secondary" onClick={() => setPaying("refund")}>
            Record a refund
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={printPage}>
          Print statement
        </button>
      </p>

      <section className="card rent-section" aria-labelledby="ledger-title">
        <h2 id="ledger-title">Charges and payments</h2>
        {rows.length === 0 ? (
          <p>
            {NOT_BILLED}.{" "}
            {history.length > 0 ? (
              <>
                The current month is billed automatically while the resident is in residence, and each new month on its
                first day; earlier months can be billed from the{" "}
                <Link to={paths.residents.rentTracker.href()}>Rent Tracker</Link>.
              </>
            ) : (
              "Add the monthly rate below: the current month is then billed at once, and each new month on its first day."
            )}
          </p>
        ) : (
          <RentLedgerTable rows={rows} residentId={resident.id} />
        )}
      </section>

      {mayChange && (
        <section className="card rent-section no-print" aria-labelledby="correction-title">
          <h2 id="correction-title">Credit or extra charge</h2>
          <CorrectionForm residentId={resident.id} facilityId={resident.facilityId} />
        </section>
      )}

      <section className="card rent-section" aria-labelledby="rates-title">
        <h2 id="rates-title">Rate history</h2>
        {history.length === 0 ? (
          <p>
            No rate yet. Add the monthly rate the resident was admitted at; its effective date is the admission date.
          </p>
        ) : (
          <ul className="rent-rates">
            {history.map((rate) => (
              <li key={rate.key} className={rate.inForce ? "rent-rates__current" : undefined}>
                <strong>{formatCents(rate.amountCents)}</strong> a month from {longDate(rate.effectiveFrom)}
                {rate.inForce && " (in force)"}
                {rate.effectiveFrom > today && " (upcoming)"}
                {rate.notes && <span className="rent-rates__notes"> — {rate.notes}</span>}
              </li>
            ))}
          </ul>
        )}
        {mayChange && <AddRateForm residentId={resident.id} defaultDate={rates.length === 0 ? admitted : today} />}
      </section>

      <PaymentDialog
        // A fresh form for each opening, so a payment's and a refund's fields never mix.
        key={paying ?? "closed"}
        open={paying !== null}
        refund={paying === "refund"}
        residents={[{ id: resident.id, facilityId: resident.facilityId, name }]}
        residentId={resident.id}
        onClose={() => setPaying(null)}
      />
    </article>
  );
}

/** What the ledger and balance say for a resident with no charge yet (never a zero balance). */
const NOT_BILLED = "Not billed yet";

/**
 * The rate history as listed, newest first, ending with the admission rate: stored rates, or, before
 * any is stored, the face sheet's rate from the first admission (what charges use), named as the
 * admission rate.
 */
function rateHistory(
  rates: readonly TRecordOf<"rentRates">[],
  faceSheetRateCents: number | undefined,
  admitted: string,
): { key: string; amountCents: number; effectiveFrom: string; notes?: string | undefined; inForce: boolean }[] {
  const today = todayLocal();
  const listed =
    rates.length > 0
      ? rates.map((r) => ({ key: r.id, amountCents: r.amountCents, effectiveFrom: r.effectiveFrom, notes: r.notes }))
      : faceSheetRateCents !== undefined
        ? [
            {
              key: "admission",
              amountCents: faceSheetRateCents,
              effectiveFrom: admitted,
              notes: ADMISSION_RATE_NOTE,
            },
          ]
        : [];
  const current = rateOn(listed, today);
  return listed.map((rate) => ({ ...rate, inForce: rate === current }));
}

/** The rate fields a person types; resident and facility come from the record. */
const ZRateFields = ZRentRate.pick({ amountCents: true, effectiveFrom: true, notes: true });

interface TRateForm {
  amount: string;
  effectiveFrom: string;
  notes: string;
}

function AddRateForm({ residentId, defaultDate }: { residentId: string; defaultDate: string }) {
  const data = useData();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TRateForm>({ defaultValues: { amount: "", effectiveFrom: defaultDate, notes: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const amount = parseDollars(values.amount);
    if ("error" in amount) setError("amount", { message: amount.error });
    const parsed = ZRateFields.safeParse({
      amountCents: "cents" in amount ? amount.cents : 0,
      effectiveFrom: values.effectiveFrom,
      notes: values.notes,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join(".");
        if (path === "effectiveFrom" || path === "notes") setError(path, { message: issue.message });
        if (path === "amountCents" && !("error" in amount)) setError("amount", { message: issue.message });
      }
    }
    if (!parsed.success || "error" in amount) return;
    try {
      await addRate(
        data,
        residentId,
        { amountCents: amount.cents, effectiveFrom: parsed.data.effectiveFrom, notes: parsed.data.notes },
        todayLocal(),
      );
      toast.success(`Rate of ${formatCents(amount.cents)} from ${longDate(parsed.data.effectiveFrom)} added`);
      reset({ amount: "", effectiveFrom: todayLocal(), notes: "" });
    } catch (error) {
      if (isAppError(error) && error.code === "VALIDATION" && error.fields) {
        const fields = error.fields;
        if (fields.amountCents) setError("amount", { type: "server", message: fields.amountCents });
        if (fields.effectiveFrom) setError("effectiveFrom", { type: "server", message: fields.effectiveFrom });
        if (fields.notes) setError("notes", { type: "server", message: fields.notes });
        if (fields.amountCents || fields.effectiveFrom || fields.notes) return;
      }
      setFailure(describeError(error));
      reportError(error);
    }
  });

  return (
    <form className="rent-form rent-form--inline no-print" noValidate onSubmit={onSubmit} aria-label="Add a rate">
      <h3 className="rent-form__title">Add a rate</h3>
      <div className="rent-form__row">
        <MoneyField label="Monthly rate ($)" required error={errors.amount?.message} {...register("amount")} />
        <FormField
          type="date"
          label="Effective from"
          required
          error={errors.effectiveFrom?.message}
          {...register("effectiveFrom")}
        />
      </div>
      <FormField
        label="Notes"
        hint="E.g. annual increase, level of care change"
        error={errors.notes?.message}
        {...register("notes")}
      />
      {failure && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
      <p>
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Add rate"}
        </button>
      </p>
    </form>
  );
}
