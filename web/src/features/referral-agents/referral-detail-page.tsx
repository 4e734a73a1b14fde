/**
 * A referral's page (`/referral-agents/logs/:id`): the prospect and who referred them, the stage with
 * "Move to…" (tour, close, move-in), what the agency must be told and by when, the contact log, the
 * agent's fee (Referral fees only) and every change of the referral with who made it.
 */
import { useState } from "react";
import toast from "react-hot-toast";
import { Link, useParams } from "react-router-dom";
import { isAppError } from "@care/core/app-error";
import { FIELD_LABELS } from "@care/core/field-labels";
import { duplicateReportDue, moveInReportDue } from "@care/core/rules/referral-deadlines.rules";
import { formatCents } from "@care/core/rules/rent.rules";
import { useCan } from "../../lib/access.ts";
import { facilityName, facilityToday, useFacilities } from "../../lib/facilities.tsx";
import { paths } from "../../lib/paths.ts";
import { useData } from "../../lib/ports.tsx";
import { useRecord } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { Detail, DetailList } from "../../ui/detail-list.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { RecordGate } from "../../ui/record-gate.tsx";
import { RecordHistory } from "../../ui/record-history.tsx";
import { ReferralContacts } from "./referral-contacts.tsx";
import { ReferralFeeLedger } from "./referral-fee-ledger.tsx";
import {
  CLOSE_REASON_LABELS,
  prospectName,
  STATUS_LABELS,
  STATUS_TONES,
  tourText,
  type TReferralRecord,
} from "./referral-format.ts";
import { SOURCE_LABELS } from "@care/core/collections/referrals.collection";
import { ReferralNotFound } from "./referral-not-found.tsx";
import { ReferralStatusDialog } from "./referral-status-dialog.tsx";
import "./referral-agents.css";

const LABELS = FIELD_LABELS.referrals;

/** How the history names a stored value of a referral's field. */
function historyValue(field: string, text: string | undefined): string {
  if (text === undefined) return "—";
  if (field === "status") return STATUS_LABELS[text as keyof typeof STATUS_LABELS] ?? text;
  if (field === "closeReason") return CLOSE_REASON_LABELS[text as keyof typeof CLOSE_REASON_LABELS] ?? text;
  if (field === "source") return SOURCE_LABELS[text as keyof typeof SOURCE_LABELS] ?? text;
  if (field === "tourAt") return tourText(text);
  if (field === "budgetCents" || field === "firstMonthRentCents") return formatCents(Number(text));
  if (field === "residentId") return "linked to the resident's record";
  if (field === "duplicateOfId") return "linked to the earlier referral";
  if (field === "possibleDuplicateOfId") return "the earlier referral the check found";
  return text;
}

export function ReferralDetailPage() {
  const { id = "" } = useParams();
  return (
    <RecordGate state={useRecord("referrals", id)} notFound={<ReferralNotFound id={id} />}>
      {(referral) => <ReferralPage referral={referral} />}
    </RecordGate>
  );
}

function ReferralPage({ referral: r }: { referral: TReferralRecord }) {
  const can = useCan();
  const mayEdit = can("referrals", "write");
  const { facilities } = useFacilities();
  const [moving, setMoving] = useState(false);
  const agent = useRecord("referralAgents", r.agentId ?? "");
  const duplicateOf = useRecord("referrals", r.duplicateOfId ?? "");
  const possibleDuplicateOf = useRecord("referrals", r.possibleDuplicateOfId ?? "");
  const home = facilityName(facilities, r.facilityId);
  return (
    <article className="page agent-detail" aria-labelledby="page-title">
      <p className="agent-detail__crumb">
        <Link to={paths.agents.logs.href()}>Referral Logs</Link>
      </p>
      <PageHeader
        title={
          <>
            {prospectName(r)} <span className={STATUS_TONES[r.status]}>{STATUS_LABELS[r.status]}</span>
          </>
        }
        intro={`Referred to ${home} on ${r.referredOn}`}
        actions={
          mayEdit && (
            <>
              <button type="button" className="button" onClick={() => setMoving(true)}>
                Move to…
              </button>
              <Link className="button button--secondary" to={paths.agents.editReferral.href(r.id)}>
                Edit referral
              </Link>
            </>
          )
        }
      />
      <div className="agent-detail__grid">
        <section className="card" aria-labelledby="prospect-title">
          <h2 id="prospect-title">Prospect</h2>
          <DetailList>
            <Detail label={LABELS.dateOfBirth} value={r.dateOfBirth} />
            <Detail label={LABELS.phone} value={r.phone && <a href={`tel:${r.phone}`}>{r.phone}</a>} />
            <Detail label={LABELS.email} value={r.email && <a href={`mailto:${r.email}`}>{r.email}</a>} />
            <Detail
              label={LABELS.contactName}
              value={r.contactName && `${r.contactName}${r.contactRelationship ? ` (${r.contactRelationship})` : ""}`}
            />
            <Detail label={LABELS.careNeeds} value={r.careNeeds} />
            <Detail
              label={LABELS.budgetCents}
              value={r.budgetCents === undefined ? undefined : formatCents(r.budgetCents)}
            />
            <Detail label={LABELS.desiredMoveIn} value={r.desiredMoveIn} />
          </DetailList>
        </section>
        <section className="card" aria-labelledby="referral-title">
          <h2 id="referral-title">Referral</h2>
          <DetailList>
            <Detail label={LABELS.facilityId} value={home} />
            <Detail
              label="Referred by"
              value={
                r.source === "agent" ? (
                  agent.record ? (
                    <Link to={paths.agents.detail.href(agent.record.id)}>
                      {agent.record.name}
                      {agent.record.agency ? ` (${agent.record.agency})` : ""}
                    </Link>
                  ) : (
                    "…"
                  )
                ) : (
                  `${SOURCE_LABELS[r.source]}${r.sourceDetail ? `: ${r.sourceDetail}` : ""}`
                )
              }
            />
            <Detail label={LABELS.nextFollowUp} value={r.nextFollowUp} />
            <Detail label={LABELS.tourAt} value={r.tourAt && tourText(r.tourAt)} />
            {r.closeReason && <Detail label={LABELS.closeReason} value={CLOSE_REASON_LABELS[r.closeReason]} />}
            {r.residentId && (
              <Detail
                label={LABELS.residentId}
                value={
                  can("residents") ? (
                    <Link to={paths.residents.detail.href(r.residentId)}>Open the resident's face sheet</Link>
                  ) : (
                    "Admitted"
                  )
                }
              />
            )}
            {r.moveInDate && <Detail label={LABELS.moveInDate} value={r.moveInDate} />}
            {r.duplicateOfId && (
              <Detail
                label={LABELS.duplicateOfId}
                value={
                  duplicateOf.record ? (
                    <Link to={paths.agents.referral.href(duplicateOf.record.id)}>
                      The referral of {duplicateOf.record.referredOn} to{" "}
                      {facilityName(facilities, duplicateOf.record.facilityId)}
                    </Link>
                  ) : (
                    "A referral in another home"
                  )
                }
              />
            )}
            {r.possibleDuplicateOfId && !r.duplicateOfId && (
              <Detail
                label={LABELS.possibleDuplicateOfId}
                value={
                  possibleDuplicateOf.record ? (
                    <Link to={paths.agents.referral.href(possibleDuplicateOf.record.id)}>
                      The referral of {possibleDuplicateOf.record.referredOn} to{" "}
                      {facilityName(facilities, possibleDuplicateOf.record.facilityId)}
                    </Link>
                  ) : (
                    "A referral in another home"
                  )
                }
              />
            )}
            {r.duplicateNote && <Detail label={LABELS.duplicateNote} value={r.duplicateNote} />}
            {r.outcomeNotes && <Detail label={LABELS.outcomeNotes} value={r.outcomeNotes} />}
          </DetailList>
        </section>
        <AgencyReporting referral={r} agent={agent.record} today={facilityToday(facilities, r.facilityId)} />
        {can("fees") && r.source === "agent" && <ReferralFeeLedger referral={r} mayRecord={can("fees", "write")} />}
      </div>
      <ReferralContacts referral={r} mayAdd={mayEdit} />
      <RecordHistory collection="referrals" recordId={r.id} facilityId={r.facilityId} show={historyValue} />
      {moving && <ReferralStatusDialog referral={r} onClose={() => setMoving(false)} />}
    </article>
  );
}

/** What the agency must be told and by when: a duplicate lead, a move-in; with "Told them today". */
function AgencyReporting({
  referral,
  agent,
  today,
}: {
  referral: TReferralRecord;
  agent:
    | { name: string; duplicateReportDays?: number | undefined; moveInReportBusinessDays?: number | undefined }
    | undefined;
  today: string;
}) {
  const data = useData();
  const can = useCan();
  const [busy, setBusy] = useState(false);
  const duplicateDue = duplicateReportDue(referral, agent);
  const moveInDue = moveInReportDue(referral, agent);
  const reported = [
    referral.duplicateReportedOn && `Duplicate reported on ${referral.duplicateReportedOn}.`,
    referral.moveInReportedOn && `Move-in reported on ${referral.moveInReportedOn}.`,
  ].filter(Boolean);
  if (!duplicateDue && !moveInDue && reported.length === 0) return null;

  async function markReported(field: "duplicateReportedOn" | "moveInReportedOn") {
    setBusy(true);
    try {
      await data.update("referrals", referral.id, { [field]: today }, referral.version);
      toast.success(`Recorded: ${agent?.name ?? "the agency"} was told on ${today}.`);
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT")
        toast.error("Someone else changed this referral meanwhile; the newer state is shown. Try again.", {
          id: "error-CONFLICT",
        });
      else reportError(error);
    } finally {
      setBusy(false);
    }
  }
  const item = (due: string, what: string, field: "duplicateReportedOn" | "moveInReportedOn") => (
    <li>
      <span className={due < today ? "referral-due" : undefined}>
        Tell {agent?.name ?? "the agency"} {what} by {due}
        {due < today ? " (overdue)" : ""}.
      </span>{" "}
      {can("referrals", "write") && (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void markReported(field)}
        >
          Told them today
        </button>
      )}
    </li>
  );
  return (
    <section className="card" aria-labelledby="reporting-title">
      <h2 id="reporting-title">The agency's reporting</h2>
      <ul className="referral-reporting">
        {duplicateDue && item(duplicateDue, "that this prospect was already known", "duplicateReportedOn")}
        {moveInDue && item(moveInDue, "of the move-in", "moveInReportedOn")}
      </ul>
      {reported.map((text) => (
        <p key={text as string}>{text}</p>
      ))}
    </section>
  );
}
