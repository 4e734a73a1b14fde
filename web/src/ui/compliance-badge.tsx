/**
 * A person's or facility's document compliance as a small badge: the status in words and colour (never
 * colour alone), with the counts of required documents per status in its title and for screen readers.
 */
import type { TComplianceStatus } from "@care/core/ports/insights.port";
import { complianceStatusLabel } from "@care/core/rules/compliance.rules";
import "./compliance-badge.css";

export type TComplianceCounts = Record<TComplianceStatus, number>;

/** "2 missing, 1 expiring soon" / "all 7 required documents complete" / "no required documents". */
export function complianceCountsText(counts: TComplianceCounts): string {
  const total = counts.complete + counts.missing + counts.expiring + counts.expired;
  if (total === 0) return "no required documents";
  const problems = [
    counts.expired > 0 && `${counts.expired} expired`,
    counts.missing > 0 && `${counts.missing} missing`,
    counts.expiring > 0 && `${counts.expiring} expiring soon`,
  ].filter(Boolean);
  if (problems.length === 0) return `all ${total} required document${total === 1 ? "" : "s"} complete`;
  return `${problems.join(", ")} of ${total} required`;
}

export function ComplianceBadge({
  status,
  counts,
  text,
}: {
  status: TComplianceStatus;
  /** Required documents per status, told in the title and to screen readers. */
  counts?: TComplianceCounts | undefined;
  /** Words instead of the status label (e.g. "Expiring in 10 days"). */
  text?: string | undefined;
}) {
  const label = text ?? complianceStatusLabel(status);
  const detail = counts ? complianceCountsText(counts) : undefined;
  return (
    <span
      className={`compliance-badge compliance-badge--${status}`}
      title={detail ? `Documents: ${label} — ${detail}` : undefined}
      data-status={status}
    >
      {label}
      {detail && <span className="visually-hidden"> — {detail}</span>}
    </span>
  );
}
