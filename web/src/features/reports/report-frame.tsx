/**
 * The frame every report page shares: its heading with the header's facility and the range, the
 * range's choices (kept in the address), Print (the report alone, on A4 or Letter, without the
 * portal's navigation), loading and error states, and the report's own sections once its answer is in.
 * The answer is one `InsightsPort.report` read, refreshed when a collection it is computed from changes.
 */
import { useEffect, type ReactNode } from "react";
import { Link } from "react-router-dom";
import toast from "react-hot-toast";
import { ZReportQuery, type TReportQueryInput } from "@care/core/reports/report-query.schema";
import { AREA_LABELS } from "@care/core/collections/areas";
import { can } from "@care/core/rules/permissions.rules";
import { REPORTS, type TReportKind, type TReportOf } from "@care/core/reports/reports";
import { facilityToday } from "../../lib/facilities.tsx";
import { useFacilityScope } from "../../lib/facility-scope.ts";
import { useBufferedValue } from "../../lib/use-buffered-value.ts";
import { useSearchState } from "../../lib/use-search-state.ts";
import { paths } from "../../lib/paths.ts";
import { useSession } from "../../lib/ports.tsx";
import { usePortQuery } from "../../lib/records/use-records.ts";
import { FormField } from "../../ui/form-field.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { printPage } from "../../ui/print.ts";
import { REPORT_PAGES } from "./report-catalog.ts";
import {
  presetOf,
  presetRange,
  RANGE_PRESETS,
  dayText,
  rangeFromAddress,
  rangeText,
  type TRangePreset,
} from "./report-range.ts";
import "./reports.css";

/**
 * Says when a home's figures start after the range does: a home's reports count from its go-live date
 * (set on the home's page), so the months before it have no empty beds and no missing papers.
 */
function GoLiveNote({ report, from }: { report: object; from: string }) {
  const homes = "homes" in report ? (report.homes as readonly { name: string; goLiveDate?: string | null }[]) : [];
  const later = homes.filter((h) => h.goLiveDate && h.goLiveDate > from);
  if (later.length === 0) return null;
  return (
    <p className="card report-go-live" role="note">
      {homes.length === 1
        ? `Since go-live on ${dayText(later[0]!.goLiveDate!)}: the home's figures count from that day, the day its records in the portal begin.`
        : `Each home counted since its go-live: ${later.map((h) => `${h.name} since ${dayText(h.goLiveDate!)}`).join(", ")}.`}
    </p>
  );
}

/** What a report's sections need besides its answer. */
export interface TReportView {
  query: TReportQueryInput;
  /** "Tull", "All facilities". */
  scope: string;
  nameOf: (facilityId: string) => string;
  /** A CSV file's name for one part of the report: "census-by-home-tull-2026-01-01-2026-03-31.csv". */
  csvName: (part: string) => string;
}

export function ReportFrame<K extends TReportKind>({
  kind,
  children,
}: {
  kind: K;
  children: (report: TReportOf<K>, view: TReportView) => ReactNode;
}) {
  const page = REPORT_PAGES[kind];
  const { facilityId, scope, nameOf, facilities } = useFacilityScope();
  const today = facilityToday(facilities, facilityId);
  const [search, updateSearch] = useSearchState();
  const range = rangeFromAddress(search, today);
  const unreadable = range.unreadable.join(", ");
  useEffect(() => {
    if (!unreadable) return;
    toast.error(`"${unreadable}" in the address is not a date, so the last 12 months are shown.`, {
      id: "report-range",
    });
    updateSearch(() => ({}));
  }, [unreadable, updateSearch]);

  const query: TReportQueryInput = { ...(facilityId ? { facilityId } : {}), from: range.from, to: range.to, today };
  const checked = ZReportQuery.safeParse(query);
  const fieldError = (field: "from" | "to") =>
    checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === field)?.message;
  const session = useSession();
  const missing = REPORTS[kind].needs.filter((area) => !session || !can(session, area, "read"));
  const report = usePortQuery(["report", kind, query], ({ insights }) => insights.report(kind, query), {
    reads: REPORTS[kind].reads,
    enabled: checked.success && missing.length === 0,
    keepPrevious: true,
  });
  const setRange = (next: { from?: string; to?: string }) =>
    updateSearch((current) => {
      const now = rangeFromAddress(current, today);
      return { from: next.from ?? now.from, to: next.to ?? now.to };
    });
  // Typed dates reach the address once typing pauses; an emptied field leaves the range as it was.
  const [from, setFrom] = useBufferedValue(range.from, (value) => value && setRange({ from: value }));
  const [to, setTo] = useBufferedValue(range.to, (value) => value && setRange({ to: value }));
  const view: TReportView = {
    query,
    scope,
    nameOf,
    csvName: (part) => `${kind}-${part}-${facilityId || "all-facilities"}-${range.from}-${range.to}.csv`,
  };

  return (
    <div className="page report-page">
      <PageHeader
        title={page.title}
        intro={page.intro}
        scope={{ label: "Facility:", value: scope, extra: checked.success ? ` · ${rangeText(range)}` : "" }}
        actions={
          <>
            <Link className="button button--secondary" to={paths.reports.list.href()}>
              All reports
            </Link>
            <button
              type="button"
              className="button"
              onClick={printPage}
              disabled={!checked.success || missing.length > 0 || !report.data}
            >
              Print
            </button>
          </>
        }
      />
      <form className="card report-range no-print" aria-label="Report range" onSubmit={(e) => e.preventDefault()}>
        <FormField
          kind="select"
          label="Range"
          name="preset"
          value={presetOf(range, today)}
          placeholder="Chosen dates"
          options={RANGE_PRESETS.map((p) => ({ value: p.id, label: p.label }))}
          onChange={(event) => {
            const value = (event.target as HTMLSelectElement).value as TRangePreset | "";
            if (value) setRange(presetRange(value, today));
          }}
        />
        <FormField
          label="From"
          name="from"
          type="date"
          value={from}
          error={fieldError("from")}
          onChange={(event) => setFrom((event.target as HTMLInputElement).value)}
        />
        <FormField
          label="To"
          name="to"
          type="date"
          value={to}
          error={fieldError("to")}
          onChange={(event) => setTo((event.target as HTMLInputElement).value)}
        />
      </form>
      {missing.length > 0 ? (
        <p className="card" role="status">
          This report covers {missing.map((area) => AREA_LABELS[area].toLowerCase()).join(" and ")}, which your role
          does not include.
        </p>
      ) : !checked.success ? null : report.data ? (
        <div className="report-page__sections" aria-busy={report.isFetching}>
          <GoLiveNote report={report.data} from={range.from} />
          {children(report.data, view)}
        </div>
      ) : (
        <p className="card" role="status">
          {report.isError ? "The report could not be calculated. Try again in a moment." : "Calculating…"}
        </p>
      )}
    </div>
  );
}
