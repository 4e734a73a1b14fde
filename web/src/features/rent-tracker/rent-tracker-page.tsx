/**
 * `/residents/rent-tracker`: the selected facility's residents by month (paid / partial / unpaid), with
 * balances and days overdue, generating a month's charges, recording payments, CSV exports and a print
 * view. The grid reads one page of residents at a time and their full rent history.
 */
import { distinctListNames } from "@care/core/rules/person-name.rules";
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import toast from "react-hot-toast";
import { ZMonth } from "@care/core/collections/rent.collection";
import { listAll } from "@care/core/list-all";
import { MAX_IN_VALUES, MAX_PAGE_SIZE, type TFilterValue } from "@care/core/list-query";
import { formatCents, monthLabel, monthsBetween } from "@care/core/rules/rent.rules";
import { facilityName, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { useData } from "../../lib/ports.tsx";
import { useCan } from "../../lib/access.ts";
import { useCursorPages, usePortQuery } from "../../lib/records/use-records.ts";
import { describeError, reportError } from "../../lib/report-error.ts";
import { useSelectedFacility } from "../../lib/selected-facility.ts";
import { useFacilityScope } from "../../lib/facility-scope.ts";
import { useDebounced } from "../../lib/use-debounced.ts";
import { downloadCsv } from "../../ui/csv-export.ts";
import { printPage } from "../../ui/print.ts";
import { MonthGrid } from "./month-grid.tsx";
import { PaymentDialog, type TPayableResident } from "./payment-dialog.tsx";
import {
  generateMonth,
  loadRentHistories,
  paymentsInRange,
  type TGenerationResult,
  type TResidentRecord,
} from "./rent-data.ts";
import { currentMonth, previousMonth, todayLocal } from "./rent-dates.ts";
import { gridCsv, gridRows, paymentsCsv, type TGridRow } from "./rent-grid.ts";
import "./rent-tracker.css";

const PAGE_SIZES = [10, 20, 30] as const;

/** The rent grid is computed from these collections. */
const GRID_READS = ["residents", "rentRates", "rentCharges", "payments", "rentAccounts"] as const;

function scopeWhere(facilityId: string): Record<string, TFilterValue> {
  return facilityId ? { facilityId } : {};
}

export function RentTrackerPage() {
  const data = useData();
  const [facilityId] = useSelectedFacility();
  const { facilities } = useFacilities();
  const nameOf = (id: string) => facilityName(facilities, id);
  const { scope } = useFacilityScope();

  const [monthsShown, setMonthsShown] = useState(6);
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText).trim();
  const pages = useCursorPages(JSON.stringify([facilityId, search]), 20);
  const [payment, setPayment] = useState<{ residentId?: string; residents: TPayableResident[] } | null>(null);
  // Generating charges and recording payments are for roles that may change rent.
  const mayChange = useCan()("rent", "write");

  const thisMonth = currentMonth();
  const months = useMemo(() => {
    const [y, m] = thisMonth.split("-").map(Number) as [number, number];
    const startIndex = y * 12 + (m - 1) - (monthsShown - 1);
    const start = `${Math.floor(startIndex / 12)}-${String((startIndex % 12) + 1).padStart(2, "0")}`;
    return monthsBetween(start, thisMonth);
  }, [thisMonth, monthsShown]);

  const today = todayLocal();
  const grid = usePortQuery(
    ["rent", "grid", facilityId, search, pages.pageSize, pages.cursor ?? null, months, today],
    async ({ data }) => {
      const page = await data.list("residents", {
        where: scopeWhere(facilityId),
        ...(search ? { search } : {}),
        orderBy: { field: "lastName", direction: "asc" },
        limit: Math.min(pages.pageSize, MAX_IN_VALUES),
        ...(pages.cursor ? { cursor: pages.cursor } : {}),
      });
      const histories = await loadRentHistories(data, page.items);
      return { rows: gridRows(page.items, histories, months, today), nextCursor: page.nextCursor };
    },
    { reads: GRID_READS, keepPrevious: true },
  );
  const nextCursor = grid.data?.nextCursor ?? null;

  async function openPayment(residentId?: string) {
    try {
      const page = await data.list("residents", {
        where: scopeWhere(facilityId),
        orderBy: { field: "lastName", direction: "asc" },
        limit: MAX_PAGE_SIZE,
      });
      const people: TGridRow["resident"][] = [...page.items];
      // A row's resident beyond the first page of the list is still offered.
      const row = grid.data?.rows.find((r) => r.resident.id === residentId);
      if (row && !people.some((r) => r.id === row.resident.id)) people.push(row.resident);
      // Two residents of one name are offered apart (room, else date of birth): never a payment for the wrong one.
      const names = distinctListNames(people);
      const residents = people.map((r) => ({ id: r.id, facilityId: r.facilityId, name: names.get(r.id)! }));
      setPayment({ ...(residentId ? { residentId } : {}), residents });
    } catch (error) {
      reportError(error);
    }
  }

  return (
    <article className="rent-page" aria-labelledby="page-title">
      <header className="rent-page__header">
        <h1 id="page-title">Rent Tracker</h1>
        <p className="rent-page__intro no-print">
          Each resident's months as paid, partial or unpaid (payments settle the oldest charges first), with the balance
          and how many days the oldest unpaid charge is overdue.
        </p>
        <p className="rent-page__scope">
          <span className="rent-page__scope-label">Facility:</span> {scope}
          <span className="print-only"> · printed {todayLocal()}</span>
        </p>
      </header>

      <div className="rent-page__panels no-print">
        {mayChange && <GeneratePanel facilityId={facilityId} scope={scope} />}
        <section className="card rent-panel" aria-labelledby="payments-title">
          <h2 id="payments-title">Payments</h2>
          {mayChange && (
            <>
              <p className="rent-panel__text">Record a payment received; the resident's balance updates at once.</p>
              <p className="rent-panel__actions">
                <button type="button" className="button" onClick={() => void openPayment()}>
                  Record a payment
                </button>
              </p>
            </>
          )}
          <PaymentsExport facilityId={facilityId} nameOf={nameOf} />
        </section>
      </div>

      <section className="rent-grid-section" aria-labelledby="grid-title">
        <div className="rent-grid-section__head">
          <h2 id="grid-title">Months by resident</h2>
          <div className="rent-grid-section__tools no-print">
            <label className="rent-inline-field">
              <span>Find resident</span>
              <input type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
            </label>
            <label className="rent-inline-field">
              <span>Months shown</span>
              <select value={monthsShown} onChange={(e) => setMonthsShown(Number(e.target.value))}>
                <option value={6}>6</option>
                <option value={12}>12</option>
              </select>
            </label>
            <GridExport facilityId={facilityId} months={months} nameOf={nameOf} />
            <button type="button" className="button button--secondary" onClick={printPage}>
              Print
            </button>
          </div>
        </div>
        {grid.isError && !grid.data ? (
          <div className="alert" role="alert">
            <p>{describeError(grid.error)}</p>
            <button type="button" className="button button--secondary" onClick={() => void grid.refetch()}>
              Retry
            </button>
          </div>
        ) : (
          <MonthGrid
            months={months}
            rows={grid.data?.rows ?? []}
            loading={grid.isPending}
            showFacility={facilityId === ""}
            facilityName={nameOf}
            onRecordPayment={mayChange ? (residentId) => void openPayment(residentId) : undefined}
            empty={
              search ? (
                <p>No resident's name matches "{search}".</p>
              ) : (
                <>
                  <p>
                    No residents in {scope}. Admit residents with{" "}
                    <Link to={paths.residents.add.href()}>Add New Resident</Link> and set their monthly rate; their rent
                    then appears here month by month.
                  </p>
                </>
              )
            }
          />
        )}
        {grid.data && (grid.data.rows.length > 0 || pages.pageNumber > 1) && (
          <nav className="rent-pager no-print" aria-label="Residents pages">
            <button
              type="button"
              className="button button--secondary"
              disabled={pages.pageNumber === 1}
              onClick={pages.previous}
            >
              Previous
            </button>
            <span className="rent-pager__page">Page {pages.pageNumber}</span>
            <button
              type="button"
              className="button button--secondary"
              disabled={!nextCursor}
              onClick={() => nextCursor && pages.next(nextCursor)}
            >
              Next
            </button>
            <label className="rent-inline-field rent-pager__size">
              <span>Residents per page</span>
              <select value={pages.pageSize} onChange={(e) => pages.setPageSize(Number(e.target.value))}>
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
          </nav>
        )}
      </section>

      <PaymentDialog
        open={payment !== null}
        residents={payment?.residents ?? []}
        residentId={payment?.residentId}
        onClose={() => setPayment(null)}
      />
    </article>
  );
}

/** "Generate charges for <month>": every resident in scope, one commit each; says what it did. */
function GeneratePanel({ facilityId, scope }: { facilityId: string; scope: string }) {
  const data = useData();
  const [month, setMonth] = useState(previousMonth());
  const [progress, setProgress] = useState<string | null>(null);
  const [result, setResult] = useState<TGenerationResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const valid = ZMonth.safeParse(month).success;

  async function generate() {
    setError(null);
    setResult(null);
    setProgress("Reading residents…");
    try {
      const residents: TResidentRecord[] = await listAll(data, "residents", { where: scopeWhere(facilityId) });
      const outcome = await generateMonth(data, residents, month, (done, total) =>
        setProgress(`Generating… ${done} of ${total} residents`),
      );
      setResult(outcome);
      if (outcome.created > 0) toast.success(`${outcome.created} charge${outcome.created === 1 ? "" : "s"} created`);
    } catch (e) {
      setError(describeError(e));
      reportError(e);
    } finally {
      setProgress(null);
    }
  }

  return (
    <section className="card rent-panel" aria-labelledby="generate-title">
      <h2 id="generate-title">Monthly charges</h2>
      <p className="rent-panel__text">
        The current month is billed automatically (at admission, and on the first day of each month in the home's time
        zone), prorated by day over every stay. To bill an earlier month in {scope}, choose it here. Safe to run again:
        a month is never charged twice.
      </p>
      <div className="rent-panel__actions">
        <label className="rent-inline-field">
          <span>Month</span>
          <input
            type="month"
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            aria-invalid={!valid || undefined}
          />
        </label>
        <button type="button" className="button" disabled={!valid || progress !== null} onClick={() => void generate()}>
          Generate charges for {valid ? monthLabel(month) : "the month"}
        </button>
      </div>
      <div aria-live="polite" className="rent-panel__status">
        {progress && <p>{progress}</p>}
        {result && (
          <p className="rent-result">
            {monthLabel(result.month)}: {result.created} created, {result.alreadyGenerated} already generated
            {result.notCharged > 0 && `, ${result.notCharged} not charged (no rate, or not in residence that month)`}
            {result.failed.length > 0 && `, ${result.failed.length} failed`}.
          </p>
        )}
        {result && result.failed.length > 0 && (
          <ul className="rent-result__failures">
            {result.failed.map((f) => (
              <li key={f.residentId}>
                <Link to={paths.residents.rent.href(f.residentId)}>{f.name}</Link>: {f.message}
              </li>
            ))}
          </ul>
        )}
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}

/** CSV of the whole grid (every resident in scope, not only this page). */
function GridExport({
  facilityId,
  months,
  nameOf,
}: {
  facilityId: string;
  months: readonly string[];
  nameOf: (id: string) => string;
}) {
  const data = useData();
  const [busy, setBusy] = useState(false);

  async function exportGrid() {
    setBusy(true);
    try {
      // Read for a CSV: the audit log records the export of the residents listed.
      const residents = await listAll(data, "residents", {
        where: scopeWhere(facilityId),
        orderBy: { field: "lastName", direction: "asc" },
        purpose: "export",
      });
      const rows: TGridRow[] = [];
      const today = todayLocal();
      for (let i = 0; i < residents.length; i += MAX_IN_VALUES) {
        const batch = residents.slice(i, i + MAX_IN_VALUES);
        rows.push(...gridRows(batch, await loadRentHistories(data, batch), months, today));
      }
      downloadCsv(
        `rent-grid-${facilityId || "all"}-${months[0]}-to-${months.at(-1)}.csv`,
        gridCsv(rows, months, nameOf),
      );
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="button button--secondary" disabled={busy} onClick={() => void exportGrid()}>
      {busy ? "Exporting…" : "Export grid (CSV)"}
    </button>
  );
}

/** CSV of the payments received in a date range. */
function PaymentsExport({ facilityId, nameOf }: { facilityId: string; nameOf: (id: string) => string }) {
  const data = useData();
  const today = todayLocal();
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const invalid = !from || !to || from > to;

  async function exportPayments() {
    setBusy(true);
    try {
      const [payments, residents] = await Promise.all([
        paymentsInRange(data, facilityId, from, to),
        listAll(data, "residents", { where: scopeWhere(facilityId), includeArchived: true }),
      ]);
      const names = distinctListNames(residents);
      downloadCsv(`payments-${facilityId || "all"}-${from}-to-${to}.csv`, paymentsCsv(payments, names, nameOf));
      const total = payments.reduce((sum, p) => sum + p.amountCents, 0);
      toast.success(`${payments.length} payment${payments.length === 1 ? "" : "s"} exported (${formatCents(total)})`);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="rent-export">
      <legend>Export payments</legend>
      <label className="rent-inline-field">
        <span>From</span>
        <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label className="rent-inline-field">
        <span>To</span>
        <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </label>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy || invalid}
        onClick={() => void exportPayments()}
      >
        {busy ? "Exporting…" : "Export payments (CSV)"}
      </button>
      {from > to && <p className="rent-export__error">The start date is after the end date.</p>}
    </fieldset>
  );
}
