/** `/reports/census`: census and occupancy by home and by month, with move-ins, move-outs and length of stay. */
import type { TCensusReport } from "@care/core/reports/census.report";
import { MonthlyBars, TrendChart } from "./report-chart.tsx";
import { ReportFrame } from "./report-frame.tsx";
import { dayText, monthShort } from "./report-range.ts";
import { ByHomeSection, ByMonthSection, monthColumn, type TReportColumn } from "./report-section.tsx";

type THomeRow = TCensusReport["homes"][number];
type TMonthRow = TCensusReport["months"][number];

/** Occupancy as shown: over 100% is marked (more residents than licensed beds: a capacity or status to check). */
function occupancyShown(value: number | null) {
  if (value === null) return "—";
  if (value <= 100) return `${value}%`;
  return <strong className="pill pill--warn">{value}% — over capacity</strong>;
}

const HOME_COLUMNS: TReportColumn<THomeRow>[] = [
  { header: "Home", value: (r) => r.name },
  { header: "Licensed capacity", short: "Beds", value: (r) => r.capacity, numeric: true },
  { header: "Residents", value: (r) => r.census, numeric: true },
  {
    header: "Occupancy %",
    short: "Occ. %",
    value: (r) => r.occupancyPercent,
    show: (r) => occupancyShown(r.occupancyPercent),
    numeric: true,
  },
  { header: "Move-ins", value: (r) => r.moveIns, numeric: true },
  { header: "Discharged", value: (r) => r.moveOutsByReason.discharged, numeric: true },
  { header: "Deceased", value: (r) => r.moveOutsByReason.deceased, numeric: true },
  { header: "Moved to another home", short: "Moved", value: (r) => r.moveOutsByReason.transferred, numeric: true },
  { header: "Average stay (days)", short: "Avg. stay (d)", value: (r) => r.averageStayDays, numeric: true },
];

const OCCUPANCY_COLUMNS: TReportColumn<TMonthRow>[] = [
  monthColumn<TMonthRow>(),
  { header: "Residents", value: (r) => r.census, numeric: true },
  { header: "Licensed capacity", value: (r) => r.capacity, numeric: true },
  {
    header: "Occupancy %",
    value: (r) => r.occupancyPercent,
    show: (r) => occupancyShown(r.occupancyPercent),
    numeric: true,
  },
];

const MOVES_COLUMNS: TReportColumn<TMonthRow>[] = [
  monthColumn<TMonthRow>(),
  { header: "Move-ins", value: (r) => r.moveIns, numeric: true },
  { header: "Move-outs", value: (r) => r.moveOuts, numeric: true },
];

export function CensusReportPage() {
  return (
    <ReportFrame kind="census">
      {(report, view) => {
        const withCapacity = report.total.capacity !== null;
        const overCapacity = report.homes.filter((h) => (h.occupancyPercent ?? 0) > 100).map((h) => h.name);
        return (
          <>
            <ByHomeSection
              view={view}
              note={
                <>
                  Residents living in each home on {dayText(report.countedOn)} (on leave and in hospital included,
                  planned move-ins not), and the moves of the range.
                  {overCapacity.length > 0 &&
                    ` More residents than licensed beds at ${overCapacity.join(", ")}: check the licensed capacity on the home's page, or residents still marked as living there.`}
                </>
              }
              columns={HOME_COLUMNS}
              homes={report.homes}
              total={report.total}
            />
            <ByMonthSection
              view={view}
              csv="occupancy-by-month"
              title={withCapacity ? "Occupancy by month" : "Residents by month"}
              note="Residents on each month's last day (or on the last day counted), over the licensed beds of the homes that record their capacity."
              chart={
                <TrendChart
                  title={withCapacity ? "Occupancy by month" : "Residents by month"}
                  points={report.months.map((m) => ({
                    label: monthShort(m.month),
                    value: withCapacity ? m.occupancyPercent : m.census,
                  }))}
                  format={withCapacity ? (v) => `${v}%` : String}
                  minTop={withCapacity ? 100 : 1}
                />
              }
              columns={OCCUPANCY_COLUMNS}
              rows={report.months}
            />
            <ByMonthSection
              view={view}
              csv="moves-by-month"
              title="Moves by month"
              chart={
                <MonthlyBars
                  title="Move-ins and move-outs by month"
                  months={report.months}
                  series={[
                    ["Move-ins", (m) => m.moveIns],
                    ["Move-outs", (m) => m.moveOuts],
                  ]}
                />
              }
              columns={MOVES_COLUMNS}
              rows={report.months}
            />
          </>
        );
      }}
    </ReportFrame>
  );
}
