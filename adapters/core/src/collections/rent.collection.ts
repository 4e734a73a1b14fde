/** Rent: rate history, monthly charges, payments, and each resident's running account. Money in cents. */
import { z } from "zod";
import { defineCollection } from "../collection.ts";
import { ZCents, ZDateOnly, ZId, ZOptionalText, ZText } from "../common.schema.ts";
import { addMonths, latestDateAnywhere } from "../rules/date-only.rules.ts";
import { chargeId } from "../rules/rent.rules.ts";
import { LINK_TO_RESIDENT } from "./residents.collection.ts";

export const ZMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Use the format YYYY-MM");

/** A monthly rate from a date on; the rate in force on a day is the latest one effective by then. */
export const ZRentRate = z.object({
  residentId: ZId,
  facilityId: ZId,
  amountCents: ZCents.min(0, "Cannot be negative"),
  effectiveFrom: ZDateOnly,
  notes: ZOptionalText(500),
});
export const rentRatesCollection = defineCollection({
  name: "rentRates",
  label: "Rent rate",
  schema: ZRentRate,
  scope: { kind: "facility", field: "facilityId" },
  access: { read: "rent", write: "rent" },
  filterable: ["residentId", "facilityId"],
  sortable: ["effectiveFrom"],
  defaultSort: { field: "effectiveFrom", direction: "desc" },
  searchable: [],
  removal: "archive",
  clientIds: false,
  auditViews: false,
  links: [LINK_TO_RESIDENT],
});

/**
 * What a charge line is: a month's `rent` (id `rent-<residentId>-<YYYY-MM>`, see rent.rules, so
 * generating a month twice, from two screens or two servers, is refused as a duplicate), an `extra`
 * charge, or a `credit` that lowers the balance. Extras and credits are corrections and carry a reason.
 */
export const CHARGE_KINDS = ["rent", "extra", "credit"] as const;
export type TChargeKind = (typeof CHARGE_KINDS)[number];

/**
 * One line of a resident's bill. Amounts are never negative: a correction downwards is a `credit`
 * with its reason, so no one can write a negative charge.
 */
export const ZRentCharge = z
  .object({
    residentId: ZId,
    facilityId: ZId,
    month: ZMonth,
    kind: z.enum(CHARGE_KINDS).default("rent"),
    amountCents: ZCents.min(0, "Cannot be negative; record a credit instead"),
    periodStart: ZDateOnly,
    periodEnd: ZDateOnly,
    dueDate: ZDateOnly,
    description: ZText(200),
    /** Why an extra charge or a credit was made (required for them). */
    reason: ZOptionalText(500),
  })
  .superRefine((c, ctx) => {
    if (c.kind !== "rent" && !c.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Give the reason for the correction" });
  });
export const rentChargesCollection = defineCollection({
  name: "rentCharges",
  label: "Rent charge",
  schema: ZRentCharge,
  scope: { kind: "facility", field: "facilityId" },
  access: { read: "rent", write: "rent" },
  filterable: ["residentId", "facilityId", "month"],
  sortable: ["month", "dueDate"],
  defaultSort: { field: "month", direction: "desc" },
  searchable: [],
  removal: "archive",
  clientIds: true,
  derivedId: {
    from: ["residentId", "month"],
    /** Only a month's rent line: extra charges and credits are many per month, with generated ids. */
    derive: (fields) =>
      (fields.kind ?? "rent") === "rent" ? chargeId(String(fields.residentId), String(fields.month)) : undefined,
    rules: (data, generated) =>
      `((${data}.get("kind", "rent") == "rent" && id == "rent-" + ${data}.residentId + "-" + ${data}.month) || (${data}.get("kind", "rent") != "rent" && ${generated}))`,
  },
  auditViews: false,
  links: [LINK_TO_RESIDENT],
});

export const PAYMENT_METHODS = ["check", "cash", "ach", "card", "other"] as const;

/**
 * A `payment` received lowers the balance; a `refund` (money paid back to the payer, after a move-out or
 * an overpayment) raises it. A refund is a payment line of its own kind rather than a negative amount,
 * so amounts stay positive everywhere (as with charges and credits) and it carries its reason.
 */
export const PAYMENT_KINDS = ["payment", "refund"] as const;
export type TPaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * A `recorded` line counts; a `voided` one (entered by mistake) stays on record, struck through, and
 * counts for nothing. Voiding is final: a voided line is never changed again (`frozen` below), and who
 * voided it and when are its `updatedBy` and `updatedAt`, which no later write can move.
 */
export const PAYMENT_STATUSES = ["recorded", "voided"] as const;

/** The fields a payment's receipt prints: changing them on a voided line is refused (see `frozen`). */
const PAYMENT_FIELDS = ["receivedOn", "amountCents", "method", "reference", "payer", "notes", "reason", "residentId"];

/** The earliest day a payment can have been received: an earlier one (year 0000) is a typing error. */
export const EARLIEST_PAYMENT_DATE = "1990-01-01";

/**
 * A payment's money and what it is for, fixed once recorded: a wrong one is voided and recorded again,
 * so the rent roll, the balance and the receipts printed since keep adding up. Method, reference, payer
 * and notes stay editable (typos that move no money).
 */
const FIXED_PAYMENT_FIELDS = {
  amountCents: "A recorded payment's amount cannot be changed: void it and record the right one",
  receivedOn: "A recorded payment's date cannot be changed: void it and record the right one",
  residentId: "A recorded payment's resident cannot be changed: void it and record it for the right one",
  kind: "A recorded payment's kind cannot be changed: void it and record the right one",
};

export const ZPayment = z
  .object({
    residentId: ZId,
    facilityId: ZId,
    receivedOn: ZDateOnly,
    amountCents: ZCents.min(1, "Enter an amount above zero"),
    method: z.enum(PAYMENT_METHODS),
    reference: ZOptionalText(100),
    payer: ZOptionalText(200),
    notes: ZOptionalText(1000),
    kind: z.enum(PAYMENT_KINDS).default("payment"),
    /** Why a refund was made (required for a refund). */
    reason: ZOptionalText(500),
    status: z.enum(PAYMENT_STATUSES).default("recorded"),
    /** Why the line was voided (required once voided). */
    voidReason: ZOptionalText(500),
    /**
     * The resident's balance right after this line was recorded, as its receipt prints it: set by the
     * backend in the write that records it (never by a client), and never recomputed. Absent on lines
     * recorded before receipts were fixed.
     */
    balanceAfterCents: ZCents.nullable().optional(),
    /** Who recorded the payment, as its receipt's "Received by" (set by the backend from the signed-in user). */
    receivedBy: ZOptionalText(254),
    receivedByUserId: z.string().max(128).optional(),
  })
  .superRefine((p, ctx) => {
    // Like an admission, at most a year ahead (a post-dated cheque); never before 1990. A check of the
    // whole record, not of the field, so that a payment recorded before it (a typo of the year) is still
    // answered as stored and can be voided (validateUpdate judges a fixed field as stored).
    if (p.receivedOn < EARLIEST_PAYMENT_DATE)
      ctx.addIssue({
        code: "custom",
        path: ["receivedOn"],
        message: "Enter the day the payment was received (not before 1990)",
      });
    else if (p.receivedOn > addMonths(latestDateAnywhere(), 12))
      ctx.addIssue({ code: "custom", path: ["receivedOn"], message: "A payment can be dated at most a year ahead" });
    if (p.kind === "refund" && !p.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Give the reason for the refund" });
    if (p.status === "voided" && !p.voidReason)
      ctx.addIssue({ code: "custom", path: ["voidReason"], message: "Give the reason for voiding" });
    // A refund's reason is `reason`; a void reason goes only with a void.
    if (p.status !== "voided" && p.voidReason)
      ctx.addIssue({
        code: "custom",
        path: ["voidReason"],
        message: "A void reason goes only with voiding the payment",
      });
  });
export const paymentsCollection = defineCollection({
  name: "payments",
  label: "Payment",
  schema: ZPayment,
  scope: { kind: "facility", field: "facilityId" },
  access: {
    read: "rent",
    write: "rent",
    actions: {
      // Voiding a line, and recording (or changing) a refund, need "Void or refund payments".
      sets: [
        { field: "status", value: "voided", action: "voidPayment", with: PAYMENT_FIELDS },
        { field: "kind", value: "refund", action: "voidPayment", with: PAYMENT_FIELDS },
      ],
    },
  },
  filterable: ["residentId", "facilityId", "method"],
  sortable: ["receivedOn"],
  defaultSort: { field: "receivedOn", direction: "desc" },
  searchable: ["payer", "reference"],
  // Once recorded, a payment is corrected by voiding it, never removed.
  removal: "none",
  clientIds: false,
  backendFields: ["balanceAfterCents"],
  callerFields: { id: "receivedByUserId", name: "receivedBy", refuseGiven: true },
  frozen: { field: "status", value: "voided", message: "A voided payment cannot be changed." },
  fixed: FIXED_PAYMENT_FIELDS,
  auditViews: false,
  links: [LINK_TO_RESIDENT],
});

/**
 * A resident's running balance, id = residentId. Derived, never written by a client: the backend
 * computes it from the resident's charges and payments in the transaction that changes them (the
 * server, the memory adapter, a Cloud Function on Firebase), so lists show balances without summing
 * history.
 */
export const ZRentAccount = z.object({
  residentId: ZId,
  facilityId: ZId,
  chargedCents: ZCents,
  paidCents: ZCents,
  balanceCents: ZCents,
  /** Due date of the oldest charge not yet covered by payments (for days overdue). */
  oldestUnpaidDueDate: ZDateOnly.nullable().default(null),
});
export const rentAccountsCollection = defineCollection({
  name: "rentAccounts",
  label: "Rent account",
  schema: ZRentAccount,
  scope: { kind: "facility", field: "facilityId" },
  access: { read: "rent", write: "server" },
  filterable: ["residentId", "facilityId"],
  sortable: ["balanceCents"],
  defaultSort: { field: "balanceCents", direction: "desc" },
  searchable: [],
  removal: "none",
  clientIds: true,
  derivedId: {
    from: ["residentId"],
    derive: (fields) => String(fields.residentId),
    rules: (data) => `id == ${data}.residentId`,
  },
  auditViews: false,
  links: [LINK_TO_RESIDENT],
});
