/** Rent: rate history, monthly charges, payments, and each resident's running account. Money in cents. */
import { z } from "zod";
import { defineCollection } from "../collection.ts";
import { ZCents, ZDateOnly, ZId, ZOptionalText, ZText } from "../common.schema.ts";
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
export const ZPayment = z.object({
  residentId: ZId,
  facilityId: ZId,
  receivedOn: ZDateOnly,
  amountCents: ZCents.min(1, "Enter an amount above zero"),
  method: z.enum(PAYMENT_METHODS),
  reference: ZOptionalText(100),
  payer: ZOptionalText(200),
  notes: ZOptionalText(1000),
});
export const paymentsCollection = defineCollection({
  name: "payments",
  label: "Payment",
  schema: ZPayment,
  scope: { kind: "facility", field: "facilityId" },
  access: { read: "rent", write: "rent" },
  filterable: ["residentId", "facilityId", "method"],
  sortable: ["receivedOn"],
  defaultSort: { field: "receivedOn", direction: "desc" },
  searchable: ["payer", "reference"],
  removal: "archive",
  clientIds: false,
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
