/** `/reports/census`: census and occupancy by home and by month, with move-ins, move-outs and length of stay. */
import type { TCensusReport } from "@care/core/reports/census.report";
import { BarChart, TrendChart } from "./report-chart.tsx";
import { ReportFrame } from "./report-frame.tsx";
import { monthShort } from "./report-range.ts";
import { monthColumn, ReportSection, type TReportColumn } from "./report-section.tsx";
import { dayText } from "./report-range.ts";

type THomeRow = TCensusReport["homes"][number];
type TMonthRow = TCensusReport["months"][number];

const percentText = (value: number | null) => (value === null ? "—" : `${value}%`);

const HOME_COLUMNS: TReportColumn<THomeRow>[] = [
  { header: "Home", value: (r) => r.name },
  { header: "Licensed capacity", value: (r) => r.capacity, numeric: true },
  { header: "Residents", value: (r) => r.census, numeric: true },
  {
    header: "Occupancy %",
    value: (r) => r.occupancyPercent,
    show: (r) => percentText(r.occupancyPercent),
    numeric: true,
  },
  { header: "Move-ins", value: (r) => r.moveIns, numeric: true },
  { header: "Discharged", value: (r) => r.moveOutsByReason.discharged, numeric: true },
  { header: "Deceased", value: (r) => r.moveOutsByReason.deceased, numeric: true },
  { header: "Moved to another home", value: (r) => r.moveOutsByReason.transferred, numeric: true },
  { header: "Average stay (days)", value: (r) => r.averageStayDays, numeric: true },
];

const OCCUPANCY_COLUMNS: TReportColumn<TMonthRow>[] = [
  monthColumn<TMonthRow>(),
  { header: "Residents", value: (r) => r.census, numeric: true },
  { header: "Licensed capacity", value: (r) => r.capacity, numeric: true },
  {
    header: "Occupancy %",
    value: (r) => r.occupancyPercent,
    show: (r) => percentText(r.occupancyPercent),
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
        const months = report.months.map((m) => monthShort(m.month));
        const withCapacity = report.total.capacity !== null;
        return (
          <>
            <ReportSection
              title="By home"
              note={`Residents living in each home on ${dayText(report.countedOn)} (on leave and in hospital included, planned move-ins not), and the moves of the range.`}
              columns={HOME_COLUMNS}
              rows={report.homes}
              rowId={(r) => r.facilityId}
              total={{ row: { ...report.total, facilityId: "", name: "" }, label: "All homes" }}
              csvName={view.csvName("by-home")}
              empty={<p>No homes to report on.</p>}
            />
            <ReportSection
              title={withCapacity ? "Occupancy by month" : "Residents by month"}
              note="Residents on each month's last day (or on the last day counted), over the licensed beds of the homes that record their capacity."
              chart={
                <TrendChart
                  title={withCapacity ? "Occupancy by month" : "Residents by month"}
                  points={report.months.map((m, i) => ({
                    label: months[i]!,
                    value: withCapacity ? m.occupancyPercent : m.census,
                  }))}
                  format={withCapacity ? (v) => `${v}%` : String}
                  minTop={withCapacity ? 100 : 1}
                />
              }
              columns={OCCUPANCY_COLUMNS}
              rows={report.months}
              rowId={(r) => r.month}
              csvName={view.csvName("occupancy-by-month")}
              empty={<p>No months in the range.</p>}
            />
            <ReportSection
              title="Moves by month"
              chart={
                <BarChart
                  title="Move-ins and move-outs by month"
                  categories={months}
                  series={[
                    { name: "Move-ins", values: report.months.map((m) => m.moveIns) },
                    { name: "Move-outs", values: report.months.map((m) => m.moveOuts) },
                  ]}
                />
              }
              columns={MOVES_COLUMNS}
              rows={report.months}
              rowId={(r) => r.month}
              csvName={view.csvName("moves-by-month")}
              empty={<p>No months in the range.</p>}
            />
          </>
        );
      }}
    </ReportFrame>
  );
}
