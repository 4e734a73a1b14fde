/** `/reports/training`: training hours per staff member and requirement, who is short, by home and by month. */
import { Link } from "react-router-dom";
import { POSITION_LABELS } from "@care/core/collections/staff.collection";
import type { TTrainingReport } from "@care/core/reports/training.report";
import { paths } from "../../lib/paths.ts";
import { MonthlyBars } from "./report-chart.tsx";
import { ReportFrame } from "./report-frame.tsx";
import { dayText } from "./report-range.ts";
import { ByHomeSection, ByMonthSection, monthColumn, ReportSection, type TReportColumn } from "./report-section.tsx";

type THomeRow = TTrainingReport["homes"][number];
type TStaffRow = TTrainingReport["staff"][number];
type TRequirementRow = TTrainingReport["requirements"][number];
type TMonthRow = TTrainingReport["months"][number];

const HOME_COLUMNS: TReportColumn<THomeRow>[] = [
  { header: "Home", value: (r) => r.name },
  { header: "Staff", value: (r) => r.staff, numeric: true },
  { header: "Hours in range", value: (r) => r.hours, numeric: true },
  { header: "Staff short", value: (r) => r.staffShort, numeric: true },
  { header: "Overdue requirements", value: (r) => r.overdue, numeric: true },
];

const REQUIREMENT_COLUMNS: TReportColumn<TRequirementRow>[] = [
  { header: "Requirement", value: (r) => r.name },
  { header: "Applies to", value: (r) => r.applies, numeric: true },
  { header: "Met", value: (r) => r.met, numeric: true },
  { header: "Short", value: (r) => r.short, numeric: true },
  { header: "Overdue", value: (r) => r.overdue, numeric: true },
];

const MONTH_COLUMNS: TReportColumn<TMonthRow>[] = [
  monthColumn<TMonthRow>(),
  { header: "Hours", value: (r) => r.hours, numeric: true },
];

/** "Annual training: 12 of 20 h, due Dec 31, 2026 (overdue)" for each requirement not met. */
function shortText(row: TStaffRow): string {
  return row.requirements
    .map(
      (r) =>
        `${r.name}: ${r.hours} of ${r.required} h, ${r.shortBy} h to go${r.due ? `, due ${dayText(r.due)}` : ""}${r.state === "overdue" ? " (overdue)" : ""}`,
    )
    .join("; ");
}

export function TrainingReportPage() {
  return (
    <ReportFrame kind="training">
      {(report, view) => {
        const staffColumns: TReportColumn<TStaffRow>[] = [
          {
            header: "Name",
            value: (r) => r.name,
            show: (r) => <Link to={paths.staff.transcript.href(r.staffId)}>{r.name}</Link>,
          },
          { header: "Home", value: (r) => view.nameOf(r.facilityId) },
          {
            header: "Position",
            value: (r) => POSITION_LABELS[r.position as keyof typeof POSITION_LABELS] ?? r.position,
          },
          { header: "Hours in range", value: (r) => r.hours, numeric: true },
          { header: "Short", value: (r) => shortText(r) || "—" },
        ];
        return (
          <>
            <ByMonthSection
              view={view}
              csv="hours-by-month"
              title="Hours by month"
              note="Hours of training recorded in each month of the range."
              chart={
                <MonthlyBars
                  title="Training hours by month"
                  months={report.months}
                  series={[["Hours", (m) => m.hours]]}
                />
              }
              columns={MONTH_COLUMNS}
              rows={report.months}
            />
            <ReportSection
              title="By requirement"
              note={`Where the staff stand on ${dayText(report.countedOn)}, each requirement in its current period.`}
              columns={REQUIREMENT_COLUMNS}
              rows={report.requirements}
              rowId={(r) => r.requirementId}
              csvName={view.csvName("by-requirement")}
              empty={<p>No training requirements are set up (Settings → Training requirements).</p>}
            />
            <ByHomeSection view={view} columns={HOME_COLUMNS} homes={report.homes} total={report.total} />
            <ReportSection
              title="Staff"
              note="Those short of a requirement first; each name opens their training transcript."
              columns={staffColumns}
              rows={report.staff}
              rowId={(r) => r.staffId}
              csvName={view.csvName("staff")}
              empty={<p>No staff in these homes.</p>}
            />
          </>
        );
      }}
    </ReportFrame>
  );
}
