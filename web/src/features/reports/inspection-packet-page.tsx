/**
 * `/reports/inspection-packet`: the inspection packet of the home chosen in the header, to print for a
 * licensing visit — the home's details, the night coverage of the next four weeks, every resident's and
 * staff member's required documents, clearances, TB screening and training, and the LIC 500 personnel
 * list. Read through the ports the other pages use (compliance, the training report, the schedule
 * weeks, the home's people) and put together by `inspectionPacketOf`.
 */
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { AREA_LABELS } from "@care/core/collections/areas";
import { CLEARANCE_LABELS, POSITION_LABELS, type TClearanceStatus } from "@care/core/collections/staff.collection";
import { listAll } from "@care/core/list-all";
import { LIVING_STATUSES } from "@care/core/rules/census.rules";
import { complianceStatusLabel } from "@care/core/rules/compliance.rules";
import { can } from "@care/core/rules/permissions.rules";
import {
  inspectionPacketOf,
  PACKET_NEEDS,
  packetWeeks,
  type TInspectionPacket,
  type TPacketItem,
} from "@care/core/reports/inspection-packet";
import { DEFAULT_TIME_ZONE } from "@care/core/common.schema";
import { facilityToday } from "../../lib/facilities.tsx";
import { useFacilityScope } from "../../lib/facility-scope.ts";
import { paths } from "../../lib/paths.ts";
import { useSession } from "../../lib/ports.tsx";
import { usePortQuery } from "../../lib/records/use-records.ts";
import { ComplianceBadge } from "../../ui/compliance-badge.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { printPage } from "../../ui/print.ts";
import { overrideWhen } from "../../lib/override-time.ts";
import { dayText } from "./report-range.ts";
import { ReportSection, type TReportColumn } from "./report-section.tsx";
import "./reports.css";

type TResidentRow = TInspectionPacket["residents"][number];
type TStaffRow = TInspectionPacket["staff"][number];
type TPersonnelRow = TInspectionPacket["personnel"][number];
type TGapRow = TInspectionPacket["nights"]["gaps"][number];
type TOverrideRow = TInspectionPacket["overrides"][number];

/** The home's own papers, one row each: the type, its standing and expiry. */
const HOME_DOCUMENT_COLUMNS: TReportColumn<TPacketItem>[] = [
  { header: "Document", value: (r) => r.typeName },
  { header: "Standing", value: (r) => standing(r), show: (r) => <Standing item={r} /> },
];

const position = (value: string) => POSITION_LABELS[value as keyof typeof POSITION_LABELS] ?? value;
const date = (value: string | undefined) => (value ? dayText(value) : "—");
/** "Valid until Mar 1, 2027", "Expired Mar 22, 2026", "Missing", "Waived (reason)". */
function standing(item: TPacketItem): string {
  if (item.waiverReason) return `Waived (${item.waiverReason})`;
  if (!item.expiryDate) return item.status === "complete" ? "On file" : complianceStatusLabel(item.status);
  if (item.status === "expired") return `Expired ${dayText(item.expiryDate)}`;
  if (item.status === "expiring") return `Expiring ${dayText(item.expiryDate)}`;
  return `Valid until ${dayText(item.expiryDate)}`;
}
const itemText = (item: TPacketItem) => `${item.typeName}: ${standing(item)}`;
/** Missing, expired or expiring, and not waived: what an inspector would cite. */
const isOpen = (item: TPacketItem) => item.status !== "complete" && !item.waiverReason;

/**
 * A document's standing: in plain words when it is in order, as the status badge of the rest of the
 * portal when not (its shape and words mark it on grey paper too, not its colour alone).
 */
function Standing({ item }: { item: TPacketItem }) {
  return isOpen(item) ? <ComplianceBadge status={item.status} text={standing(item)} /> : <>{standing(item)}</>;
}

/** Lines, one per item, so each problem stands on its own rather than inside a paragraph. */
function Lines({ children }: { children: ReactNode[] }) {
  return <ul className="packet-lines">{children}</ul>;
}

/** Open items one a line, each named and badged; "None" when all are in order. */
function OpenItems({ items }: { items: readonly TPacketItem[] }) {
  const open = items.filter(isOpen);
  if (open.length === 0) return <>None</>;
  return (
    <Lines>
      {open.map((item) => (
        <li key={item.typeName}>
          <span className="packet-lines__name">{item.typeName}</span> <Standing item={item} />
        </li>
      ))}
    </Lines>
  );
}

/** A problem in words that are not a document status: bold, after a warning sign, on screen and paper. */
function Problem({ children }: { children: ReactNode }) {
  return <strong className="packet-problem">{children}</strong>;
}

/**
 * A Live Scan clearance: cleared or exempted in plain words; submitted (not yet back) badged as pending;
 * not started or denied badged as a problem, since such a person may not work with residents.
 */
function Clearance({ status, on }: { status: TClearanceStatus; on?: string | undefined }) {
  const text = `${CLEARANCE_LABELS[status]}${on ? `, ${dayText(on)}` : ""}`;
  if (status === "cleared" || status === "exemption_granted") return <>{text}</>;
  return <ComplianceBadge status={status === "submitted" ? "expiring" : "missing"} text={text} />;
}

const tbColumn: TReportColumn<{ tb: TPacketItem | null }> = {
  header: "TB screening",
  value: (r) => (r.tb ? standing(r.tb) : "Not required"),
  show: (r) => (r.tb ? <Standing item={r.tb} /> : "Not required"),
};

const RESIDENT_COLUMNS: TReportColumn<TResidentRow>[] = [
  {
    header: "Resident",
    value: (r) => r.name,
    show: (r) => <Link to={paths.residents.documents.href(r.id)}>{r.name}</Link>,
  },
  { header: "Room", value: (r) => r.room ?? "" },
  { header: "Admitted", value: (r) => r.admissionDate, show: (r) => date(r.admissionDate) },
  {
    header: "Documents",
    value: (r) => complianceStatusLabel(r.status),
    show: (r) => <ComplianceBadge status={r.status} />,
  },
  {
    header: "Open items",
    value: (r) => r.items.filter(isOpen).map(itemText).join("; "),
    show: (r) => <OpenItems items={r.items} />,
  },
  {
    header: "In order",
    value: (r) =>
      r.items
        .filter((i) => !isOpen(i))
        .map(itemText)
        .join("; "),
    show: (r) => (
      <span className="packet-in-order">
        {r.items
          .filter((i) => !isOpen(i))
          .map(itemText)
          .join("; ") || "—"}
      </span>
    ),
  },
];

const STAFF_COLUMNS: TReportColumn<TStaffRow>[] = [
  {
    header: "Staff member",
    value: (r) => r.name,
    show: (r) => <Link to={paths.staff.detail.href(r.id)}>{r.name}</Link>,
  },
  { header: "Position", value: (r) => position(r.position) },
  { header: "Hired", value: (r) => r.hireDate ?? "", show: (r) => date(r.hireDate) },
  {
    header: "Criminal record clearance",
    value: (r) => `${CLEARANCE_LABELS[r.clearanceStatus]}${r.clearanceDate ? ` ${r.clearanceDate}` : ""}`,
    show: (r) => <Clearance status={r.clearanceStatus} on={r.clearanceDate} />,
  },
  tbColumn,
  {
    header: "Documents",
    value: (r) => complianceStatusLabel(r.status),
    show: (r) => <ComplianceBadge status={r.status} />,
  },
  {
    header: "Open documents",
    value: (r) => r.items.filter(isOpen).map(itemText).join("; "),
    show: (r) => <OpenItems items={r.items} />,
  },
  {
    header: "Training short",
    value: (r) => r.trainingShort.join("; ") || "None",
    show: (r) =>
      r.trainingShort.length === 0 ? (
        "None"
      ) : (
        <Lines>
          {r.trainingShort.map((line) => (
            <li key={line}>
              <Problem>{line}</Problem>
            </li>
          ))}
        </Lines>
      ),
  },
];

const PERSONNEL_COLUMNS: TReportColumn<TPersonnelRow>[] = [
  { header: "Name", value: (r) => r.name },
  { header: "Position", value: (r) => position(r.position) },
  { header: "Date employed", value: (r) => r.hireDate ?? "", show: (r) => date(r.hireDate) },
  { header: "Hours scheduled (4 weeks)", value: (r) => r.hoursScheduled, numeric: true },
  { header: "Usual shift", value: (r) => r.usualShift ?? "" },
  {
    header: "Criminal record clearance",
    value: (r) => CLEARANCE_LABELS[r.clearanceStatus],
    show: (r) => <Clearance status={r.clearanceStatus} />,
  },
  tbColumn,
];

const GAP_COLUMNS: TReportColumn<TGapRow>[] = [
  { header: "Night of", value: (r) => r.date ?? "", show: (r) => date(r.date) },
  { header: "Not covered", value: (r) => `${r.from}–${r.to}` },
  {
    header: "Missing",
    value: (r) => r.missing.join("; "),
    show: (r) => (
      <Lines>
        {r.missing.map((line) => (
          <li key={line}>
            <Problem>{line}</Problem>
          </li>
        ))}
      </Lines>
    ),
  },
  { header: "Required at night", value: (r) => r.message.replace(/^\S+ \S+: /, "") },
  { header: "Rule", value: (r) => r.rule },
];

/**
 * Shifts published over a missing clearance: whose, when, and the override's who, when (in the home's
 * time zone) and why.
 */
const overrideColumns = (timeZone: string): TReportColumn<TOverrideRow>[] => [
  { header: "Staff member", value: (r) => r.name },
  {
    header: "Shift",
    value: (r) => `${r.date} ${r.start}–${r.end}`,
    show: (r) => `${date(r.date)} ${r.start}–${r.end}`,
  },
  { header: "Reason", value: (r) => r.reason },
  { header: "Override by", value: (r) => r.by ?? "" },
  { header: "Override at", value: (r) => r.at ?? "", show: (r) => overrideWhen(r.at, timeZone) },
];

export function InspectionPacketPage() {
  const { facilityId, nameOf, facilities } = useFacilityScope();
  const session = useSession();
  const missing = PACKET_NEEDS.filter((area) => !session || !can(session, area, "read"));
  const today = facilityToday(facilities, facilityId);
  const homeZone = (facilities.find((f) => f.id === facilityId) ?? facilities[0])?.timeZone ?? DEFAULT_TIME_ZONE;
  const packet = usePortQuery(
    ["inspectionPacket", facilityId, today],
    async ({ data, insights }) => {
      const [home, residents, staff, compliance, training, ...weeks] = await Promise.all([
        data.get("facilities", facilityId),
        listAll(data, "residents", { where: { facilityId, status: [...LIVING_STATUSES] } }),
        // The list of a home's staff includes those of other homes who also work here.
        listAll(data, "staff", { where: { facilityId, status: ["active", "on_leave"] } }),
        insights.compliance({ facilityId, today }),
        insights.report("training", { facilityId, from: today, to: today, today }),
        ...packetWeeks(today).map((weekStart) => insights.scheduleWeek({ facilityId, weekStart })),
      ]);
      return inspectionPacketOf({ home, today, residents, staff, compliance, training, weeks });
    },
    {
      reads: [
        "facilities",
        "residents",
        "staff",
        "documents",
        "documentTypes",
        "reminderStates",
        "trainingEntries",
        "trainingRequirements",
        "shifts",
      ],
      enabled: facilityId !== "" && missing.length === 0,
    },
  );
  const csvName = (part: string) => `inspection-packet-${part}-${facilityId}-${today}.csv`;
  const p = packet.data;
  return (
    <div className="page report-page inspection-packet">
      <PageHeader
        title={facilityId ? `Inspection packet: ${nameOf(facilityId)}` : "Inspection packet"}
        intro="What a licensing visit asks for, on paper: the home's own documents, every resident's and staff member's required documents, clearances and TB screening, training, the night coverage of the next four weeks, the personnel list (LIC 500) and a signature line."
        actions={
          <>
            <Link className="button button--secondary" to={paths.reports.list.href()}>
              All reports
            </Link>
            <button type="button" className="button" onClick={printPage} disabled={!p}>
              Print
            </button>
          </>
        }
      />
      {missing.length > 0 ? (
        <p className="card" role="status">
          The packet covers {missing.map((area) => AREA_LABELS[area].toLowerCase()).join(", ")}, which your role does
          not include.
        </p>
      ) : facilityId === "" ? (
        <p className="card" role="status">
          A packet is for one home: choose it in the header&apos;s Facility list.
        </p>
      ) : !p ? (
        <p className="card" role="status">
          {packet.isError
            ? "The packet could not be put together. Try again in a moment."
            : "Putting the packet together…"}
        </p>
      ) : (
        <div className="report-page__sections">
          <section className="card packet-home" aria-label="The home">
            <dl className="packet-home__facts">
              <dt>Home</dt>
              <dd>{p.home.name}</dd>
              <dt>License number</dt>
              <dd>{p.home.licenseNumber ?? "—"}</dd>
              <dt>Address</dt>
              <dd>{p.home.address ?? "—"}</dd>
              <dt>Administrator</dt>
              <dd>{p.home.administrator ?? "—"}</dd>
              <dt>Licensed capacity</dt>
              <dd>{p.home.licensedCapacity ?? "—"}</dd>
              <dt>Residents in care</dt>
              <dd>{p.residents.length}</dd>
              <dt>Prepared</dt>
              <dd>{dayText(p.today)}</dd>
            </dl>
          </section>
          <ReportSection
            title="Night coverage"
            note={
              p.nights.gaps.length === 0
                ? `All ${p.nights.checked} nights from ${dayText(p.today)} to ${dayText(p.through)} are covered as Title 22 §87415 asks (by the shifts scheduled so far).`
                : `Nights from ${dayText(p.today)} to ${dayText(p.through)} not covered as Title 22 §87415 asks (§87705 with dementia), by the shifts scheduled so far.`
            }
            columns={GAP_COLUMNS}
            rows={p.nights.gaps}
            rowId={(r) => `${r.date}-${r.from}`}
            csvName={csvName("night-coverage")}
            empty={<p>No night without the staff it needs.</p>}
          />
          {p.overrides.length > 0 && (
            <ReportSection
              title="Rota published over a missing clearance"
              note="Shifts of staff without a criminal record clearance or exemption (Title 22 §87355), published by an administrator's override; they are not counted for coverage."
              columns={overrideColumns(homeZone)}
              rows={p.overrides}
              rowId={(r) => r.shiftId}
              csvName={csvName("clearance-overrides")}
              empty={null}
            />
          )}
          <ReportSection
            title="The home's documents"
            note="The home's own required papers (its license, fire clearance, plan of operation…) as its documents checklist judges them today."
            columns={HOME_DOCUMENT_COLUMNS}
            rows={p.homeDocuments.items}
            rowId={(r) => r.typeName}
            csvName={csvName("home-documents")}
            empty={<p>No documents are required of the home itself.</p>}
          />
          <ReportSection
            title="Residents"
            columns={RESIDENT_COLUMNS}
            rows={p.residents}
            rowId={(r) => r.id}
            csvName={csvName("residents")}
            empty={<p>No residents in care.</p>}
          />
          <ReportSection
            title="Staff"
            note="The staff whose file this home keeps: documents, criminal record clearance (Live Scan), TB screening and training requirements short or overdue."
            columns={STAFF_COLUMNS}
            rows={p.staff}
            rowId={(r) => r.id}
            csvName={csvName("staff")}
            empty={<p>No staff.</p>}
          />
          <ReportSection
            title="Personnel report (LIC 500)"
            note="Everyone working at the home, as the state's Personnel Report lists them, with their scheduled hours of the next four weeks."
            columns={PERSONNEL_COLUMNS}
            rows={p.personnel}
            rowId={(r) => r.id}
            csvName={csvName("personnel")}
            empty={<p>No personnel.</p>}
          />
          <section className="card packet-signature" aria-labelledby="packet-signature">
            <h2 id="packet-signature">Prepared and checked by</h2>
            <p className="report-section__note">
              Signed by the administrator or the person in charge, as a true record of the home on {dayText(p.today)}.
            </p>
            <dl className="packet-signature__lines">
              {["Name", "Title", "Signature", "Date"].map((line) => (
                <div key={line}>
                  <dt>{line}</dt>
                  <dd />
                </div>
              ))}
            </dl>
          </section>
        </div>
      )}
    </div>
  );
}
