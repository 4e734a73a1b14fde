/** `/reports/referrals`: referrals by agent and by source — conversion, duplicates caught and agents' fees — and by month. */
import { Link } from "react-router-dom";
import { SOURCE_LABELS } from "@care/core/collections/referrals.collection";
import type { TConversion, TReferralsReport } from "@care/core/reports/referrals.report";
import { formatCents } from "@care/core/rules/rent.rules";
import { paths } from "../../lib/paths.ts";
import { MonthlyBars } from "./report-chart.tsx";
import { ReportFrame } from "./report-frame.tsx";
import { ByMonthSection, monthColumn, ReportSection, type TReportColumn } from "./report-section.tsx";

type TAgentRow = TReferralsReport["agents"][number];
type TSourceRow = TReferralsReport["sources"][number];
type TMonthRow = TReferralsReport["months"][number];

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
const money = (cents: number | null) => (cents === null ? "—" : formatCents(cents));

/** The counts, and the fee columns for a role that reads Referral fees. */
function conversionColumns<T extends TConversion>(fees: boolean): TReportColumn<T>[] {
  const moneyColumn = (header: string, pick: (r: T) => number | null): TReportColumn<T> => ({
    header,
    value: (r) => dollars(pick(r)),
    show: (r) => money(pick(r)),
    numeric: true,
  });
  return [
    { header: "Referrals", value: (r) => r.referrals, numeric: true },
    { header: "Tours", value: (r) => r.tours, numeric: true },
    { header: "Move-ins", value: (r) => r.moveIns, numeric: true },
    {
      header: "Conversion %",
      value: (r) => r.conversionPercent,
      show: (r) => (r.conversionPercent === null ? "—" : `${r.conversionPercent}%`),
      numeric: true,
    },
    { header: "Duplicates caught", value: (r) => r.duplicates, numeric: true },
    ...(fees
      ? [
          moneyColumn("Fees owed", (r) => r.owedCents),
          moneyColumn("Invoiced", (r) => r.invoicedCents),
          moneyColumn("Paid", (r) => r.paidCents),
          moneyColumn("Cost per move-in", (r) => r.costPerMoveInCents),
        ]
      : []),
  ];
}

const MONTH_COLUMNS: TReportColumn<TMonthRow>[] = [
  monthColumn<TMonthRow>(),
  { header: "Referrals", value: (r) => r.referrals, numeric: true },
  { header: "Move-ins", value: (r) => r.moveIns, numeric: true },
];

export function ReferralsReportPage() {
  return (
    <ReportFrame kind="referrals">
      {(report, view) => {
        const fees = report.total.paidCents !== null;
        const agentColumns: TReportColumn<TAgentRow>[] = [
          {
            header: "Agent",
            value: (r) => r.name,
            show: (r) => <Link to={paths.agents.detail.href(r.agentId)}>{r.name}</Link>,
          },
          ...conversionColumns<TAgentRow>(fees),
        ];
        const sourceColumns: TReportColumn<TSourceRow>[] = [
          { header: "Source", value: (r) => SOURCE_LABELS[r.source] },
          ...conversionColumns<TSourceRow>(fees),
        ];
        return (
          <>
            <ByMonthSection
              view={view}
              title="By month"
              note="Referrals received each month, and the move-ins of those referrals on each month's days (Census counts every admission, whoever referred it)."
              chart={
                <MonthlyBars
                  title="Referrals and move-ins by month"
                  months={report.months}
                  series={[
                    ["Referrals", (m) => m.referrals],
                    ["Move-ins", (m) => m.moveIns],
                  ]}
                />
              }
              columns={MONTH_COLUMNS}
              rows={report.months}
            />
            <ReportSection
              title="By source"
              note={
                fees
                  ? "Referrals received in the range and what became of them; fees owed for their move-ins by the agents' terms, invoiced and paid on the range's days."
                  : "Referrals received in the range and what became of them."
              }
              columns={sourceColumns}
              rows={report.sources}
              rowId={(r) => r.source}
              total={{ row: { ...report.total, source: "agent" }, label: "All sources" }}
              csvName={view.csvName("by-source")}
              empty={<p>No referrals in the range.</p>}
            />
            <ReportSection
              title="By agent"
              note="Duplicates caught: referrals of a prospect already referred, for which the agency is owed no fee."
              columns={agentColumns}
              rows={report.agents}
              rowId={(r) => r.agentId}
              csvName={view.csvName("by-agent")}
              empty={<p>No referrals from agents in the range.</p>}
            />
          </>
        );
      }}
    </ReportFrame>
  );
}
