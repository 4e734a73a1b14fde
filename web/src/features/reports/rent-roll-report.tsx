/** `/reports/rent-roll`: rent roll and receivables — per resident and per home, with aging and loss to vacancy. */
import { formatCents } from "@care/core/rules/rent.rules";
import type { TAging, TRentRollReport } from "@care/core/reports/rent-roll.report";
import { Link } from "react-router-dom";
import { paths } from "../../lib/paths.ts";
import { BarChart } from "./report-chart.tsx";
import { ReportFrame } from "./report-frame.tsx";
import { dayText } from "./report-range.ts";
import { ByHomeSection, ReportSection, type TReportColumn } from "./report-section.tsx";

type TResidentRow = TRentRollReport["residents"][number];
type THomeRow = TRentRollReport["homes"][number];

/** Money in the CSV: dollars as a number (1234.5), empty when unknown. */
const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
const money = (cents: number | null) => (cents === null ? "—" : formatCents(cents));

const AGING: { key: keyof TAging; header: string }[] = [
  { key: "days0to30", header: "0–30 days" },
  { key: "days31to60", header: "31–60 days" },
  { key: "days61to90", header: "61–90 days" },
  { key: "over90", header: "Over 90 days" },
];

/** Charged, paid, balance and the aging columns, for a resident's row or a home's. */
function ledgerColumns<T extends TResidentRow | THomeRow>(): TReportColumn<T>[] {
  return [
    { header: "Charged", value: (r) => dollars(r.chargedCents), show: (r) => money(r.chargedCents), numeric: true },
    { header: "Paid", value: (r) => dollars(r.paidCents), show: (r) => money(r.paidCents), numeric: true },
    { header: "Balance", value: (r) => dollars(r.balanceCents), show: (r) => money(r.balanceCents), numeric: true },
    ...AGING.map(({ key, header }): TReportColumn<T> => ({
      header,
      value: (r) => dollars(r.aging[key]),
      show: (r) => money(r.aging[key]),
      numeric: true,
    })),
  ];
}

const HOME_COLUMNS: TReportColumn<THomeRow>[] = [
  { header: "Home", value: (r) => r.name },
  { header: "Residents in the roll", value: (r) => r.residents, numeric: true },
  {
    header: "Average rate",
    value: (r) => dollars(r.averageRateCents),
    show: (r) => money(r.averageRateCents),
    numeric: true,
  },
  ...ledgerColumns<THomeRow>(),
  { header: "Vacant beds", value: (r) => r.vacantBeds, numeric: true },
  {
    header: "Loss to vacancy",
    value: (r) => dollars(r.lossToVacancyCents),
    show: (r) => money(r.lossToVacancyCents),
    numeric: true,
  },
];

export function RentRollReportPage() {
  return (
    <ReportFrame kind="rent-roll">
      {(report, view) => {
        const residentColumns: TReportColumn<TResidentRow>[] = [
          {
            header: "Resident",
            value: (r) => r.name,
            show: (r) => <Link to={paths.residents.rent.href(r.residentId)}>{r.name}</Link>,
          },
          { header: "Home", value: (r) => view.nameOf(r.facilityId) },
          {
            header: "Monthly rate",
            value: (r) => dollars(r.rateCents),
            show: (r) => money(r.rateCents),
            numeric: true,
          },
          ...ledgerColumns<TResidentRow>(),
        ];
        return (
          <>
            <ReportSection
              title="Receivables by age"
              note={`What was owed on ${dayText(report.countedOn)}, by how long ago it fell due; payments and credits settle the oldest charges first.`}
              chart={
                <BarChart
                  title="Balance owed by age"
                  categories={AGING.map((a) => a.header)}
                  series={[{ name: "Owed", values: AGING.map((a) => report.total.aging[a.key] / 100) }]}
                  format={(v) => `$${v.toLocaleString("en-US")}`}
                />
              }
              columns={AGING.map(({ key, header }): TReportColumn<TAging> => ({
                header,
                value: (a) => dollars(a[key]),
                show: (a) => money(a[key]),
                numeric: true,
              }))}
              rows={[report.total.aging]}
              rowId={() => "aging"}
              csvName={view.csvName("aging")}
              empty={<p>Nothing owed.</p>}
            />
            <ByHomeSection
              view={view}
              note="Residents in the roll: those living there on the last day counted and everyone charged or paying in the range (so more than the census when someone left). Average rate: of the residents living there on the last day counted. Loss to vacancy: each month's empty licensed beds (on its last day counted) times that average rate."
              columns={HOME_COLUMNS}
              homes={report.homes}
              total={report.total}
            />
            <ReportSection
              title="By resident"
              note="Residents living in the homes on the last day counted, and everyone charged or paying in the range."
              columns={residentColumns}
              rows={report.residents}
              rowId={(r) => r.residentId}
              csvName={view.csvName("by-resident")}
              empty={<p>No rent charged or paid in the range.</p>}
            />
          </>
        );
      }}
    </ReportFrame>
  );
}
