/** `/reports/compliance`: required documents missing, expiring and expired — by home, by person, and by month. */
import { Link } from "react-router-dom";
import type { TComplianceReportAnswer } from "@care/core/reports/compliance.report";
import { complianceStatusLabel } from "@care/core/rules/compliance.rules";
import { paths } from "../../lib/paths.ts";
import { MonthlyBars } from "./report-chart.tsx";
import { ReportFrame } from "./report-frame.tsx";
import { dayText } from "./report-range.ts";
import { ByHomeSection, ByMonthSection, monthColumn, ReportSection, type TReportColumn } from "./report-section.tsx";

type THomeRow = TComplianceReportAnswer["homes"][number];
type TPersonRow = TComplianceReportAnswer["people"][number];
type TMonthRow = TComplianceReportAnswer["months"][number];

const SUBJECT_LABELS = { resident: "Resident", staff: "Staff", facility: "Home", agent: "Agent" } as const;

const OPEN_COLUMNS = <T extends { missing: number; expiring: number; expired: number }>(): TReportColumn<T>[] => [
  { header: "Missing", value: (r) => r.missing, numeric: true },
  { header: "Expiring soon", value: (r) => r.expiring, numeric: true },
  { header: "Expired", value: (r) => r.expired, numeric: true },
];

const HOME_COLUMNS: TReportColumn<THomeRow>[] = [
  { header: "Home", value: (r) => r.name },
  { header: "Files checked", value: (r) => r.subjects, numeric: true },
  { header: "With open items", value: (r) => r.withOpenItems, numeric: true },
  ...OPEN_COLUMNS<THomeRow>(),
];

const MONTH_COLUMNS: TReportColumn<TMonthRow>[] = [monthColumn<TMonthRow>(), ...OPEN_COLUMNS<TMonthRow>()];

function fileLink(row: TPersonRow): string {
  if (row.subject === "resident") return paths.residents.documents.href(row.subjectId);
  if (row.subject === "staff") return paths.staff.detail.href(row.subjectId);
  return paths.facilities.detail.href(row.subjectId);
}

const itemText = (item: TPersonRow["items"][number]) =>
  `${item.typeName} (${complianceStatusLabel(item.status).toLowerCase()}${item.expiryDate ? ` ${dayText(item.expiryDate)}` : ""})`;

export function ComplianceReportPage() {
  return (
    <ReportFrame kind="compliance">
      {(report, view) => {
        const personColumns: TReportColumn<TPersonRow>[] = [
          { header: "Name", value: (r) => r.name, show: (r) => <Link to={fileLink(r)}>{r.name}</Link> },
          { header: "Kind", value: (r) => SUBJECT_LABELS[r.subject] },
          { header: "Home", value: (r) => view.nameOf(r.facilityId) },
          { header: "Status", value: (r) => complianceStatusLabel(r.status) },
          { header: "Open items", value: (r) => r.items.map(itemText).join("; ") },
        ];
        return (
          <>
            <ByMonthSection
              view={view}
              title="Open items by month"
              note="Required documents missing, expiring soon and expired at each month's end, from what was on file then."
              chart={
                <MonthlyBars
                  title="Open document items by month"
                  months={report.months}
                  series={[
                    ["Missing", (m) => m.missing],
                    ["Expiring soon", (m) => m.expiring],
                    ["Expired", (m) => m.expired],
                  ]}
                />
              }
              columns={MONTH_COLUMNS}
              rows={report.months}
            />
            <ByHomeSection
              view={view}
              note={`Required documents of residents in care, staff and the home itself on ${dayText(report.countedOn)}.`}
              columns={HOME_COLUMNS}
              homes={report.homes}
              total={report.total}
            />
            <ReportSection
              title="Who has open items"
              note={
                report.people.length < report.peopleTotal
                  ? `Expired first, then missing, then expiring soon: the first ${report.people.length.toLocaleString("en-US")} of ${report.peopleTotal.toLocaleString("en-US")}. Choose a home in the header to list all of its people.`
                  : "Expired first, then missing, then expiring soon."
              }
              columns={personColumns}
              rows={report.people}
              rowId={(r) => `${r.subject}-${r.subjectId}`}
              csvName={view.csvName("open-items")}
              empty={<p>Every required document is on file and in date.</p>}
            />
          </>
        );
      }}
    </ReportFrame>
  );
}
