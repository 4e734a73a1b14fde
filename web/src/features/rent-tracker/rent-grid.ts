/**
 * The month grid's rows and its CSV: per resident the balance and days overdue from their account (or
 * "not billed yet" before any charge, never a zero balance), and each month's status (payments settle
 * the oldest charges first; a month in residence without a charge is "not billed yet"), in words as
 * well as colour.
 */
import { listName } from "@care/core/rules/person-name.rules";
import { daysOverdue, monthStatus, type TMonthStatus } from "@care/core/rules/rent.rules";
import { toCsv, type TCsvColumn } from "../../ui/csv-export.ts";
import type { TPaymentRecord, TResidentRecord, TResidentRent } from "./rent-data.ts";
import { receiptNumber } from "./rent-ledger.ts";

/** A month's cell: settled as the rules say, or in residence with no charge yet. */
export type TGridStatus = TMonthStatus | "unbilled";

export const STATUS_LABELS: Record<TGridStatus, string> = {
  paid: "Paid",
  partial: "Partial",
  unpaid: "Unpaid",
  none: "No charge",
  unbilled: "Not billed yet",
};

export interface TGridRow {
  resident: Pick<
    TResidentRecord,
    "id" | "facilityId" | "firstName" | "lastName" | "preferredName" | "status" | "admissionDate" | "dischargeDate"
  > &
    // What tells two residents of one name apart in the grid (distinctListNames).
    Partial<Pick<TResidentRecord, "room" | "dateOfBirth">>;
  /** Null before anything is billed or paid: the grid says "Not billed yet", not $0.00. */
  balanceCents: number | null;
  daysOverdue: number;
  /** Status per month, in the order of the grid's months. */
  statuses: TGridStatus[];
}

/** Whether the current (or last) stay covers any day of `month`. */
function inResidenceDuring(resident: TGridRow["resident"], month: string): boolean {
  return (
    resident.admissionDate.slice(0, 7) <= month &&
    (!resident.dischargeDate || resident.dischargeDate.slice(0, 7) >= month)
  );
}

export function gridRows(
  residents: readonly TGridRow["resident"][],
  histories: ReadonlyMap<string, TResidentRent>,
  months: readonly string[],
  today: string,
): TGridRow[] {
  return residents.map((resident) => {
    const history = histories.get(resident.id);
    const charges = history?.charges ?? [];
    const payments = history?.payments ?? [];
    const account = history?.account;
    const billed = charges.length > 0 || payments.length > 0;
    return {
      resident,
      balanceCents: billed ? (account?.balanceCents ?? 0) : null,
      daysOverdue: account ? daysOverdue(account, today) : 0,
      statuses: months.map((month) => {
        const status = monthStatus(charges, payments, month);
        return status === "none" && month <= today.slice(0, 7) && inResidenceDuring(resident, month)
          ? "unbilled"
          : status;
      }),
    };
  });
}

/** Cents as a plain number of dollars for spreadsheets ("1234.50"). */
export function csvDollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export function gridCsvColumns(
  months: readonly string[],
  facilityName: (id: string) => string,
): TCsvColumn<TGridRow>[] {
  return [
    { header: "Resident", value: (r) => listName(r.resident) },
    { header: "Facility", value: (r) => facilityName(r.resident.facilityId) },
    {
      header: "Balance ($)",
      value: (r) => (r.balanceCents === null ? STATUS_LABELS.unbilled : csvDollars(r.balanceCents)),
    },
    { header: "Days overdue", value: (r) => r.daysOverdue },
    ...months.map((month, i) => ({ header: month, value: (r: TGridRow) => STATUS_LABELS[r.statuses[i] ?? "none"] })),
  ];
}

export function gridCsv(rows: readonly TGridRow[], months: readonly string[], facilityName: (id: string) => string) {
  return toCsv(rows, gridCsvColumns(months, facilityName));
}

export function paymentsCsv(
  payments: readonly TPaymentRecord[],
  residentNames: ReadonlyMap<string, string>,
  facilityName: (id: string) => string,
): string {
  return toCsv(payments, [
    { header: "Receipt", value: (p) => receiptNumber(p.id) },
    { header: "Date received", value: (p) => p.receivedOn },
    { header: "Resident", value: (p) => residentNames.get(p.residentId) ?? p.residentId },
    { header: "Facility", value: (p) => facilityName(p.facilityId) },
    { header: "Amount ($)", value: (p) => csvDollars(p.amountCents) },
    { header: "Method", value: (p) => p.method },
    { header: "Reference", value: (p) => p.reference },
    { header: "Payer", value: (p) => p.payer },
    { header: "Notes", value: (p) => p.notes },
  ]);
}
