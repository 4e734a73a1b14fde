/**
 * Referral Logs as a pipeline (`/referral-agents/logs/pipeline`): the selected home's open referrals in
 * columns by stage, each with its count; a card moves by its "Move to" menu (keyboard and phone) or by
 * dragging it to another column, both opening the same dialog (a tour needs its time, a close its
 * reason). Above the columns, this week's tours per home.
 */
import { useState, type DragEvent } from "react";
import { Link } from "react-router-dom";
import {
  OPEN_REFERRAL_STATUSES,
  REFERRAL_STATUSES,
  type TReferralStatus,
} from "@care/core/collections/referrals.collection";
import { addDays } from "@care/core/rules/date-only.rules";
import { weekStartOf } from "@care/core/rules/schedule.rules";
import { useCan } from "../../lib/access.ts";
import { facilityToday } from "../../lib/facilities.tsx";
import { useFacilityScope } from "../../lib/facility-scope.ts";
import { paths } from "../../lib/paths.ts";
import { useAllRecords } from "../../lib/records/use-records.ts";
import { PageHeader, countText } from "../../ui/page-header.tsx";
import { prospectName, sourceText, STATUS_LABELS, tourText, type TReferralRecord } from "./referral-format.ts";
import { ReferralStatusDialog } from "./referral-status-dialog.tsx";
import { ReferralViewSwitch } from "./referral-view-switch.tsx";
import "./referral-agents.css";

const DRAG_TYPE = "application/x-referral-id";

export function ReferralPipelinePage() {
  const { facilityId, scope, nameOf, facilities } = useFacilityScope();
  const can = useCan();
  const mayMove = can("referrals", "write");
  const open = useAllRecords("referrals", {
    where: { ...(facilityId ? { facilityId } : {}), status: [...OPEN_REFERRAL_STATUSES] },
    orderBy: { field: "referredOn", direction: "asc" },
  });
  const agents = useAllRecords("referralAgents", { includeArchived: true });
  const agentName = (id: string | undefined) => agents.data?.find((a) => a.id === id)?.name ?? "—";
  const [onlyDue, setOnlyDue] = useState(false);
  const [moving, setMoving] = useState<{ referral: TReferralRecord; to: TReferralStatus } | null>(null);
  const [dropTarget, setDropTarget] = useState<TReferralStatus | null>(null);
  const todayOf = (r: TReferralRecord) => facilityToday(facilities, r.facilityId);
  const isDue = (r: TReferralRecord) => r.nextFollowUp !== undefined && r.nextFollowUp <= todayOf(r);
  const referrals = (open.data ?? []).filter((r) => !onlyDue || isDue(r));

  function drop(event: DragEvent, to: TReferralStatus) {
    event.preventDefault();
    setDropTarget(null);
    const referral = referrals.find((r) => r.id === event.dataTransfer.getData(DRAG_TYPE));
    if (referral && referral.status !== to) setMoving({ referral, to });
  }

  return (
    <article className="page referral-pipeline" aria-labelledby="page-title">
      <PageHeader
        title="Referral Logs"
        intro="Open referrals by stage. Move a card with its menu, or drag it to another column."
        scope={{
          label: "Facility:",
          value: scope,
          extra: open.data ? countText(referrals.length, ["open referral", "open referrals"], onlyDue) : undefined,
        }}
        actions={
          mayMove && (
            <Link className="button" to={paths.agents.logReferral.href()}>
              Log Referral
            </Link>
          )
        }
      />
      <ReferralViewSwitch current="pipeline" />
      <WeekTours referrals={open.data ?? []} nameOf={nameOf} todayOf={todayOf} showHome={!facilityId} />
      <label className="referral-pipeline__only-due">
        <input type="checkbox" checked={onlyDue} onChange={(e) => setOnlyDue(e.target.checked)} /> Only follow-ups due
      </label>
      {!open.data ? (
        <p role="status">{open.isError ? "The referrals could not be loaded." : "Loading…"}</p>
      ) : (
        <div className="referral-pipeline__columns">
          {OPEN_REFERRAL_STATUSES.map((status) => {
            const cards = referrals.filter((r) => r.status === status);
            const headingId = `column-${status}`;
            return (
              <section
                key={status}
                className={`referral-column${dropTarget === status ? " referral-column--target" : ""}`}
                aria-labelledby={headingId}
                onDragOver={(event) => {
                  if (!mayMove) return;
                  event.preventDefault();
                  setDropTarget(status);
                }}
                onDragLeave={() => setDropTarget((current) => (current === status ? null : current))}
                onDrop={(event) => drop(event, status)}
              >
                <h2 id={headingId}>
                  {STATUS_LABELS[status]} <span className="referral-column__count">{cards.length}</span>
                </h2>
                {cards.length === 0 && <p className="agent-muted">None</p>}
                <ul>
                  {cards.map((r) => (
                    <li
                      key={r.id}
                      className="referral-card"
                      draggable={mayMove}
                      onDragStart={(event) => {
                        event.dataTransfer.setData(DRAG_TYPE, r.id);
                        event.dataTransfer.effectAllowed = "move";
                      }}
                    >
                      <Link to={paths.agents.referral.href(r.id)} className="referral-card__name">
                        {prospectName(r)}
                      </Link>
                      <span className="referral-card__meta">
                        {facilityId ? "" : `${nameOf(r.facilityId)} · `}
                        {sourceText(r, agentName(r.agentId))} · <span className="referral-nowrap">{r.referredOn}</span>
                      </span>
                      {r.status === "tour_scheduled" && r.tourAt && (
                        <span className="referral-card__meta">Tour {tourText(r.tourAt)}</span>
                      )}
                      {r.nextFollowUp && (
                        <span className={isDue(r) ? "referral-due" : "referral-card__meta"}>
                          Follow up <span className="referral-nowrap">{r.nextFollowUp}</span>
                          {isDue(r) ? " — due" : ""}
                        </span>
                      )}
                      {mayMove && (
                        <label className="referral-card__move">
                          <span className="visually-hidden">Move {prospectName(r)} to</span>
                          <select
                            value=""
                            onChange={(e) => {
                              if (e.target.value) setMoving({ referral: r, to: e.target.value as TReferralStatus });
                            }}
                          >
                            <option value="">Move to…</option>
                            {REFERRAL_STATUSES.filter((s) => s !== r.status).map((s) => (
                              <option key={s} value={s}>
                                {STATUS_LABELS[s]}
                              </option>
                            ))}
                          </select>
                        </label>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
      {moving && <ReferralStatusDialog referral={moving.referral} to={moving.to} onClose={() => setMoving(null)} />}
    </article>
  );
}

/** This week's tours (Monday to Sunday of each home's today), per home, in time order. */
function WeekTours({
  referrals,
  nameOf,
  todayOf,
  showHome,
}: {
  referrals: readonly TReferralRecord[];
  nameOf: (id: string) => string;
  todayOf: (r: TReferralRecord) => string;
  showHome: boolean;
}) {
  const tours = referrals
    .filter((r) => {
      if (r.status !== "tour_scheduled" || !r.tourAt) return false;
      const monday = weekStartOf(todayOf(r));
      const day = r.tourAt.slice(0, 10);
      return day >= monday && day <= addDays(monday, 6);
    })
    .sort((a, b) => nameOf(a.facilityId).localeCompare(nameOf(b.facilityId)) || a.tourAt!.localeCompare(b.tourAt!));
  const homes = [...new Set(tours.map((t) => t.facilityId))];
  return (
    <section className="card referral-tours" aria-labelledby="tours-title">
      <h2 id="tours-title">This week's tours</h2>
      {tours.length === 0 ? (
        <p>No tours scheduled this week.</p>
      ) : (
        homes.map((home) => (
          <div key={home}>
            {showHome && <h3>{nameOf(home)}</h3>}
            <ul>
              {tours
                .filter((t) => t.facilityId === home)
                .map((t) => (
                  <li key={t.id}>
                    {tourText(t.tourAt!)} — <Link to={paths.agents.referral.href(t.id)}>{prospectName(t)}</Link>
                  </li>
                ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
