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
/** A home's totals on screen in whole dollars, so the twelve columns fit a laptop (the CSV keeps the cents). */
const wholeDollars = (cents: number | null) =>
  cents === null ? "—" : formatCents(Math.round(cents / 100) * 100).replace(/\.00$/, "");

const AGING: { key: keyof TAging; header: string; short: string }[] = [
  { key: "days0to30", header: "0–30 days", short: "0–30 d" },
  { key: "days31to60", header: "31–60 days", short: "31–60 d" },
  { key: "days61to90", header: "61–90 days", short: "61–90 d" },
  { key: "over90", header: "Over 90 days", short: "90+ d" },
];

/** Charged, paid, balance and the aging columns, for a resident's row or a home's (`shown` formats the money). */
function ledgerColumns<T extends TResidentRow | THomeRow>(shown = money): TReportColumn<T>[] {
  return [
    { header: "Charged", value: (r) => dollars(r.chargedCents), show: (r) => shown(r.chargedCents), numeric: true },
    { header: "Paid", value: (r) => dollars(r.paidCents), show: (r) => shown(r.paidCents), numeric: true },
    { header: "Balance", value: (r) => dollars(r.balanceCents), show: (r) => shown(r.balanceCents), numeric: true },
    ...AGING.map(({ key, header, short }): TReportColumn<T> => ({
      header,
      short,
      value: (r) => dollars(r.aging[key]),
      show: (r) => shown(r.aging[key]),
      numeric: true,
    })),
  ];
}

const HOME_COLUMNS: TReportColumn<THomeRow>[] = [
  { header: "Home", value: (r) => r.name },
  { header: "Residents in the roll", short: "Residents", value: (r) => r.residents, numeric: true },
  {
    header: "Average rate",
    short: "Avg. rate",
    value: (r) => dollars(r.averageRateCents),
    show: (r) => wholeDollars(r.averageRateCents),
    numeric: true,
  },
  ...ledgerColumns<THomeRow>(wholeDollars),
  { header: "Vacant beds", short: "Vacant", value: (r) => r.vacantBeds, numeric: true },
  {
    header: "Loss to vacancy",
    short: "Vacancy loss",
    value: (r) => dollars(r.lossToVacancyCents),
    show: (r) => wholeDollars(r.lossToVacancyCents),
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
            short: "Rate",
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
              note="Residents in the roll: those living there on the last day counted and everyone charged or paying in the range (so more than the census when someone left). Average rate: of the residents living there on the last day counted. Loss to vacancy: each month's empty licensed beds (on its last day counted) times that average rate, from the home's go-live date. Amounts in whole dollars; the CSV has the cents."
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
