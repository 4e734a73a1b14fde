/**
 * `/residents/:id/rent/receipts/:paymentId`: a printable receipt for one payment, fixed once issued:
 * receipt number, the home's name and address, resident, amount, method, reference, payer, date, who
 * received it and the balance after it as stored when it was recorded (never recomputed). A voided
 * payment's receipt still reads as issued; `…/void` is its void notice, a document of its own naming
 * the receipt it voids, the reason and when.
 */
import { listName } from "@care/core/rules/person-name.rules";
import { Link, useParams } from "react-router-dom";
import { AppError, isAppError } from "@care/core/app-error";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import { formatCents } from "@care/core/rules/rent.rules";
import { paths } from "../../lib/paths.ts";
import { usePortQuery } from "../../lib/records/use-records.ts";
import { describeError } from "../../lib/report-error.ts";
import { printPage } from "../../ui/print.ts";
import { METHOD_LABELS } from "./payment-dialog.tsx";
import type { TPaymentRecord, TResidentRecord } from "./rent-data.ts";
import { longDate } from "./rent-dates.ts";
import { receiptNumber } from "./rent-ledger.ts";
import { auditTimeText } from "../../ui/record-access-log.tsx";
import { instantText } from "../../lib/date-time.ts";
import { PageLoading } from "../../ui/page-loading.tsx";
import "./rent-tracker.css";

interface TReceipt {
  payment: TPaymentRecord;
  resident: TResidentRecord;
  facility: { name: string; address?: string | undefined; phone?: string | undefined; timeZone?: string | undefined };
}

/** A receipt is read from these collections. */
const RECEIPT_READS = ["payments", "residents", "facilities"] as const;

export function PaymentReceiptPage() {
  return <PaymentDocument notice={false} />;
}

export function VoidNoticePage() {
  return <PaymentDocument notice={true} />;
}

/** The receipt, or (`notice`) the void notice, of the payment in the address. */
function PaymentDocument({ notice }: { notice: boolean }) {
  const { id = "", paymentId = "" } = useParams();
  const query = usePortQuery(
    ["rent", "receipt", id, paymentId],
    async ({ data }): Promise<TReceipt> => {
      const [payment, resident] = await Promise.all([data.get("payments", paymentId), data.get("residents", id)]);
      if (payment.residentId !== resident.id) throw new AppError("NOT_FOUND", "Not this resident's payment.");
      const facility = await data.get("facilities", payment.facilityId).catch((error: unknown) => {
        // A home renamed away or out of reach still gets a receipt, with its id for a name.
        if (isAppError(error) && error.code === "NOT_FOUND") return { name: payment.facilityId };
        throw error;
      });
      return { payment, resident, facility };
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

  const { payment } = state.receipt;
  if (notice && payment.status !== "voided")
    return (
      <article className="rent-page" aria-labelledby="page-title">
        <h1 id="page-title">No void notice</h1>
        <p>This payment has not been voided.</p>
        <p>
          <Link to={back}>Back to the resident's rent</Link>
        </p>
      </article>
    );
  return <ReceiptSheet receipt={state.receipt} notice={notice} back={back} />;
}

/** The printable sheet: the receipt as issued, or the void notice referring to it. */
function ReceiptSheet({ receipt, notice, back }: { receipt: TReceipt; notice: boolean; back: string }) {
  const { payment, resident, facility } = receipt;
  const name = listName(resident);
  const zone = facility.timeZone ?? DEFAULT_TIME_ZONE;
  const refund = payment.kind === "refund";
  const number = receiptNumber(payment.id);
  const title = notice ? "Void notice" : refund ? "Refund receipt" : "Payment receipt";
  return (
    <article className="receipt-page" aria-labelledby="page-title">
      <p className="receipt-page__tools no-print">
        <Link to={back}>← {name}: rent</Link>
        <button type="button" className="button" onClick={printPage}>
          {notice ? "Print void notice" : "Print receipt"}
        </button>
      </p>
      {!notice && payment.status === "voided" && (
        <p className="alert no-print" role="status">
          This {refund ? "refund" : "payment"} was voided on {instantText(payment.updatedAt, zone)}.{" "}
          <Link to={paths.residents.voidNotice.href(resident.id, payment.id)}>See the void notice</Link>.
        </p>
      )}
      <div className="receipt card">
        <header className="receipt__header">
          <div>
            <p className="receipt__facility">{facility.name}</p>
            {facility.address && <p className="receipt__address">{facility.address}</p>}
            {facility.phone && <p className="receipt__address">Tel. {facility.phone}</p>}
          </div>
          <div className="receipt__number">
            <h1 id="page-title">{title}</h1>
            <p>
              {notice ? "Voids receipt no." : "Receipt no."} <strong>{number}</strong>
            </p>
          </div>
        </header>
        {notice && (
          <p className="receipt__void-banner">
            Voided on {instantText(payment.updatedAt, zone)}: {payment.voidReason}
          </p>
        )}
        <p className="receipt__amount">
          <span className="receipt__label">
            {notice ? "Amount voided" : refund ? "Amount refunded" : "Amount received"}
          </span>
          <strong>{formatCents(payment.amountCents)}</strong>
        </p>
        <dl className="receipt__details">
          <div>
            <dt>{refund ? "Date refunded" : "Date received"}</dt>
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
            <dt>{refund ? "Paid back to" : "Received from"}</dt>
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
          {refund && (
            <div>
              <dt>Reason</dt>
              <dd>{payment.reason}</dd>
            </div>
          )}
          {!notice && (
            <div>
              <dt>Balance after this {refund ? "refund" : "payment"}</dt>
              <dd>{payment.balanceAfterCents == null ? "Not recorded" : formatCents(payment.balanceAfterCents)}</dd>
            </div>
          )}
          {payment.notes && (
            <div>
              <dt>Notes</dt>
              <dd>{payment.notes}</dd>
            </div>
          )}
        </dl>
        <p className="receipt__signature">
          <span>{payment.receivedBy ? `Received by ${payment.receivedBy}` : "Received by"}</span>
        </p>
        <p className="receipt__printed">
          Printed {auditTimeText(new Date().toISOString(), zone)} ({zone})
        </p>
      </div>
    </article>
  );
}
