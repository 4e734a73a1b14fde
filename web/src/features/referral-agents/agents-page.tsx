/**
 * The Agent List (`/referral-agents`, also `/agencies`): the group's referral agents — agent, agency,
 * contact, fee terms (for roles with Referral fees; read from their own collection), active — searchable
 * by agent or agency, filtered by active, sorted by the server, a page at a time, with a CSV of
 * everything the filters match.
 */
import { Link } from "react-router-dom";
import { FIELD_LABELS } from "@care/core/field-labels";
import type { TListQuery } from "@care/core/list-query";
import { feeTermsText } from "@care/core/rules/referral-fees.rules";
import { localToday } from "@care/core/rules/date-only.rules";
import { listAll } from "@care/core/list-all";
import { useCan } from "../../lib/access.ts";
import { useListState } from "../../lib/list-state.ts";
import { paths } from "../../lib/paths.ts";
import { useRecordList, type TReadPorts } from "../../lib/records/use-records.ts";
import type { TCsvColumn } from "../../ui/csv-export.ts";
import type { TDataColumn, TSort } from "../../ui/data-table.tsx";
import { ListPage } from "../../ui/list-page.tsx";
import type { TAgentRecord, TFeeTermsRecord } from "./agent-format.ts";
import "./referral-agents.css";

/** An agent with their fee terms: undefined when none are agreed or the role may not read fees. */
type TAgentRow = TAgentRecord & { terms: TFeeTermsRecord | undefined };
type TActiveFilter = "active" | "inactive" | "";

const LABELS = FIELD_LABELS.referralAgents;
const SHOWN_LABELS = { active: "Active agents", inactive: "Inactive agents" } as const;

function agentsQuery(active: TActiveFilter, search: string, orderBy: TSort): Omit<TListQuery, "limit" | "cursor"> {
  const text = search.trim();
  return { ...(active ? { where: { active: active === "active" } } : {}), orderBy, ...(text ? { search: text } : {}) };
}

/** The page's agents with their fee terms, read in one list by the agents' ids. */
function withTerms(seesFees: boolean) {
  return async (agents: TAgentRecord[], { data }: TReadPorts): Promise<TAgentRow[]> => {
    if (!seesFees || agents.length === 0) return agents.map((a) => ({ ...a, terms: undefined }));
    const terms = await listAll(data, "agentFeeTerms", { where: { agentId: agents.map((a) => a.id) } });
    const byAgent = new Map(terms.map((t) => [t.agentId, t]));
    return agents.map((a) => ({ ...a, terms: byAgent.get(a.id) }));
  };
}

export function AgentListPage() {
  const can = useCan();
  const seesFees = can("fees");
  // Every agent by default (inactive ones marked), so a group whose agents are all inactive never
  // reads as one with none.
  const state = useListState<{ active: TActiveFilter }, TSort>({ active: "" }, { field: "name", direction: "asc" });
  const list = useRecordList("referralAgents", agentsQuery(state.filters.active, state.search, state.orderBy), {
    extras: { reads: ["agentFeeTerms"], rows: withTerms(seesFees) },
  });

  const columns: TDataColumn<TAgentRow>[] = [
    {
      id: "name",
      header: LABELS.name,
      meta: { sortField: "name" },
      cell: ({ row }) => <Link to={paths.agents.detail.href(row.original.id)}>{row.original.name}</Link>,
    },
    {
      id: "agency",
      header: LABELS.agency,
      meta: { sortField: "agency" },
      cell: ({ row }) => row.original.agency ?? "—",
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
    {
      id: "active",
      header: LABELS.active,
      cell: ({ row }) => (row.original.active ? "Active" : <span className="agent-muted">Inactive</span>),
    },
  ];

  const csvColumns: TCsvColumn<TAgentRow>[] = [
    { header: LABELS.name, value: (a) => a.name },
    { header: LABELS.agency, value: (a) => a.agency },
    { header: LABELS.phone, value: (a) => a.phone },
    { header: LABELS.email, value: (a) => a.email },
    { header: LABELS.address, value: (a) => a.address },
    ...(seesFees ? [{ header: "Fee terms", value: (a: TAgentRow) => (a.terms ? feeTermsText(a.terms) : "") }] : []),
    { header: LABELS.duplicateReportDays, value: (a) => a.duplicateReportDays },
    { header: LABELS.moveInReportBusinessDays, value: (a) => a.moveInReportBusinessDays },
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
