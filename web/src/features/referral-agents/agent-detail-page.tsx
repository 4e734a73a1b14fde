/**
 * A referral agent's page (`/referral-agents/:id`): contact details, the agency's reporting windows and
 * notes; the fee terms agreed (for roles with Referral fees, from their own collection) with Add or
 * Change in a dialog; Edit and Deactivate / Reactivate for roles that may change referrals; their
 * referrals, and per calendar year their referrals, tours, move-ins, conversion and (Referral fees
 * only) fees paid — the figure of the agent's 1099 — and cost per move-in. For users with Documents who
 * see every home, the agent's papers (the referral agreement with its expiry, the W-9) through the
 * same documents panel as a resident's, stored group-wide.
 */
import { useState } from "react";
import toast from "react-hot-toast";
import { Link, useParams } from "react-router-dom";
import { isAppError } from "@care/core/app-error";
import { FIELD_LABELS } from "@care/core/field-labels";
import { feeTermsText } from "@care/core/rules/referral-fees.rules";
import { useCan } from "../../lib/access.ts";
import { paths } from "../../lib/paths.ts";
import { isGroupWide } from "@care/core/rules/access.rules";
import { useData, useSession } from "../../lib/ports.tsx";
import { useAllRecords, useRecord } from "../../lib/records/use-records.ts";
import { reportError } from "../../lib/report-error.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Detail, DetailList } from "../../ui/detail-list.tsx";
import { DocumentsPanel } from "../../ui/documents/documents-panel.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import { RecordGate } from "../../ui/record-gate.tsx";
import type { TAgentRecord } from "./agent-format.ts";
import { prospectName, STATUS_LABELS, STATUS_TONES } from "./referral-format.ts";
import { agentStatsOf } from "@care/core/rules/referral-stats.rules";
import { ConversionTable } from "./conversion-table.tsx";
import { facilityName, useFacilities } from "../../lib/facilities.tsx";
import { AgentNotFound } from "./agent-not-found.tsx";
import { FeeTermsDialog } from "./fee-terms-dialog.tsx";
import "./referral-agents.css";

const LABELS = FIELD_LABELS.referralAgents;

export function AgentDetailPage() {
  const { id = "" } = useParams();
  return (
    <RecordGate state={useRecord("referralAgents", id)} notFound={<AgentNotFound id={id} />}>
      {(agent) => <AgentPage agent={agent} />}
    </RecordGate>
  );
}

function AgentPage({ agent }: { agent: TAgentRecord }) {
  const can = useCan();
  const session = useSession();
  const data = useData();
  const mayEdit = can("referrals", "write");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function toggleActive() {
    setBusy(true);
    try {
      const saved = await data.update("referralAgents", agent.id, { active: !agent.active }, agent.version);
      toast.success(`${saved.name} was ${saved.active ? "reactivated" : "made inactive"}.`);
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT")
        toast.error("Someone else changed this agent meanwhile; the newer details are shown. Try again.", {
          id: "error-CONFLICT",
        });
      else reportError(error);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const days = (n: number | undefined, unit: string) => (n === undefined ? "None set" : `${n} ${unit}`);
  return (
    <article className="page agent-detail" aria-labelledby="page-title">
      <p className="agent-detail__crumb">
        <Link to={paths.agents.list.href()}>Agent List</Link>
      </p>
      <PageHeader
        title={
          <>
            {agent.name}
            {!agent.active && <span className="agent-inactive">Inactive</span>}
          </>
        }
        intro={agent.agency}
        actions={
          mayEdit && (
            <>
              <Link className="button" to={paths.agents.edit.href(agent.id)}>
                Edit agent
              </Link>
              <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
                {agent.active ? "Make inactive" : "Reactivate"}
              </button>
            </>
          )
        }
      />
      <div className="agent-detail__grid">
        <section className="card" aria-labelledby="contact-title">
          <h2 id="contact-title">Contact</h2>
          <DetailList>
            <Detail label={LABELS.agency} value={agent.agency} />
            <Detail label={LABELS.phone} value={agent.phone && <a href={`tel:${agent.phone}`}>{agent.phone}</a>} />
            <Detail label={LABELS.email} value={agent.email && <a href={`mailto:${agent.email}`}>{agent.email}</a>} />
            <Detail label={LABELS.address} value={agent.address} />
            <Detail label={LABELS.notes} value={agent.notes} />
          </DetailList>
        </section>
        <section className="card" aria-labelledby="windows-title">
          <h2 id="windows-title">The agency's reporting windows</h2>
          <DetailList>
            <Detail label="Report a duplicate within" value={days(agent.duplicateReportDays, "days")} />
            <Detail label="Report a move-in within" value={days(agent.moveInReportBusinessDays, "business days")} />
          </DetailList>
        </section>
        {can("fees") && <FeeTermsCard agent={agent} mayChange={can("fees", "write")} />}
      </div>
      {session && can("documents") && isGroupWide(session) && (
        <section className="agent-detail__documents" aria-label="Agent documents">
          <DocumentsPanel
            subject="agent"
            subjectId={agent.id}
            facilityId={null}
            canEdit={agent.archivedAt === null}
            subjectName={agent.name}
          />
        </section>
      )}
      <AgentReferrals agent={agent} seesFees={can("fees")} />
      <ConfirmDialog
        open={confirming}
        title={agent.active ? `Make ${agent.name} inactive?` : `Reactivate ${agent.name}?`}
        confirmLabel={agent.active ? "Make inactive" : "Reactivate"}
        busy={busy}
        onConfirm={() => void toggleActive()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {agent.active
            ? "They leave the active list and new referrals; their past referrals and fees stay."
            : "They return to the active list."}
        </p>
      </ConfirmDialog>
    </article>
  );
}

function FeeTermsCard({ agent, mayChange }: { agent: TAgentRecord; mayChange: boolean }) {
  const terms = useAllRecords("agentFeeTerms", { where: { agentId: agent.id } });
  const [editing, setEditing] = useState(false);
  const current = terms.data?.[0];
  return (
    <section className="card" aria-labelledby="fees-title">
      <h2 id="fees-title">Fee terms</h2>
      {!terms.data ? (
        <p role="status">{terms.isError ? "The fee terms could not be loaded." : "Loading…"}</p>
      ) : current ? (
        <DetailList>
          <Detail label="Fee" value={feeTermsText(current)} />
          <Detail label={FIELD_LABELS.agentFeeTerms.notes} value={current.notes} />
        </DetailList>
      ) : (
        <p>No fee terms are recorded for {agent.name} yet.</p>
      )}
      {mayChange && terms.data && (
        <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
          {current ? "Change fee terms" : "Add fee terms"}
        </button>
      )}
      {editing && <FeeTermsDialog agent={agent} terms={current} onClose={() => setEditing(false)} />}
    </section>
  );
}

/** The agent's referrals (in the homes the user sees), newest first, and their figures per calendar year. */
function AgentReferrals({ agent, seesFees }: { agent: TAgentRecord; seesFees: boolean }) {
  const { facilities } = useFacilities();
  const referrals = useAllRecords("referrals", {
    where: { agentId: agent.id },
    orderBy: { field: "referredOn", direction: "desc" },
  });
  const fees = useAllRecords("referralFees", { where: { agentId: agent.id } }, { enabled: seesFees });
  const terms = useAllRecords("agentFeeTerms", { where: { agentId: agent.id } }, { enabled: seesFees });
  if (!referrals.data)
    return <p role="status">{referrals.isError ? "The agent's referrals could not be loaded." : "Loading…"}</p>;
  const years = [
    ...new Set([
      ...referrals.data.map((r) => r.referredOn.slice(0, 4)),
      ...(fees.data ?? []).map((f) => f.date.slice(0, 4)),
    ]),
  ]
    .sort()
    .reverse();
  const byYear = years.map((year) => {
    const ofYear = referrals.data.filter((r) => r.referredOn.startsWith(year));
    // Fees owed by the agent's terms beside those paid, so cost per move-in counts what is owed too.
    const [stats] = agentStatsOf(
      [agent.id],
      ofYear,
      seesFees ? (fees.data ?? []).filter((f) => f.date.startsWith(year)) : null,
      Number(year),
      { terms: terms.data ?? [], moveIns: ofYear },
    );
    return { year, stats: stats! };
  });
  return (
    <>
      <section className="card agent-referrals" aria-labelledby="years-title">
        <h2 id="years-title">{seesFees ? "Referrals and fees by year" : "Referrals by year"}</h2>
        {byYear.length === 0 ? (
          <p>No referrals from {agent.name} in your homes yet.</p>
        ) : (
          <ConversionTable
            firstHeader="Year"
            rows={byYear.map(({ year, stats }) => ({ ...stats, key: year, label: year }))}
          />
        )}
      </section>
      {referrals.data.length > 0 && (
        <section className="card agent-referrals" aria-labelledby="agent-referrals-title">
          <h2 id="agent-referrals-title">Referrals</h2>
          <ul className="agent-referrals__list">
            {referrals.data.map((r) => (
              <li key={r.id}>
                <Link to={paths.agents.referral.href(r.id)}>{prospectName(r)}</Link> —{" "}
                {facilityName(facilities, r.facilityId)}, {r.referredOn}{" "}
                <span className={STATUS_TONES[r.status]}>{STATUS_LABELS[r.status]}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
