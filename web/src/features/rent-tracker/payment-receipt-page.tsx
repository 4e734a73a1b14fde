/**
 * `/residents/:id/rent/receipts/:paymentId`: a printable receipt for one payment: receipt number, the
 * home's name and address, resident, amount, method, reference, payer, date and the balance after it.
 */
import { listName } from "@care/core/rules/person-name.rules";
import { Link, useParams } from "react-router-dom";
import { AppError, isAppError } from "@care/core/app-error";
import { formatCents } from "@care/core/rules/rent.rules";
import { paths } from "../../lib/paths.ts";
import { usePortQuery } from "../../lib/records/use-records.ts";
import { describeError } from "../../lib/report-error.ts";
import { printPage } from "../../ui/print.ts";
import { METHOD_LABELS } from "./payment-dialog.tsx";
import { loadRentHistories, type TPaymentRecord, type TResidentRecord } from "./rent-data.ts";
import { longDate } from "./rent-dates.ts";
import { balanceAfterPayment, ledgerRows, receiptNumber } from "./rent-ledger.ts";
import { PageLoading } from "../../ui/page-loading.tsx";
import "./rent-tracker.css";

interface TReceipt {
  payment: TPaymentRecord;
  resident: TResidentRecord;
  facility: { name: string; address?: string | undefined; phone?: string | undefined };
  balanceAfterCents: number | null;
}

/** A receipt is computed from these collections. */
const RECEIPT_READS = ["payments", "residents", "facilities", "rentCharges"] as const;

export function PaymentReceiptPage() {
  const { id = "", paymentId = "" } = useParams();
  const query = usePortQuery(
    ["rent", "receipt", id, paymentId],
    async ({ data }): Promise<TReceipt> => {
      const [payment, resident] = await Promise.all([data.get("payments", paymentId), data.get("residents", id)]);
      if (payment.residentId !== resident.id) throw new AppError("NOT_FOUND", "Not this resident's payment.");
      const [facility, histories] = await Promise.all([
        data.get("facilities", payment.facilityId).catch((error: unknown) => {
          // A home renamed away or out of reach still gets a receipt, with its id for a name.
          if (isAppError(error) && error.code === "NOT_FOUND") return { name: payment.facilityId };
          throw error;
        }),
        loadRentHistories(data, [resident]),
      ]);
      const history = histories.get(resident.id)!;
      const balanceAfterCents = balanceAfterPayment(ledgerRows(history.charges, history.payments), payment.id);
      return { payment, resident, facility, balanceAfterCents };
    },
    { reads: RECEIPT_READS, quiet: ["NOT_FOUND"] },
  );
  const missing = isAppError(query.error) && query.error.code === "NOT_FOUND";
  const state = query.data
    ? { status: "ready" as const, receipt: query.data }
    : query.isError
      ? {
          status: "error" as const,
          message: missing
            ? "This payment does not exist for this resident, or it was removed."
            : describeError(query.error),
        }
      : { status: "loading" as const };

  const back = paths.residents.rent.href(id);
  if (state.status === "loading") return <PageLoading />;
  if (state.status === "error")
    return (
      <article className="rent-page" aria-labelledby="page-title">
        <h1 id="page-title">Receipt not available</h1>
        <p className="alert" role="alert">
          {state.message}
        </p>
        <p>
          <Link to={back}>Back to the resident's rent</Link>
        </p>
      </article>
    );

  const { payment, resident, facility, balanceAfterCents } = state.receipt;
  const name = listName(resident);
  return (
    <article className="receipt-page" aria-labelledby="page-title">
      <p className="receipt-page__tools no-print">
        <Link to={back}>← {name}: rent</Link>
        <button type="button" className="button" onClick={printPage}>
          Print receipt
        </button>
      </p>
      <div className="receipt card">
        <header className="receipt__header">
          <div>
            <p className="receipt__facility">{facility.name}</p>
            {facility.address && <p className="receipt__address">{facility.address}</p>}
            {facility.phone && <p className="receipt__address">Tel. {facility.phone}</p>}
          </div>
          <div className="receipt__number">
            <h1 id="page-title">Payment receipt</h1>
            <p>
              Receipt no. <strong>{receiptNumber(payment.id)}</strong>
            </p>
          </div>
        </header>
        <p className="receipt__amount">
          <span className="receipt__label">Amount received</span>
          <strong>{formatCents(payment.amountCents)}</strong>
        </p>
        <dl className="receipt__details">
          <div>
            <dt>Date received</dt>
            <dd>{longDate(payment.receivedOn)}</dd>
          </div>
          <div>
            <dt>Resident</dt>
            <dd>
              {resident.firstName} {resident.lastName}
              {resident.room && `, room ${resident.room}`}
            </dd>
          </div>
          <div>
            <dt>Received from</dt>
            <dd>{payment.payer ?? `${resident.firstName} ${resident.lastName}`}</dd>
          </div>
          <div>
            <dt>Method</dt>
            <dd>{METHOD_LABELS[payment.method]}</dd>
          </div>
          <div>
            <dt>Reference</dt>
            <dd>{payment.reference ?? "—"}</dd>
          </div>
          <div>
            <dt>Balance after this payment</dt>
            <dd>{balanceAfterCents === null ? "—" : formatCents(balanceAfterCents)}</dd>
          </div>
          {payment.notes && (
            <div>
              <dt>Notes</dt>
              <dd>{payment.notes}</dd>
            </div>
          )}
        </dl>
        <p className="receipt__signature">
          <span>Received by</span>
        </p>
      </div>
    </article>
  );
}
