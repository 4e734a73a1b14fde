/**
 * Referral Logs (`/referral-agents/logs`): the selected home's referrals (every home when none is
 * selected) — prospect, home, referred on, source or agent, status, next follow-up — searchable by the
 * prospect's name, filtered by agent and status (or "follow-up due", read from the open referrals), a
 * page at a time, with a CSV of everything the filters match; under it, how each source converts. The
 * pipeline view shows the same homes' open referrals as columns by status.
 */
import { Link } from "react-router-dom";
import type { TListQuery } from "@care/core/list-query";
import { FIELD_LABELS } from "@care/core/field-labels";
import { OPEN_REFERRAL_STATUSES } from "@care/core/collections/referrals.collection";
import { localToday } from "@care/core/rules/date-only.rules";
import { facilityToday } from "../../lib/facilities.tsx";
import { csvFileName, useFacilityScope } from "../../lib/facility-scope.ts";
import { useCan } from "../../lib/access.ts";
import { useListState } from "../../lib/list-state.ts";
import { paths } from "../../lib/paths.ts";
import { useAllRecords, useArrayList, useRecordList } from "../../lib/records/use-records.ts";
import type { TCsvColumn } from "../../ui/csv-export.ts";
import type { TDataColumn, TSort } from "../../ui/data-table.tsx";
import { ListPage } from "../../ui/list-page.tsx";
import {
  CLOSE_REASON_LABELS,
  STATUS_LABELS,
  STATUS_TONES,
  prospectName,
  sourceText,
  tourText,
  type TReferralRecord,
} from "./referral-format.ts";
import { SOURCE_LABELS } from "@care/core/collections/referrals.collection";
import { ReferralViewSwitch } from "./referral-view-switch.tsx";
import { SourceConversion } from "./source-conversion.tsx";
import "./referral-agents.css";

/** A status, "open" (any open stage) or "due" (open with the follow-up today or earlier). */
type TShow = "" | "open" | "due" | TReferralRecord["status"];
const LABELS = FIELD_LABELS.referrals;
const SHOW_LABELS: Record<Exclude<TShow, "">, string> = {
  open: "Open (any stage)",
  due: "Follow-up due",
  ...STATUS_LABELS,
};

function referralsQuery(facilityId: string, show: TShow, agentId: string, search: string, orderBy: TSort) {
  const where: NonNullable<TListQuery["where"]> = {};
  if (facilityId) where.facilityId = facilityId;
  if (agentId) where.agentId = agentId;
  if (show === "open" || show === "due") where.status = [...OPEN_REFERRAL_STATUSES];
  else if (show) where.status = show;
  return { where, orderBy, ...(search ? { search } : {}) };
}

export function ReferralLogsPage() {
  const { facilityId, scope, nameOf, facilities } = useFacilityScope();
  const can = useCan();
  const state = useListState<{ show: TShow; agentId: string }, TSort>(
    { show: "", agentId: "" },
    { field: "referredOn", direction: "desc" },
    { show: ["", ...(Object.keys(SHOW_LABELS) as TShow[])], agentId: "any" },
  );
  const { show, agentId } = state.filters;
  const query = referralsQuery(facilityId, show, agentId, state.search, state.orderBy);
  const paged = useRecordList("referrals", query, { enabled: show !== "due" });
  // "Follow-up due" reads the open referrals (tens to hundreds) and keeps those due in their home's today.
  const open = useAllRecords("referrals", query, { enabled: show === "due" });
  const due = (open.data ?? [])
    .filter((r) => r.nextFollowUp !== undefined && r.nextFollowUp <= facilityToday(facilities, r.facilityId))
    .sort((a, b) => a.nextFollowUp!.localeCompare(b.nextFollowUp!));
  const dueList = useArrayList(due, open.isFetching);
  const list = show === "due" ? dueList : paged;
  const agents = useAllRecords("referralAgents", { includeArchived: true });
  const agentName = (id: string | undefined) => agents.data?.find((a) => a.id === id)?.name ?? "—";
  const agentLabels = Object.fromEntries(
    (agents.data ?? []).filter((a) => a.active || a.id === agentId).map((a) => [a.id, a.name]),
  );

  const columns: TDataColumn<TReferralRecord>[] = [
    {
      id: "name",
      header: "Prospect",
      cell: ({ row }) => <Link to={paths.agents.referral.href(row.original.id)}>{prospectName(row.original)}</Link>,
    },
    { id: "facility", header: LABELS.facilityId, cell: ({ row }) => nameOf(row.original.facilityId) },
    {
      id: "referredOn",
      header: LABELS.referredOn,
      meta: { sortField: "referredOn" },
      cell: ({ row }) => row.original.referredOn,
    },
    {
      id: "source",
      header: "Referred by",
      cell: ({ row }) => sourceText(row.original, agentName(row.original.agentId)),
    },
    {
      id: "status",
      header: LABELS.status,
      cell: ({ row }) => (
        <>
          <span className={STATUS_TONES[row.original.status]}>{STATUS_LABELS[row.original.status]}</span>
          {row.original.closeReason && row.original.closeReason !== "moved_in" && (
            <span className="referral-card__meta"> {CLOSE_REASON_LABELS[row.original.closeReason]}</span>
          )}
          {row.original.duplicateOfId && row.original.closeReason !== "duplicate" && (
            <span className="referral-card__meta"> · duplicate</span>
          )}
          {row.original.possibleDuplicateOfId && !row.original.duplicateOfId && (
            <>
              {" "}
              <span className="pill pill--warn">Possible duplicate</span>
            </>
          )}
        </>
      ),
    },
    {
      id: "next",
      header: "Next step",
      meta: { deskOnly: true },
      cell: ({ row }) => {
        const r = row.original;
        if (r.status === "tour_scheduled" && r.tourAt) return `Tour ${tourText(r.tourAt)}`;
        if (!r.nextFollowUp) return "—";
        const overdue = r.nextFollowUp <= facilityToday(facilities, r.facilityId);
        return <span className={overdue ? "referral-due" : undefined}>Follow up {r.nextFollowUp}</span>;
      },
    },
  ];

  const csvColumns: TCsvColumn<TReferralRecord>[] = [
    { header: LABELS.referredOn, value: (r) => r.referredOn },
    { header: LABELS.lastName, value: (r) => r.lastName },
    { header: LABELS.firstName, value: (r) => r.firstName },
    { header: LABELS.dateOfBirth, value: (r) => r.dateOfBirth },
    { header: LABELS.facilityId, value: (r) => nameOf(r.facilityId) },
    { header: LABELS.source, value: (r) => SOURCE_LABELS[r.source] },
    { header: LABELS.agentId, value: (r) => (r.agentId ? agentName(r.agentId) : "") },
    { header: LABELS.sourceDetail, value: (r) => r.sourceDetail },
    { header: LABELS.phone, value: (r) => r.phone },
    { header: LABELS.email, value: (r) => r.email },
    { header: LABELS.status, value: (r) => STATUS_LABELS[r.status] },
    { header: LABELS.closeReason, value: (r) => (r.closeReason ? CLOSE_REASON_LABELS[r.closeReason] : "") },
    { header: "Duplicate of an earlier referral", value: (r) => (r.duplicateOfId ? "Yes" : "No") },
    { header: "Possible duplicate", value: (r) => (r.possibleDuplicateOfId && !r.duplicateOfId ? "Yes" : "No") },
    { header: LABELS.duplicateNote, value: (r) => r.duplicateNote },
    { header: LABELS.nextFollowUp, value: (r) => r.nextFollowUp },
    { header: LABELS.tourAt, value: (r) => (r.tourAt ? tourText(r.tourAt) : "") },
    { header: LABELS.desiredMoveIn, value: (r) => r.desiredMoveIn },
    { header: LABELS.moveInDate, value: (r) => r.moveInDate },
    { header: LABELS.outcomeNotes, value: (r) => r.outcomeNotes },
  ];

  return (
    <ListPage
      title="Referral Logs"
      intro="Every prospect referred to your homes, from the first call through tour and assessment to move-in. A prospect already referred to any home of the group is flagged as you log them."
      scope={{ label: "Facility:", value: scope }}
      list={list}
      noun={["referral", "referrals"]}
      add={can("referrals", "write") ? { label: "Log Referral", to: paths.agents.logReferral.href() } : undefined}
      exportCsv={{ fileName: csvFileName("referrals", facilityId, localToday()), columns: csvColumns }}
      state={state}
      search={{ label: "Search by name", placeholder: "Prospect's last or first name" }}
      selects={[
        { key: "show", label: "Status", anyLabel: "Any status", labels: SHOW_LABELS },
        { key: "agentId", label: "Agent", anyLabel: "Any agent or source", labels: agentLabels },
      ]}
      table={{ caption: `Referrals, ${scope}`, columns }}
      headerExtra={<ReferralViewSwitch current="list" />}
      empty={{
        noMatch: {
          title: "No referrals match",
          text: `No referral in ${scope} matches this search and these filters. Clear them to see every referral.`,
          clearLabel: "Clear search and filters",
        },
        none: {
          title: "No referrals logged",
          text: `No referrals are logged for ${scope} yet. Log each referral when the agent or family calls; a prospect already referred to any home of the group is flagged, so the same move-in is never paid twice.`,
        },
      }}
    >
      <SourceConversion facilityId={facilityId} scope={scope} />
    </ListPage>
  );
}
