/** How referrals read: the words of their statuses, sources, close reasons and contact kinds, and their fee. */
import {
  SOURCE_LABELS,
  type TCloseReason,
  type TFeeEntryKind,
  type TReferralStatus,
} from "@care/core/collections/referrals.collection";
import type { TRecordOf } from "@care/core/registry";

export type TReferralRecord = TRecordOf<"referrals">;
export type TContactRecord = TRecordOf<"referralContacts">;
export type TFeeEntryRecord = TRecordOf<"referralFees">;

export const STATUS_LABELS: Record<TReferralStatus, string> = {
  new: "New",
  contacted: "Contacted",
  tour_scheduled: "Tour scheduled",
  toured: "Toured",
  assessment: "Assessment",
  moved_in: "Moved in",
  declined: "Declined",
  lost: "Lost",
};

export const STATUS_TONES: Record<TReferralStatus, string> = {
  new: "pill pill--info",
  contacted: "pill pill--info",
  tour_scheduled: "pill pill--warn",
  toured: "pill pill--warn",
  assessment: "pill pill--warn",
  moved_in: "pill",
  declined: "pill pill--muted",
  lost: "pill pill--muted",
};

export const CLOSE_REASON_LABELS: Record<TCloseReason, string> = {
  moved_in: "Moved in",
  declined_by_us: "Declined by us",
  chose_another_provider: "Chose another provider",
  sister_home: "Moved to a sister home",
  duplicate: "Duplicate",
  deceased: "Deceased",
  other: "Other",
};

export const CONTACT_KIND_LABELS = {
  call: "Call",
  email: "E-mail",
  visit: "Visit",
  tour: "Tour",
  note: "Note",
} as const;

export const FEE_ENTRY_LABELS: Record<TFeeEntryKind, string> = {
  invoice: "Invoice received",
  payment: "Payment made",
  dispute: "Dispute",
};

export const PAYMENT_METHOD_LABELS = {
  check: "Check",
  ach: "Bank transfer (ACH)",
  card: "Card",
  other: "Other",
} as const;

/** "Alvarez, Rosa". */
export function prospectName(r: Pick<TReferralRecord, "firstName" | "lastName">): string {
  return `${r.lastName}, ${r.firstName}`;
}

/** Who referred: the agent's name, or the source with its detail ("Hospital discharge planner: Dr. Lee"). */
export function sourceText(r: Pick<TReferralRecord, "source" | "sourceDetail">, agentName: string): string {
  if (r.source === "agent") return agentName;
  return r.sourceDetail ? `${SOURCE_LABELS[r.source]}: ${r.sourceDetail}` : SOURCE_LABELS[r.source];
}

/** A local `YYYY-MM-DDTHH:mm` (a tour, a contact) as "Thu 2026-11-05, 2:00 PM". */
export function tourText(tourAt: string): string {
  const [date = "", time = "00:00"] = tourAt.split("T");
  const [h = 0, m = 0] = time.split(":").map(Number);
  const weekday = new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "short", timeZone: "UTC" });
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${weekday} ${date}, ${hour}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}
