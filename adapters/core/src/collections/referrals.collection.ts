/**
 * Referral agents, kept once for the whole group, and the fee terms agreed with each. The terms live in
 * their own collection, read and written with the Referral fees permission, so a role without it never
 * receives them on any backend (Firestore rules cannot hide single fields of a document).
 */
import { z } from "zod";
import { defineCollection } from "../collection.ts";
import { ZCents, ZDateOnly, ZEmail, ZId, ZOptionalText, ZText, ZTimestamp } from "../common.schema.ts";
import { ZOptionalPhone } from "../phone.schema.ts";
import { latestDateAnywhere } from "../rules/date-only.rules.ts";

const ZOptionalEmail = z.union([ZEmail, z.literal("").transform(() => undefined)]).optional();
const ZOptionalDays = (max: number, unit: string) =>
  z
    .number({ error: `Enter ${unit}` })
    .int(`Whole ${unit}`)
    .min(1, `At least 1 ${unit.replace(/s$/, "")}`)
    .max(max, `At most ${max} ${unit}`)
    .optional();

export const ZReferralAgent = z.object({
  name: ZText(120),
  agency: ZOptionalText(120),
  phone: ZOptionalPhone,
  email: ZOptionalEmail,
  address: ZOptionalText(300),
  /** The agency's window to report a prospect it referred who was already known (days); empty: none. */
  duplicateReportDays: ZOptionalDays(365, "days"),
  /** The agency's window to report a move-in of its referral (business days); empty: none. */
  moveInReportBusinessDays: ZOptionalDays(60, "business days"),
  active: z.boolean().default(true),
  notes: ZOptionalText(2000),
});
export type TReferralAgent = z.infer<typeof ZReferralAgent>;

export const referralAgentsCollection = defineCollection({
  name: "referralAgents",
  label: "Referral agent",
  schema: ZReferralAgent,
  scope: { kind: "global" },
  access: { read: "referrals", write: "referrals" },
  filterable: ["active"],
  sortable: ["name", "agency"],
  defaultSort: { field: "name", direction: "asc" },
  searchable: ["name", "agency"],
  /** An agent who stops referring is made inactive; archiving keeps their referrals' history readable. */
  removal: "archive",
  clientIds: false,
  auditViews: false,
});

/**
 * How an agent's fee is worked out: a percent (up to 100%) of the resident's first month's rent
 * (optionally prorated to the move-in day, optionally capped) or a flat amount. Percent in basis points
 * (5000 = 50%).
 */
export const FEE_KINDS = ["percent_first_month", "flat"] as const;
export type TFeeKind = (typeof FEE_KINDS)[number];

export const ZAgentFeeTerms = z
  .object({
    /** The agent; also the record's id (one set of terms per agent). */
    agentId: ZId,
    kind: z.enum(FEE_KINDS),
    percentBasisPoints: z
      .number({ error: "Enter a percent" })
      .int("At most two decimals")
      .min(1, "More than 0%")
      .max(10_000, "At most 100%")
      .optional(),
    flatCents: ZCents.min(1, "Enter an amount above zero").optional(),
    capCents: ZCents.min(1, "Enter an amount above zero").optional(),
    /** The first month's rent is prorated to the days from move-in before the percent applies. */
    prorateFirstMonth: z.boolean().default(false),
    notes: ZOptionalText(1000),
  })
  .superRefine((terms, ctx) => {
    if (terms.kind === "percent_first_month" && terms.percentBasisPoints === undefined)
      ctx.addIssue({ code: "custom", path: ["percentBasisPoints"], message: "Enter the percent of the first month" });
    if (terms.kind === "flat" && terms.flatCents === undefined)
      ctx.addIssue({ code: "custom", path: ["flatCents"], message: "Enter the flat fee" });
    if (terms.kind === "flat" && terms.capCents !== undefined)
      ctx.addIssue({ code: "custom", path: ["capCents"], message: "A flat fee has no cap" });
  });
export type TAgentFeeTerms = z.infer<typeof ZAgentFeeTerms>;

export const agentFeeTermsCollection = defineCollection({
  name: "agentFeeTerms",
  label: "Agent fee terms",
  schema: ZAgentFeeTerms,
  scope: { kind: "global" },
  access: { read: "fees", write: "fees" },
  filterable: ["agentId"],
  sortable: [],
  defaultSort: { field: "updatedAt", direction: "desc" },
  searchable: [],
  removal: "none",
  clientIds: true,
  derivedId: {
    from: ["agentId"],
    derive: (fields) => String(fields.agentId),
    rules: (data) => `id == ${data}.agentId`,
  },
  auditViews: false,
  links: [{ id: { field: "agentId" }, to: { collection: "referralAgents", kind: "group-wide" } }],
});

/** Where a prospect came from: an agent of the list, or another source named in `sourceDetail`. */
export const REFERRAL_SOURCES = ["agent", "hospital", "family", "website", "walk_in", "other"] as const;
export type TReferralSource = (typeof REFERRAL_SOURCES)[number];
/** How a source reads on screen, in CSV and in reports. */
export const SOURCE_LABELS: Record<TReferralSource, string> = {
  agent: "Referral agent",
  hospital: "Hospital discharge planner",
  family: "Family",
  website: "Website",
  walk_in: "Walk-in",
  other: "Other",
};

/** A referral's stage, from the first call to its end; the last three close it. */
export const REFERRAL_STATUSES = [
  "new",
  "contacted",
  "tour_scheduled",
  "toured",
  "assessment",
  "moved_in",
  "declined",
  "lost",
] as const;
export type TReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const CLOSED_REFERRAL_STATUSES: readonly TReferralStatus[] = ["moved_in", "declined", "lost"];
/** The stages of an open referral, in the order a prospect goes through them. */
export const OPEN_REFERRAL_STATUSES: readonly TReferralStatus[] = REFERRAL_STATUSES.filter(
  (s) => !CLOSED_REFERRAL_STATUSES.includes(s),
);

/** Why a referral was closed. */
export const CLOSE_REASONS = [
  "moved_in",
  "declined_by_us",
  "chose_another_provider",
  "sister_home",
  "duplicate",
  "deceased",
  "other",
] as const;
export type TCloseReason = (typeof CLOSE_REASONS)[number];

/** E-mail addresses of prospects are kept in lower case, so the duplicate check finds them by equality. */
const ZProspectEmail = z.union([ZEmail.toLowerCase(), z.literal("").transform(() => undefined)]).optional();

export const ZReferral = z
  .object({
    /** The home the prospect is referred to; access follows it. */
    facilityId: ZId,
    referredOn: ZDateOnly,
    source: z.enum(REFERRAL_SOURCES).default("agent"),
    agentId: ZId.optional(),
    /** Who referred, when not an agent of the list: the discharge planner, the family member, the site. */
    sourceDetail: ZOptionalText(200),
    firstName: ZText(60),
    lastName: ZText(60),
    dateOfBirth: ZDateOnly.optional(),
    phone: ZOptionalPhone,
    email: ZProspectEmail,
    contactName: ZOptionalText(120),
    contactRelationship: ZOptionalText(60),
    careNeeds: ZOptionalText(2000),
    /** What the prospect can pay a month. */
    budgetCents: ZCents.min(0, "Cannot be negative").optional(),
    desiredMoveIn: ZDateOnly.optional(),
    status: z.enum(REFERRAL_STATUSES).default("new"),
    nextFollowUp: ZDateOnly.optional(),
    /** The tour's local date and time, `YYYY-MM-DDTHH:mm` in the home's time zone. */
    tourAt: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Enter a date and time")
      .optional(),
    closeReason: z.enum(CLOSE_REASONS).optional(),
    outcomeNotes: ZOptionalText(2000),
    /** The earlier referral of the same prospect this one duplicates (any home of the group). */
    duplicateOfId: ZId.optional(),
    /**
     * The earlier referral the duplicate check found when this one was logged anyway (not linked as a
     * duplicate, and not said to be another person): shown as "Possible duplicate" until someone looks.
     */
    possibleDuplicateOfId: ZId.optional(),
    /** Why it was kept open although the same person was referred before. */
    duplicateNote: ZOptionalText(500),
    /** The day the agency was told of the duplicate. */
    duplicateReportedOn: ZDateOnly.optional(),
    /** The resident the prospect became. */
    residentId: ZId.optional(),
    moveInDate: ZDateOnly.optional(),
    /** The resident's monthly rent at move-in: the first month's rent an agent's percent applies to. */
    firstMonthRentCents: ZCents.min(0, "Cannot be negative").optional(),
    /** The day the agency was told of the move-in. */
    moveInReportedOn: ZDateOnly.optional(),
  })
  .superRefine((r, ctx) => {
    if (r.referredOn > latestDateAnywhere())
      ctx.addIssue({
        code: "custom",
        path: ["referredOn"],
        message: "A referral is logged once received: not in the future",
      });
    if (r.dateOfBirth !== undefined && r.dateOfBirth >= r.referredOn)
      ctx.addIssue({ code: "custom", path: ["dateOfBirth"], message: "The date of birth must be before the referral" });
    if (r.nextFollowUp !== undefined && r.nextFollowUp < r.referredOn)
      ctx.addIssue({ code: "custom", path: ["nextFollowUp"], message: "The follow-up cannot be before the referral" });
    if (r.desiredMoveIn !== undefined && r.desiredMoveIn < r.referredOn)
      ctx.addIssue({
        code: "custom",
        path: ["desiredMoveIn"],
        message: "The desired move-in cannot be before the referral",
      });
    if (r.moveInDate !== undefined && r.moveInDate < r.referredOn)
      ctx.addIssue({ code: "custom", path: ["moveInDate"], message: "The move-in cannot be before the referral" });
    if (r.source === "agent" && r.agentId === undefined)
      ctx.addIssue({ code: "custom", path: ["agentId"], message: "Choose the agent" });
    if (r.source !== "agent" && r.agentId !== undefined)
      ctx.addIssue({ code: "custom", path: ["agentId"], message: "Only a referral from an agent names one" });
    const closed = CLOSED_REFERRAL_STATUSES.includes(r.status);
    if (closed && r.closeReason === undefined)
      ctx.addIssue({ code: "custom", path: ["closeReason"], message: "Choose why the referral was closed" });
    if (!closed && r.closeReason !== undefined)
      ctx.addIssue({ code: "custom", path: ["closeReason"], message: "Only a closed referral has a close reason" });
    if ((r.status === "moved_in") !== (r.closeReason === "moved_in") && r.closeReason !== undefined)
      ctx.addIssue({ code: "custom", path: ["closeReason"], message: "“Moved in” is the reason of a move-in only" });
    if (r.status === "moved_in" && r.moveInDate === undefined)
      ctx.addIssue({ code: "custom", path: ["moveInDate"], message: "Enter the move-in date" });
    if (r.status === "tour_scheduled" && r.tourAt === undefined)
      ctx.addIssue({ code: "custom", path: ["tourAt"], message: "Enter the tour's date and time" });
    if (r.closeReason === "duplicate" && r.duplicateOfId === undefined)
      ctx.addIssue({ code: "custom", path: ["duplicateOfId"], message: "Name the referral it duplicates" });
  });
export type TReferral = z.infer<typeof ZReferral>;

/**
 * A prospect referred to one home: the group's referral log. Found again by the duplicate check
 * (`InsightsPort.referralMatches`) from any home, by date of birth, phone or e-mail through indexes.
 */
export const referralsCollection = defineCollection({
  name: "referrals",
  label: "Referral",
  schema: ZReferral,
  scope: { kind: "facility", field: "facilityId" },
  access: { read: "referrals", write: "referrals" },
  filterable: ["facilityId", "status", "agentId"],
  sortable: ["referredOn"],
  defaultSort: { field: "referredOn", direction: "desc" },
  searchable: ["lastName", "firstName"],
  /** A referral logged by mistake is archived: its history and any fee stay readable. */
  removal: "archive",
  clientIds: false,
  auditViews: false,
  links: [
    { id: { field: "agentId" }, to: { collection: "referralAgents", kind: "group-wide" } },
    { id: { field: "residentId" }, to: { collection: "residents", kind: "same-facility" } },
  ],
  /** The first month's rent fixes the agent's fee: only roles with Referral fees see or set it. */
  restrictedFields: { firstMonthRentCents: "fees" },
});

export const CONTACT_KINDS = ["call", "email", "visit", "tour", "note"] as const;

/** One call, e-mail, visit or tour with a prospect or their family: a line of the referral's contact log. */
export const ZReferralContact = z.object({
  referralId: ZId,
  /** The referral's home. */
  facilityId: ZId,
  kind: z.enum(CONTACT_KINDS),
  /** When it happened, an ISO timestamp. */
  at: ZTimestamp,
  /** With whom (the prospect, a daughter, the discharge planner). */
  withWhom: ZOptionalText(120),
  notes: ZText(2000),
});

export const referralContactsCollection = defineCollection({
  name: "referralContacts",
  label: "Referral contact",
  schema: ZReferralContact,
  scope: { kind: "facility", field: "facilityId" },
  access: { read: "referrals", write: "referrals" },
  filterable: ["referralId"],
  sortable: ["at"],
  defaultSort: { field: "at", direction: "desc" },
  searchable: [],
  removal: "archive",
  clientIds: false,
  auditViews: false,
  links: [{ id: { field: "referralId" }, to: { collection: "referrals", kind: "same-facility" } }],
});

/** A line of an agent's fee ledger: an invoice received, a payment made, or a dispute raised. */
export const FEE_ENTRY_KINDS = ["invoice", "payment", "dispute"] as const;
export type TFeeEntryKind = (typeof FEE_ENTRY_KINDS)[number];
export const PAYMENT_METHODS = ["check", "ach", "card", "other"] as const;

export const ZReferralFee = z
  .object({
    referralId: ZId,
    agentId: ZId,
    facilityId: ZId,
    kind: z.enum(FEE_ENTRY_KINDS),
    /** Recorded once it happened: not after tomorrow anywhere (today in California may be tomorrow in UTC). */
    date: ZDateOnly.refine((date) => date <= latestDateAnywhere(), "Record it once it happened: not in the future"),
    /** The invoice's or payment's amount; a dispute names the amount disputed, if any. */
    amountCents: ZCents.min(0, "Cannot be negative").optional(),
    invoiceNumber: ZOptionalText(60),
    method: z.enum(PAYMENT_METHODS).optional(),
    notes: ZOptionalText(1000),
  })
  .superRefine((f, ctx) => {
    if (f.kind !== "dispute" && (f.amountCents === undefined || f.amountCents === 0))
      ctx.addIssue({ code: "custom", path: ["amountCents"], message: "Enter the amount" });
    if (f.kind === "invoice" && f.invoiceNumber === undefined)
      ctx.addIssue({ code: "custom", path: ["invoiceNumber"], message: "Enter the invoice number" });
    if (f.kind === "payment" && f.method === undefined)
      ctx.addIssue({ code: "custom", path: ["method"], message: "Choose how it was paid" });
    if (f.kind === "dispute" && f.notes === undefined)
      ctx.addIssue({ code: "custom", path: ["notes"], message: "Say what is disputed" });
  });
export type TReferralFee = z.infer<typeof ZReferralFee>;

/** The fee ledger of referrals: read and written with the Referral fees permission only. */
export const referralFeesCollection = defineCollection({
  name: "referralFees",
  label: "Referral fee entry",
  schema: ZReferralFee,
  scope: { kind: "facility", field: "facilityId" },
  access: {
    read: "fees",
    write: "fees",
    // What feeEntryError reads of an entry: a change of any of them could pay a fee twice.
    checkedFields: ["referralId", "agentId", "facilityId", "kind", "date", "amountCents", "invoiceNumber"],
  },
  filterable: ["facilityId", "referralId", "agentId"],
  sortable: ["date"],
  defaultSort: { field: "date", direction: "desc" },
  searchable: [],
  removal: "archive",
  clientIds: false,
  auditViews: false,
  links: [
    { id: { field: "referralId" }, to: { collection: "referrals", kind: "same-facility" } },
    { id: { field: "agentId" }, to: { collection: "referralAgents", kind: "group-wide" } },
  ],
});
