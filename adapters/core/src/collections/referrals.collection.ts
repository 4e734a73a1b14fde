/**
 * Referral agents, kept once for the whole group, and the fee terms agreed with each. The terms live in
 * their own collection, read and written with the Referral fees permission, so a role without it never
 * receives them on any backend (Firestore rules cannot hide single fields of a document).
 */
import { z } from "zod";
import { defineCollection } from "../collection.ts";
import { ZCents, ZEmail, ZId, ZOptionalText, ZText } from "../common.schema.ts";
import { ZOptionalPhone } from "../phone.schema.ts";

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
