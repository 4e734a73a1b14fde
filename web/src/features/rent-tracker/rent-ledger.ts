/**
 * A resident's rent ledger as people read a bank statement: charges and payments in date order with
 * the balance after each line (credits lower it), and the short receipt number printed on a payment's
 * receipt.
 */
import type { TChargeKind } from "@care/core/collections/rent.collection";
import { paymentEffect, signedAmount } from "@care/core/rules/rent.rules";

export interface TLedgerCharge {
  id: string;
  dueDate: string;
  description: string;
  amountCents: number;
  /** A credit lowers the balance (absent = rent). */
  kind?: TChargeKind;
  reason?: string | undefined;
  createdAt: string;
}

export interface TLedgerPayment {
  id: string;
  receivedOn: string;
  amountCents: number;
  method: string;
  reference?: string | undefined;
  payer?: string | undefined;
  /** A refund raises the balance (absent = payment). */
  kind?: string | undefined;
  /** A voided line stays in the ledger, struck through, and counts for nothing (absent = recorded). */
  status?: string | undefined;
  createdAt: string;
}

export type TLedgerRow =
  | { kind: "charge"; date: string; charge: TLedgerCharge; balanceCents: number }
  | { kind: "payment"; date: string; payment: TLedgerPayment; balanceCents: number };

/**
 * Charges (on their due date) and payments (on the day received) oldest first, each with the running
 * balance. On the same day a charge comes before a payment, so paying rent on its due date reads
 * "charged, then paid" and ends at zero; same-kind lines keep the order they were recorded in.
 */
export function ledgerRows(charges: readonly TLedgerCharge[], payments: readonly TLedgerPayment[]): TLedgerRow[] {
  const lines = [
    ...charges.map((charge) => ({ kind: "charge" as const, date: charge.dueDate, order: 0, charge })),
    ...payments.map((payment) => ({ kind: "payment" as const, date: payment.receivedOn, order: 1, payment })),
  ].sort((a, b) => {
    if (a.date !== b.date) return a.date < b.date ? -1 : 1;
    if (a.order !== b.order) return a.order - b.order;
    const aCreated = a.kind === "charge" ? a.charge.createdAt : a.payment.createdAt;
    const bCreated = b.kind === "charge" ? b.charge.createdAt : b.payment.createdAt;
    return aCreated < bCreated ? -1 : aCreated > bCreated ? 1 : 0;
  });
  let balance = 0;
  return lines.map((line): TLedgerRow => {
    if (line.kind === "charge") {
      balance += signedAmount(line.charge);
      return { kind: "charge", date: line.date, charge: line.charge, balanceCents: balance };
    }
    balance -= paymentEffect(line.payment);
    return { kind: "payment", date: line.date, payment: line.payment, balanceCents: balance };
  });
}

/**
 * A payment's ledger line: "Payment, Check #1043". The reference is shown once, without repeating the
 * method a person may have typed into it ("Check #1043" as the reference of a check), a bare number
 * with "#", and the payer after a dot.
 */
export function paymentDescription(methodLabel: string, reference?: string, payer?: string): string {
  const methodWord = methodLabel.split(/[\s/]/)[0]!;
  const withoutMethod = (reference ?? "")
    .trim()
    .replace(new RegExp(`^${methodWord}\\b\\s*(no\\.?|number)?\\s*`, "i"), "")
    .trim();
  const shown = /^\d/.test(withoutMethod) ? `#${withoutMethod}` : withoutMethod;
  return `Payment, ${methodLabel}${shown ? ` ${shown}` : ""}${payer ? ` · from ${payer}` : ""}`;
}

/**
 * The receipt number printed for a payment: "R-" and the last twelve letters or digits of its id,
 * upper-cased. Derived, not counted: every backend gives it at once (no counter to keep in a
 * transaction on Firestore), a payment recorded before receipts were numbered has one too, and as a
 * payment is never removed its number is never reused. Twelve characters of a random id leave a clash
 * between two of a group's payments far less likely than one in a million.
 */
export function receiptNumber(paymentId: string): string {
  return `R-${paymentId
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(-12)
    .toUpperCase()}`;
}
