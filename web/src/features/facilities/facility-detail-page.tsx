/**
 * `/facilities/:id`: one home's details, census and occupancy, staff count, the compliance summary of
 * the home and its people (who is missing or about to lose which document, linking to them), and the
 * home's own documents. Administrators edit, deactivate and reactivate it (with a confirmation).
 */
import { can, documentSubjectsFor } from "@care/core/rules/access.rules";
import { useState } from "react";
import toast from "react-hot-toast";
import { Link, useParams } from "react-router-dom";
import { isAppError } from "@care/core/app-error";
import { FIELD_LABELS } from "@care/core/field-labels";
import type { TSubjectCompliance } from "@care/core/ports/insights.port";
import type { TRecordOf } from "@care/core/registry";
import { complianceStatusLabel } from "@care/core/rules/compliance.rules";
import { todayIn } from "@care/core/rules/date-only.rules";
import { paths } from "../../lib/paths.ts";
import { useData, useSession } from "../../lib/ports.tsx";
import { INSIGHT_READS } from "../../lib/records/records-client.ts";
import { usePortQuery, useRecord } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { ComplianceBadge, complianceCountsText } from "../../ui/compliance-badge.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { DocumentsPanel } from "../../ui/documents/documents-panel.tsx";
import { Detail, DetailList } from "../../ui/detail-list.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { RecordGate } from "../../ui/record-gate.tsx";
import { RecordHistory } from "../../ui/record-history.tsx";
import { FacilityNotFound } from "./facility-not-found.tsx";
import { complianceScope, occupancyLabel, summarizeCompliance } from "./facility-stats.ts";
import "./facilities-page.css";

type TFacilityRecord = TRecordOf<"facilities">;

const LABELS = FIELD_LABELS.facilities;

const SUBJECT_WORDS = { resident: "Resident", staff: "Staff", facility: "This home", agent: "Agent" } as const;

function subjectLink(s: TSubjectCompliance): string {
  if (s.subject === "resident") return paths.residents.detail.href(s.subjectId);
  if (s.subject === "staff") return paths.staff.detail.href(s.subjectId);
  return `${paths.facilities.detail.href(s.subjectId)}#documents`;
}

export function FacilityDetailPage() {
  const { id = "" } = useParams();
  return (
    <RecordGate state={useRecord("facilities", id)} notFound={<FacilityNotFound id={id} />}>
      {(facility) => <FacilityPage facility={facility} />}
    </RecordGate>
  );
}

function FacilityPage({ facility }: { facility: TFacilityRecord }) {
  const data = useData();
  const session = useSession();
  const isAdmin = Boolean(session && can(session, "facilities", "write"));
  const today = todayIn(facility.timeZone);
  const statsQuery = usePortQuery(
    ["facilities", "stats", facility.id, today],
    async ({ insights }) => {
      const [[numbers], report] = await Promise.all([
        insights.facilityStats({ facilityIds: [facility.id] }),
        insights.compliance({ facilityId: facility.id, today }),
      ]);
      return numbers ? { ...numbers, attention: summarizeCompliance(report).attention } : undefined;
    },
    { reads: INSIGHT_READS, quiet: ["NOT_FOUND"] },
  );
  const stats = statsQuery.data;
  const statsFailed = statsQuery.isError;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function toggleActive() {
    setBusy(true);
    try {
      const saved = await data.update("facilities", facility.id, { active: !facility.active }, facility.version);
      toast.success(`${saved.name} was ${saved.active ? "reactivated" : "deactivated"}.`);
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT") {
        toast.error("Someone else changed this facility meanwhile; its newer details are shown. Try again.", {
          id: "error-CONFLICT",
        });
      } else reportError(error);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const compliance = stats?.compliance && { ...stats.compliance, attention: stats.attention };
  // Whose papers the counts cover for this role (a caregiver's leave out staff's: they may not see them).
  const scope = complianceScope(session ? documentSubjectsFor(session) : []);
  // Figures the role may not read are null: left out, and the card says so when none is left.
  const noFigures = stats !== undefined && stats.census === null && stats.staff === null;
  return (
    <article className="page facility-detail" aria-labelledby="page-title">
      {session && can(session, "facilities", "read") && (
        <p className="facility-detail__crumb">
          <Link to={paths.facilities.list.href()}>Facilities</Link>
        </p>
      )}
      <PageHeader
        title={
          <>
            {facility.name}
            {!facility.active && <span className="facility-inactive">Inactive</span>}
          </>
        }
        actions={
          isAdmin && (
            <>
              <Link className="button" to={paths.facilities.edit.href(facility.id)}>
                Edit facility
              </Link>
              <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
                {facility.active ? "Deactivate" : "Reactivate"}
              </button>
            </>
          )
        }
      />

      <div className="facility-detail__grid">
        <section className="card" aria-labelledby="details-title">
          <h2 id="details-title">Details</h2>
          <DetailList>
            <Detail label={LABELS.address} value={facility.address} />
            <Detail label={LABELS.phone} value={facility.phone} />
            <Detail label={LABELS.licenseNumber} value={facility.licenseNumber} />
            <Detail label={LABELS.licensedCapacity} value={facility.licensedCapacity} />
            <Detail label={LABELS.administrator} value={facility.administrator} />
            <Detail label={LABELS.timeZone} value={facility.timeZone.replaceAll("_", " ")} />
            <Detail
              label={LABELS.goLiveDate}
              value={
                facility.goLiveDate
                  ? `${facility.goLiveDate} (reports count from it)`
                  : "None: reports count every month"
              }
            />
            <Detail label="Id" value={facility.id} />
          </DetailList>
        </section>
        <section className="card" aria-labelledby="census-title">
          <h2 id="census-title">Census</h2>
          {noFigures ? (
            <p>Your role does not include residents or staff.</p>
          ) : stats ? (
            <DetailList>
              {stats.census !== null && stats.plannedMoveIns !== null && (
                <>
                  <Detail label="Residents (active, on leave, in hospital)" value={stats.census} />
                  <Detail
                    label="Occupancy"
                    value={occupancyLabel(stats.census, facility.licensedCapacity, stats.plannedMoveIns)}
                  />
                </>
              )}
              {stats.staff !== null && <Detail label="Staff (home facility, not terminated)" value={stats.staff} />}
            </DetailList>
          ) : (
            <p role="status">{statsFailed ? "The census could not be read." : "Loading…"}</p>
          )}
        </section>
      </div>

      <section className="card facility-compliance" aria-labelledby="compliance-title">
        <h2 id="compliance-title">Compliance</h2>
        {!stats ? (
          <p role="status">{statsFailed ? "Compliance could not be read." : "Loading…"}</p>
        ) : !compliance ? (
          <p>Your role does not include documents.</p>
        ) : (
          <>
            <p className="facility-compliance__summary">
              <ComplianceBadge status={compliance.status} counts={compliance.counts} />{" "}
              {compliance.attention.length === 0
                ? `Every required document of ${scope.whose} is on file and current.`
                : `Required documents of ${scope.whose}: ${complianceCountsText(compliance.counts)}.`}
            </p>
            {scope.leftOut && <p className="facility-compliance__scope">{scope.leftOut}</p>}
            {compliance.attention.length > 0 && (
              <div className="facility-compliance__scroll">
                <table className="facility-compliance__table">
                  <caption className="visually-hidden">Who needs documents</caption>
                  <thead>
                    <tr>
                      <th scope="col">Who</th>
                      <th scope="col">Status</th>
                      <th scope="col">Documents to see to</th>
                    </tr>
                  </thead>
                  <tbody>
                    {compliance.attention.map((s) => (
                      <tr key={`${s.subject}:${s.subjectId}`}>
                        <td data-label="Who">
                          <Link to={subjectLink(s)}>{s.subject === "facility" ? SUBJECT_WORDS.facility : s.name}</Link>
                          {s.subject !== "facility" && (
                            <span className="facility-compliance__kind">{SUBJECT_WORDS[s.subject]}</span>
                          )}
                        </td>
                        <td data-label="Status">
                          <ComplianceBadge status={s.status} counts={s.counts} />
                        </td>
                        <td data-label="Documents to see to">
                          <ul className="facility-compliance__docs">
                            {s.requirements
                              .filter((r) => r.required && r.status !== "complete")
                              .map((r) => (
                                <li key={r.typeId}>
                                  {r.formCode ? `${r.formCode} ` : ""}
                                  {r.typeName}: {complianceStatusLabel(r.status).toLowerCase()}
                                  {r.expiryDate ? ` (${r.expiryDate})` : ""}
                                </li>
                              ))}
                          </ul>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </section>

      <section id="documents" className="facility-detail__documents" aria-label="Facility documents">
        <DocumentsPanel
          subject="facility"
          subjectId={facility.id}
          facilityId={facility.id}
          canEdit
          subjectName={facility.name}
        />
      </section>

      <RecordHistory collection="facilities" recordId={facility.id} facilityId={facility.id} />

      <ConfirmDialog
        open={confirming}
        title={facility.active ? `Deactivate ${facility.name}?` : `Reactivate ${facility.name}?`}
        confirmLabel={facility.active ? "Deactivate" : "Reactivate"}
        danger={facility.active}
        busy={busy}
        onConfirm={() => void toggleActive()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {facility.active
            ? "It leaves the header's facility selector and the active list. Its residents, staff and documents stay, and it can be reactivated at any time."
            : "It comes back to the header's facility selector and the active list."}
        </p>
      </ConfirmDialog>
    </article>
  );
}
