/**
 * How the referrals of the homes in view convert, per source — agents, hospital discharge planners,
 * families, the website, walk-ins: referrals, tours, move-ins, conversion and (Referral fees only) fees
 * paid and cost per move-in. Counted where the data is (InsightsPort.sourceStats).
 */
import { usePortQuery } from "../../lib/records/use-records.ts";
import { ConversionTable } from "./conversion-table.tsx";
import { SOURCE_LABELS } from "@care/core/collections/referrals.collection";

export function SourceConversion({ facilityId, scope }: { facilityId: string; scope: string }) {
  const query = facilityId ? { facilityId } : {};
  const stats = usePortQuery(["sourceStats", query], ({ insights }) => insights.sourceStats(query), {
    reads: ["referrals", "referralFees"],
  });
  // Nothing to compare before the first referral of these homes.
  if (stats.data && stats.data.every((s) => s.referrals === 0)) return null;
  return (
    <section className="card agent-referrals" aria-labelledby="sources-title">
      <h2 id="sources-title">Conversion by source, {scope}</h2>
      {!stats.data ? (
        <p role="status">{stats.isError ? "The figures could not be loaded." : "Loading…"}</p>
      ) : (
        <ConversionTable
          firstHeader="Source"
          rows={stats.data.map((s) => ({ ...s, key: s.source, label: SOURCE_LABELS[s.source] }))}
        />
      )}
    </section>
  );
}
