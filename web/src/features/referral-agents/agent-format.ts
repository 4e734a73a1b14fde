/** How agents and their fee terms read, and how the fee terms form turns typed text into a record. */
import type { TFeeKind } from "@care/core/collections/referrals.collection";
import type { TInputOf, TRecordOf } from "@care/core/registry";
import type { TRequirementStatus } from "@care/core/ports/insights.port";
import { conversionPercent, type TAgentStats } from "@care/core/rules/referral-stats.rules";
import { basisPointsToPercentInput, centsToDollarsInput, parseDollars, parsePercent } from "../../lib/money.ts";

export type TAgentRecord = TRecordOf<"referralAgents">;
export type TFeeTermsRecord = TRecordOf<"agentFeeTerms">;

export const FEE_KIND_LABELS: Record<TFeeKind, string> = {
  percent_first_month: "A percent of the first month's rent",
  flat: "A flat amount",
};

/** The fee terms as typed: amounts and the percent as text, parsed without floating point. */
export interface TFeeTermsValues {
  kind: TFeeKind | "";
  percent: string;
  flat: string;
  cap: string;
  prorateFirstMonth: boolean;
  notes: string;
}

export const NO_FEE_TERMS: TFeeTermsValues = {
  kind: "",
  percent: "",
  flat: "",
  cap: "",
  prorateFirstMonth: false,
  notes: "",
};

export function feeTermsValues(terms: TFeeTermsRecord | undefined): TFeeTermsValues {
  if (!terms) return NO_FEE_TERMS;
  return {
    kind: terms.kind,
    percent: terms.percentBasisPoints === undefined ? "" : basisPointsToPercentInput(terms.percentBasisPoints),
    flat: terms.flatCents === undefined ? "" : centsToDollarsInput(terms.flatCents),
    cap: terms.capCents === undefined ? "" : centsToDollarsInput(terms.capCents),
    prorateFirstMonth: terms.prorateFirstMonth,
    notes: terms.notes ?? "",
  };
}

/**
 * The record fields of typed terms, or the messages of the fields to fix. No kind chosen means no terms
 * (null). Only the fields of the chosen kind are kept.
 */
export function feeTermsInput(
  values: TFeeTermsValues,
  agentId: string,
): { input: TInputOf<"agentFeeTerms"> | null } | { errors: Partial<Record<keyof TFeeTermsValues, string>> } {
  if (values.kind === "") return { input: null };
  const errors: Partial<Record<keyof TFeeTermsValues, string>> = {};
  let percentBasisPoints: number | undefined;
  let flatCents: number | undefined;
  let capCents: number | undefined;
  if (values.kind === "percent_first_month") {
    const parsed = parsePercent(values.percent);
    if ("error" in parsed) errors.percent = parsed.error;
    else if (parsed.basisPoints === 0) errors.percent = "More than 0%";
    else percentBasisPoints = parsed.basisPoints;
  } else {
    const parsed = parseDollars(values.flat);
    if ("error" in parsed) errors.flat = parsed.error;
    else if (parsed.cents === 0) errors.flat = "Enter an amount above zero";
    else flatCents = parsed.cents;
  }
  // A flat fee has no cap.
  if (values.kind === "percent_first_month" && values.cap.trim() !== "") {
    const parsed = parseDollars(values.cap);
    if ("error" in parsed) errors.cap = parsed.error;
    else if (parsed.cents === 0) errors.cap = "Enter an amount above zero, or leave it empty";
    else capCents = parsed.cents;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const notes = values.notes.trim();
  return {
    input: {
      agentId,
      kind: values.kind,
      ...(percentBasisPoints === undefined ? {} : { percentBasisPoints }),
      ...(flatCents === undefined ? {} : { flatCents }),
      ...(capCents === undefined ? {} : { capCents }),
      prorateFirstMonth: values.kind === "percent_first_month" && values.prorateFirstMonth,
      ...(notes ? { notes } : {}),
    },
  };
}

/** "25% (1 of 4)", or "—" before any referral. */
export function percentText(stats: Pick<TAgentStats, "referrals" | "moveIns"> | undefined): string {
  const percent = stats ? conversionPercent(stats) : null;
  return percent === null || !stats ? "—" : `${percent}% (${stats.moveIns} of ${stats.referrals})`;
}

/**
 * One of an agent's papers on the Agent List: its short name (the form code, "W-9", else the type's
 * name) and where it stands — "To 2027-03-01", "On file" (never expires), "Expires 2026-12-10",
 * "Expired 2026-10-01" or "Missing".
 */
export function paperText(requirement: TRequirementStatus): { name: string; text: string } {
  const name = requirement.formCode ?? requirement.typeName;
  const expiry = requirement.expiryDate;
  switch (requirement.status) {
    case "missing":
      return { name, text: "Missing" };
    case "expired":
      return { name, text: `Expired ${expiry}` };
    case "expiring":
      return { name, text: `Expires ${expiry}` };
    case "complete":
      return { name, text: requirement.waiverReason !== undefined ? "Waived" : expiry ? `To ${expiry}` : "On file" };
  }
}
