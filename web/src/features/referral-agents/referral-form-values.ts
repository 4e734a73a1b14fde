/**
 * The referral form's values (everything typed as text, the budget as dollars) and how they become a
 * referral: parsed with the shared ZReferral schema, so the form refuses what every backend refuses,
 * with each message beside its field.
 */
import type { FieldErrors, Resolver } from "react-hook-form";
import { ZReferral, type TReferralSource } from "@care/core/collections/referrals.collection";
import type { TInputOf, TPatchOf } from "@care/core/registry";
import { centsToDollarsInput, parseDollars } from "../../lib/money.ts";
import type { TReferralRecord } from "./referral-format.ts";

export interface TReferralValues {
  facilityId: string;
  referredOn: string;
  source: TReferralSource;
  agentId: string;
  sourceDetail: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phone: string;
  email: string;
  contactName: string;
  contactRelationship: string;
  careNeeds: string;
  budget: string;
  desiredMoveIn: string;
  nextFollowUp: string;
  /**
   * When the prospect was referred before: link this one as a duplicate, log it anyway with a reason
   * (kept as a possible duplicate), or say it is another person (no mark).
   */
  duplicateChoice: "" | "duplicate" | "continue" | "different";
  duplicateNote: string;
}

/** The fields a referral's form edits (its status, tour and outcome change on the referral's page). */
export const EDITED_FIELDS = [
  "facilityId",
  "referredOn",
  "source",
  "agentId",
  "sourceDetail",
  "firstName",
  "lastName",
  "dateOfBirth",
  "phone",
  "email",
  "contactName",
  "contactRelationship",
  "careNeeds",
  "budget",
  "desiredMoveIn",
  "nextFollowUp",
] as const satisfies readonly (keyof TReferralValues)[];
export type TEditedField = (typeof EDITED_FIELDS)[number];

export function newReferralValues(facilityId: string, today: string): TReferralValues {
  return {
    facilityId,
    referredOn: today,
    source: "agent",
    agentId: "",
    sourceDetail: "",
    firstName: "",
    lastName: "",
    dateOfBirth: "",
    phone: "",
    email: "",
    contactName: "",
    contactRelationship: "",
    careNeeds: "",
    budget: "",
    desiredMoveIn: "",
    nextFollowUp: "",
    duplicateChoice: "",
    duplicateNote: "",
  };
}

export function referralValues(r: TReferralRecord): TReferralValues {
  return {
    facilityId: r.facilityId,
    referredOn: r.referredOn,
    source: r.source,
    agentId: r.agentId ?? "",
    sourceDetail: r.sourceDetail ?? "",
    firstName: r.firstName,
    lastName: r.lastName,
    dateOfBirth: r.dateOfBirth ?? "",
    phone: r.phone ?? "",
    email: r.email ?? "",
    contactName: r.contactName ?? "",
    contactRelationship: r.contactRelationship ?? "",
    careNeeds: r.careNeeds ?? "",
    budget: r.budgetCents === undefined ? "" : centsToDollarsInput(r.budgetCents),
    desiredMoveIn: r.desiredMoveIn ?? "",
    nextFollowUp: r.nextFollowUp ?? "",
    duplicateChoice: "",
    duplicateNote: r.duplicateNote ?? "",
  };
}

/** The record fields of the typed values (empty texts left out), before the duplicate decision. */
export type TReferralInput = TInputOf<"referrals">;

const blank = (text: string) => (text.trim() === "" ? undefined : text);

/**
 * The resolver: the typed values as the referral, or each field's message. `base` is the record being
 * edited, whose status, outcome and links the form keeps (validated with it, as the backend will).
 */
export function referralResolver(base?: TReferralRecord): Resolver<TReferralValues, unknown, TReferralInput> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    let budgetCents: number | undefined;
    if (values.budget.trim() !== "") {
      const parsed = parseDollars(values.budget);
      if ("error" in parsed) errors.budget = { type: "validate", message: parsed.error };
      else budgetCents = parsed.cents;
    }
    const candidate = {
      ...(base ? keptFields(base) : {}),
      facilityId: values.facilityId,
      referredOn: values.referredOn,
      source: values.source,
      agentId: values.source === "agent" ? blank(values.agentId) : undefined,
      sourceDetail: values.sourceDetail,
      firstName: values.firstName,
      lastName: values.lastName,
      dateOfBirth: blank(values.dateOfBirth),
      phone: values.phone,
      email: values.email,
      contactName: values.contactName,
      contactRelationship: values.contactRelationship,
      careNeeds: values.careNeeds,
      budgetCents,
      desiredMoveIn: blank(values.desiredMoveIn),
      nextFollowUp: blank(values.nextFollowUp),
      duplicateNote: values.duplicateNote,
    };
    // The schema's cross-field checks run only once every field is valid: the agent is asked for at once.
    if (values.source === "agent" && values.agentId === "")
      errors.agentId = { type: "validate", message: "Choose the agent" };
    const parsed = ZReferral.safeParse(candidate);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "");
        if (field && !errors[field]) errors[field] = { type: "validate", message: issue.message };
      }
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors<TReferralValues> };
    // The input as typed (ZReferral's defaults and transforms apply again where it is stored).
    return { values: stripUndefined(candidate) as TReferralInput, errors: {} };
  };
}

/** What the edit form does not change but the record must stay valid with. */
function keptFields(base: TReferralRecord): Partial<TReferralInput> {
  const { status, tourAt, closeReason, outcomeNotes, duplicateOfId, duplicateReportedOn } = base;
  const { residentId, moveInDate, firstMonthRentCents, moveInReportedOn } = base;
  return stripUndefined({
    status,
    tourAt,
    closeReason,
    outcomeNotes,
    duplicateOfId,
    duplicateReportedOn,
    residentId,
    moveInDate,
    firstMonthRentCents,
    moveInReportedOn,
  });
}

function stripUndefined<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined && v !== "")) as T;
}

/** The change an edit sends: every edited field, emptied ones as null. */
export function referralPatch(input: TReferralInput): TPatchOf<"referrals"> {
  return {
    facilityId: input.facilityId,
    referredOn: input.referredOn,
    source: input.source ?? "agent",
    agentId: input.agentId ?? null,
    sourceDetail: input.sourceDetail ?? null,
    firstName: input.firstName,
    lastName: input.lastName,
    dateOfBirth: input.dateOfBirth ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    contactName: input.contactName ?? null,
    contactRelationship: input.contactRelationship ?? null,
    careNeeds: input.careNeeds ?? null,
    budgetCents: input.budgetCents ?? null,
    desiredMoveIn: input.desiredMoveIn ?? null,
    nextFollowUp: input.nextFollowUp ?? null,
    duplicateNote: input.duplicateNote ?? null,
  };
}
