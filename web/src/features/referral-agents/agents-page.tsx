/**
 * The Agent List (`/referral-agents`, also `/agencies`): the group's referral agents — agent (with the
 * agency and whether inactive), contact, fee terms (for roles with Referral fees; read from their own collection), the agreement and
 * W-9 on file or expiring (for users with Documents who see every home), referrals, move-ins,
 * conversion, fees paid this year (Referral fees only) — searchable
 * by agent or agency, filtered by active, sorted by the server, a page at a time, with a CSV of
 * everything the filters match.
 */
import { Link } from "react-router-dom";
import { FIELD_LABELS } from "@care/core/field-labels";
import type { TListQuery } from "@care/core/list-query";
import { feeTermsText } from "@care/core/rules/referral-fees.rules";
import { localToday } from "@care/core/rules/date-only.rules";
import { listAll } from "@care/core/list-all";
import { formatCents } from "@care/core/rules/rent.rules";
import { conversionPercent, type TAgentStats } from "@care/core/rules/referral-stats.rules";
import type { TRequirementStatus } from "@care/core/ports/insights.port";
import { isGroupWide } from "@care/core/rules/access.rules";
import { subjectCompliance } from "@care/core/rules/compliance.rules";
import { useCan } from "../../lib/access.ts";
import { useSession } from "../../lib/ports.tsx";
import { useListState } from "../../lib/list-state.ts";
import { paths } from "../../lib/paths.ts";
import { useRecordList, type TReadPorts } from "../../lib/records/use-records.ts";
import type { TCsvColumn } from "../../ui/csv-export.ts";
import type { TDataColumn, TSort } from "../../ui/data-table.tsx";
import { ListPage } from "../../ui/list-page.tsx";
import { ComplianceBadge } from "../../ui/compliance-badge.tsx";
import { paperText, percentText, type TAgentRecord, type TFeeTermsRecord } from "./agent-format.ts";
import "./referral-agents.css";

/**
 * An agent with their fee terms (undefined when none are agreed or the role may not read fees), their
 * papers (the required agent document types and where each stands; undefined when the user does not
 * see agents' documents) and their referrals, tours, move-ins and fees paid this year (over the homes
 * the user sees).
 */
type TAgentRow = TAgentRecord & {
  terms: TFeeTermsRecord | undefined;
  papers: TRequirementStatus[] | undefined;
  stats: TAgentStats | undefined;
};
type TActiveFilter = "active" | "inactive" | "";

const LABELS = FIELD_LABELS.referralAgents;
const SHOWN_LABELS = { active: "Active agents", inactive: "Inactive agents" } as const;

function agentsQuery(active: TActiveFilter, search: string, orderBy: TSort): Omit<TListQuery, "limit" | "cursor"> {
  const text = search.trim();
  return { ...(active ? { where: { active: active === "active" } } : {}), orderBy, ...(text ? { search: text } : {}) };
}

/**
 * The page's agents with their fee terms, their papers and their numbers, each read in one question by
 * the agents' ids (the papers: the agent document types and the agents' current documents).
 */
function withTermsAndStats(seesFees: boolean, seesPapers: boolean, year: number, today: string) {
  return async (agents: TAgentRecord[], { data, insights }: TReadPorts): Promise<TAgentRow[]> => {
    if (agents.length === 0) return [];
    const ids = agents.map((a) => a.id);
    const [terms, stats, types, documents] = await Promise.all([
      seesFees ? listAll(data, "agentFeeTerms", { where: { agentId: ids } }) : [],
      insights.agentStats({ agentIds: ids, year }),
      seesPapers ? listAll(data, "documentTypes", { where: { subject: "agent" } }) : [],
      seesPapers ? listAll(data, "documents", { where: { subject: "agent", subjectId: ids, current: true } }) : [],
    ]);
    const termsOf = new Map(terms.map((t) => [t.agentId, t]));
    const statsOf = new Map(stats.map((s) => [s.agentId, s]));
    const papersOf = (agent: TAgentRecord) =>
      seesPapers
        ? subjectCompliance(
            { subject: "agent", id: agent.id, facilityId: null, name: agent.name },
            types,
            documents,
            today,
          ).requirements.filter((r) => r.required)
        : undefined;
    return agents.map((a) => ({ ...a, terms: termsOf.get(a.id), papers: papersOf(a), stats: statsOf.get(a.id) }));
  };
}

export function AgentListPage() {
  const can = useCan();
  const session = useSession();
  const seesFees = can("fees");
  // An agent's documents are group-wide: only users with Documents who see every home read them.
  const seesPapers = Boolean(session && can("documents") && isGroupWide(session));
  const today = localToday();
  // Every agent by default (inactive ones marked), so a group whose agents are all inactive never
  // reads as one with none.
  const state = useListState<{ active: TActiveFilter }, TSort>(
    { active: "" },
    { field: "name", direction: "asc" },
    { active: ["", "active", "inactive"] },
  );
  const year = Number(today.slice(0, 4));
  const list = useRecordList("referralAgents", agentsQuery(state.filters.active, state.search, state.orderBy), {
    extras: {
      reads: ["agentFeeTerms", "referrals", "referralFees", "documents", "documentTypes"],
      rows: withTermsAndStats(seesFees, seesPapers, year, today),
    },
  });

  const columns: TDataColumn<TAgentRow>[] = [
    {
      // The agent with their agency beneath and an inactive agent marked, so the figures keep the width.
      id: "name",
      header: LABELS.name,
      meta: { sortField: "name" },
      cell: ({ row }) => (
        <span className="agent-name">
          <Link to={paths.agents.detail.href(row.original.id)}>{row.original.name}</Link>
          {row.original.agency && <span className="agent-muted">{row.original.agency}</span>}
          {!row.original.active && <span className="agent-inactive">Inactive</span>}
        </span>
      ),
    },
    {
      id: "contact",
      header: "Contact",
      cell: ({ row }) => (
        <span className="agent-contact">
          {row.original.phone && <a href={`tel:${row.original.phone}`}>{row.original.phone}</a>}
          {row.original.email && <a href={`mailto:${row.original.email}`}>{row.original.email}</a>}
          {!row.original.phone && !row.original.email && "—"}
        </span>
      ),
    },
    ...(seesFees
      ? [
          {
            id: "fee",
            header: "Fee terms",
            cell: ({ row }: { row: { original: TAgentRow } }) =>
              row.original.terms ? (
                feeTermsText(row.original.terms)
              ) : (
                <span className="agent-muted">None recorded</span>
              ),
          },
        ]
      : []),
    ...(seesPapers
      ? [
          {
            id: "papers",
            header: "Agreement and W-9",
            cell: ({ row }: { row: { original: TAgentRow } }) => <AgentPapers papers={row.original.papers} />,
          },
        ]
      : []),
    {
      id: "referrals",
      header: "Referrals",
      cell: ({ row }) => row.original.stats?.referrals ?? "—",
    },
    {
      id: "moveIns",
      header: "Move-ins",
      cell: ({ row }) => row.original.stats?.moveIns ?? "—",
    },
    {
      id: "conversion",
      header: "Conversion",
      cell: ({ row }) => percentText(row.original.stats),
    },
    ...(seesFees
      ? [
          {
            id: "paid",
            header: `Fees paid ${year}`,
            cell: ({ row }: { row: { original: TAgentRow } }) =>
              row.original.stats?.feesPaidInYearCents == null
                ? "—"
                : formatCents(row.original.stats.feesPaidInYearCents),
          },
        ]
      : []),
  ];

  const csvColumns: TCsvColumn<TAgentRow>[] = [
    { header: LABELS.name, value: (a) => a.name },
    { header: LABELS.agency, value: (a) => a.agency },
    { header: LABELS.phone, value: (a) => a.phone },
    { header: LABELS.email, value: (a) => a.email },
    { header: LABELS.address, value: (a) => a.address },
    ...(seesFees ? [{ header: "Fee terms", value: (a: TAgentRow) => (a.terms ? feeTermsText(a.terms) : "") }] : []),
    ...(seesPapers
      ? [
          {
            header: "Agreement and W-9",
            value: (a: TAgentRow) =>
              (a.papers ?? []).map((r) => `${paperText(r).name}: ${paperText(r).text}`).join("; "),
          },
        ]
      : []),
    { header: LABELS.duplicateReportDays, value: (a) => a.duplicateReportDays },
    { header: LABELS.moveInReportBusinessDays, value: (a) => a.moveInReportBusinessDays },
    { header: "Referrals", value: (a) => a.stats?.referrals },
    { header: "Tours", value: (a) => a.stats?.tours },
    { header: "Move-ins", value: (a) => a.stats?.moveIns },
    { header: "Conversion (%)", value: (a) => (a.stats ? conversionPercent(a.stats) : undefined) ?? "" },
    ...(seesFees
      ? [
          {
            header: `Fees paid ${year} ($)`,
            value: (a: TAgentRow) =>
              a.stats?.feesPaidInYearCents == null ? "" : (a.stats.feesPaidInYearCents / 100).toFixed(2),
          },
        ]
      : []),
    { header: LABELS.active, value: (a) => (a.active ? "Yes" : "No") },
    { header: LABELS.notes, value: (a) => a.notes },
    ...(seesFees ? [{ header: FIELD_LABELS.agentFeeTerms.notes, value: (a: TAgentRow) => a.terms?.notes }] : []),
  ];

  const shown = state.filters.active ? SHOWN_LABELS[state.filters.active] : "All agents";
  return (
    <ListPage
      title="Agent List"
      intro={
        seesFees
          ? "The placement agents and agencies who refer residents to your homes, kept once for the whole group with the fee terms agreed with each."
          : "The placement agents and agencies who refer residents to your homes, kept once for the whole group."
      }
      scope={{ label: "Showing:", value: shown }}
      list={list}
      noun={["agent", "agents"]}
      add={can("referrals", "write") ? { label: "Add New Agent", to: paths.agents.add.href() } : undefined}
      exportCsv={{ fileName: `referral-agents-${localToday()}.csv`, columns: csvColumns, page: list.exportPage }}
      state={state}
      search={{ label: "Search agents", placeholder: "Agent or agency" }}
      selects={[{ key: "active", label: "Show", anyLabel: "All agents", labels: SHOWN_LABELS }]}
      table={{ caption: `Referral agents, ${shown.toLowerCase()}`, columns }}
      empty={{
        noMatch: {
          title: "No agents match",
          text: "No agent matches this search and filter. Clear them to see every agent.",
          clearLabel: "Clear search and filter",
        },
        none: {
          title: "No referral agents recorded",
          text: "Add the agents you work with, with their fee terms, so every home of the group sees the same agents and no fee is paid twice.",
        },
      }}
    />
  );
}

/** Each required paper of an agent with its status badge ("Referral agreement: Expires 2026-12-10"). */
function AgentPapers({ papers }: { papers: TRequirementStatus[] | undefined }) {
  if (!papers || papers.length === 0) return <span className="agent-muted">None required</span>;
  return (
    <ul className="agent-papers">
      {papers.map((paper) => {
        const { name, text } = paperText(paper);
        return (
          <li key={paper.typeId}>
            {name}: <ComplianceBadge status={paper.status} text={text} />
          </li>
        );
      })}
    </ul>
  );
}
