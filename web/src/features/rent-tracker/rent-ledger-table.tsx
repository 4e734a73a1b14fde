/**
 * A resident's ledger as a table, newest first: charges, payments and refunds with the balance after
 * each line, and each payment's receipt. A voided line stays, struck through, with why it was voided
 * and its void notice; a role holding "Void or refund payments" voids a line from here.
 */
import { useState } from "react";
import { Link } from "react-router-dom";
import { formatCents, signedAmount } from "@care/core/rules/rent.rules";
import { useCan, useMayDo } from "../../lib/access.ts";
import { paths } from "../../lib/paths.ts";
import { METHOD_LABELS } from "./payment-dialog.tsx";
import type { TPaymentRecord } from "./rent-data.ts";
import { paymentDescription, receiptNumber, type TLedgerRow } from "./rent-ledger.ts";
import { VoidPaymentDialog } from "./void-payment-dialog.tsx";

export function RentLedgerTable({ rows, residentId }: { rows: readonly TLedgerRow[]; residentId: string }) {
  const mayVoid = useMayDo()("voidPayment") && useCan()("rent", "write");
  const [voiding, setVoiding] = useState<TPaymentRecord | null>(null);
  return (
    <div className="rent-table__scroll">
      <table className="rent-table">
        <caption className="visually-hidden">Ledger, newest first, with the balance after each line</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Description</th>
            <th scope="col" className="rent-grid__num">
              Charge
            </th>
            <th scope="col" className="rent-grid__num">
              Payment
            </th>
            <th scope="col" className="rent-grid__num">
              Balance
            </th>
            <th scope="col" className="no-print">
              <span className="visually-hidden">Receipt</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) =>
            row.kind === "charge" ? (
              <tr key={`c-${row.charge.id}`}>
                <td data-label="Date">{row.date}</td>
                <td data-label="Description">{row.charge.description}</td>
                <td data-label="Charge" className="rent-grid__num">
                  {formatCents(signedAmount(row.charge))}
                </td>
                <td data-label="Payment" className="rent-grid__num" />
                <td data-label="Balance" className="rent-grid__num">
                  {formatCents(row.balanceCents)}
                </td>
                <td className="no-print" />
              </tr>
            ) : (
              <PaymentRow
                key={`p-${row.payment.id}`}
                payment={row.payment as TPaymentRecord}
                date={row.date}
                balanceCents={row.balanceCents}
                residentId={residentId}
                onVoid={mayVoid ? setVoiding : undefined}
              />
            ),
          )}
        </tbody>
      </table>
      <VoidPaymentDialog payment={voiding} onClose={() => setVoiding(null)} />
    </div>
  );
}

function PaymentRow({
  payment,
  date,
  balanceCents,
  residentId,
  onVoid,
}: {
  payment: TPaymentRecord;
  date: string;
  balanceCents: number;
  residentId: string;
  onVoid: ((payment: TPaymentRecord) => void) | undefined;
}) {
  const voided = payment.status === "voided";
  const refund = payment.kind === "refund";
  const method = METHOD_LABELS[payment.method];
  const description = refund
    ? `Refund, ${method}${payment.reason ? `: ${payment.reason}` : ""}`
    : paymentDescription(method, payment.reference, payment.payer);
  const amount = <span className={voided ? "rent-table__voided" : undefined}>{formatCents(payment.amountCents)}</span>;
  return (
    <tr className={voided ? "rent-table__row--voided" : undefined}>
      <td data-label="Date">{date}</td>
      <td data-label="Description">
        <span className={voided ? "rent-table__voided" : undefined}>{description}</span>
        {voided && <span className="rent-table__void-note"> Voided: {payment.voidReason}</span>}
      </td>
      <td data-label="Charge" className="rent-grid__num">
        {refund && amount}
      </td>
      <td data-label="Payment" className="rent-grid__num">
        {!refund && amount}
      </td>
      <td data-label="Balance" className="rent-grid__num">
        {formatCents(balanceCents)}
      </td>
      <td className="no-print rent-table__links">
        <Link to={paths.residents.receipt.href(residentId, payment.id)}>Receipt {receiptNumber(payment.id)}</Link>
        {voided ? (
          <Link to={paths.residents.voidNotice.href(residentId, payment.id)}>Void notice</Link>
        ) : (
          onVoid && (
            <button type="button" className="button button--secondary button--small" onClick={() => onVoid(payment)}>
              Void
            </button>
          )
        )}
      </td>
    </tr>
  );
}
