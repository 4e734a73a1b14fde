/**
 * `InsightsPort.report` for backends without a server of their own (memory, firebase): each report's
 * input read through the DataPort, which already keeps to the user's homes, then the same pure function
 * the server runs. Sensible up to a few thousand records per collection in view (docs/firebase.md).
 */
import type { DataPort } from "../ports/data.port.ts";
import type { TSessionUser } from "../ports/auth.port.ts";
import { listAll } from "../list-all.ts";
import type { TRecordOf } from "../registry.ts";
import { CENSUS_EVENT_TYPES, censusReportOf } from "./census.report.ts";
import { lastCountedDay, parseReportQuery, type TReportQuery, type TReportQueryInput } from "./report-query.schema.ts";
import { rentFiguresOf, rentRollReportOf } from "./rent-roll.report.ts";
import { listName } from "../rules/person-name.rules.ts";
import { documentSubjectsFor } from "../rules/access.rules.ts";
import { LIVING_STATUSES } from "../rules/census.rules.ts";
import {
  facilityCounts,
  facilitySubject,
  residentCounts,
  residentSubject,
  staffCounts,
  staffSubject,
} from "../rules/compliance.rules.ts";
import { waiversOf } from "../rules/reminders.rules.ts";
import { complianceReportOf } from "./compliance.report.ts";
import { trainingReportOf } from "./training.report.ts";
import { referralsReportOf } from "./referrals.report.ts";
import { can } from "../rules/permissions.rules.ts";
import { assertCanOpenReport, type TReportKind, type TReportOf } from "./reports.ts";

interface TReportContext {
  data: DataPort;
  user: TSessionUser;
  query: TReportQuery;
  homes: TRecordOf<"facilities">[];
  /** The list filter of the homes in view. */
  byFacility: { facilityId?: string };
}

/** The census input: the homes' residents and their stay and transfer events. */
async function censusInput({ data, homes, byFacility }: TReportContext) {
  const [residents, events] = await Promise.all([
    listAll(data, "residents", { where: byFacility }),
    listAll(data, "residentEvents", { where: { ...byFacility, type: CENSUS_EVENT_TYPES } }),
  ]);
  return { homes, residents, events };
}

/** Records grouped by their resident. */
function byResident<T extends { residentId: string }>(records: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const record of records) groups.set(record.residentId, [...(groups.get(record.residentId) ?? []), record]);
  return groups;
}

const READERS: { [K in TReportKind]: (context: TReportContext) => Promise<TReportOf<K>> } = {
  async census(context) {
    return censusReportOf(await censusInput(context), context.query);
  },

  async "rent-roll"(context) {
    const { data, query, byFacility } = context;
    const [census, charges, payments] = await Promise.all([
      censusInput(context),
      listAll(data, "rentCharges", { where: byFacility }),
      listAll(data, "payments", { where: byFacility }),
    ]);
    const window = { from: query.from, to: query.to, countedOn: lastCountedDay(query) };
    const chargesOf = byResident(charges);
    const paymentsOf = byResident(payments);
    const figures = new Map(
      [...new Set([...chargesOf.keys(), ...paymentsOf.keys()])].map((id) => [
        id,
        rentFiguresOf(chargesOf.get(id) ?? [], paymentsOf.get(id) ?? [], window),
      ]),
    );
    const people = new Map(
      census.residents.map((r) => [r.id, { name: listName(r), rateCents: r.monthlyRateCents ?? null }]),
    );
    return rentRollReportOf({ census, people, figures }, query);
  },

  async compliance({ data, user, query, homes, byFacility }) {
    const kinds = documentSubjectsFor(user);
    const homeIds = new Set(homes.map((h) => h.id));
    const [types, states, residents, staff, documents] = await Promise.all([
      listAll(data, "documentTypes"),
      listAll(data, "reminderStates", { where: byFacility }),
      kinds.includes("resident")
        ? listAll(data, "residents", { where: { ...byFacility, status: [...LIVING_STATUSES] } })
        : [],
      kinds.includes("staff")
        ? listAll(data, "staff", { where: { ...byFacility, status: ["active", "on_leave"] } })
        : [],
      kinds.length > 0 ? listAll(data, "documents", { where: byFacility }) : [],
    ]);
    const subjects = [
      ...residents.filter((r) => residentCounts(r, query.today)).map(residentSubject),
      // A staff member's file is kept at their home facility, not at the other homes they work at.
      ...staff.filter((s) => homeIds.has(s.facilityId) && staffCounts(s)).map(staffSubject),
      ...(kinds.includes("facility") ? homes.filter(facilityCounts).map(facilitySubject) : []),
    ];
    return complianceReportOf(
      {
        homes,
        subjects,
        types,
        documents: documents.filter((d) => kinds.includes(d.subject)),
        waivers: waiversOf(states),
      },
      query,
    );
  },

  async training({ data, query, homes, byFacility }) {
    const homeIds = new Set(homes.map((h) => h.id));
    const [staff, requirements, entries] = await Promise.all([
      listAll(data, "staff", { where: { ...byFacility, status: ["active", "on_leave"] } }),
      listAll(data, "trainingRequirements"),
      listAll(data, "trainingEntries", { where: byFacility }),
    ]);
    return trainingReportOf(
      {
        homes,
        // A staff member's training is kept at their home facility, not at the other homes they work at.
        staff: staff.filter((s) => homeIds.has(s.facilityId)),
        requirements,
        entries: entries.filter((e) => e.date <= query.to),
      },
      query,
    );
  },

  async referrals({ data, user, query, byFacility }) {
    const seesFees = can(user, "fees", "read");
    const [referrals, agents, terms, entries] = await Promise.all([
      listAll(data, "referrals", { where: byFacility }),
      listAll(data, "referralAgents", { includeArchived: true }),
      seesFees ? listAll(data, "agentFeeTerms") : [],
      seesFees ? listAll(data, "referralFees", { where: byFacility }) : [],
    ]);
    return referralsReportOf(
      {
        agents,
        referrals,
        fees: seesFees ? { terms: new Map(terms.map((t) => [t.agentId, t])), entries } : null,
      },
      query,
    );
  },
};

/** The report of `kind` for the user, from the records the DataPort gives them. */
export async function dataPortReport<K extends TReportKind>(
  data: DataPort,
  user: TSessionUser,
  kind: K,
  raw: TReportQueryInput,
): Promise<TReportOf<K>> {
  assertCanOpenReport(user, kind);
  const query = parseReportQuery(raw);
  const homes = query.facilityId ? [await data.get("facilities", query.facilityId)] : await listAll(data, "facilities");
  const byFacility = query.facilityId ? { facilityId: query.facilityId } : {};
  const read = READERS[kind] as (context: TReportContext) => Promise<TReportOf<K>>;
  return read({ data, user, query, homes, byFacility });
}
