/**
 * Staff training: per staff member the hours they took in the range and, on the range's last counted
 * day, where they stand on each requirement of their position (met, short, overdue, not yet begun) by
 * the shared training rules; per requirement how many are met or short; per home who is short; and the
 * hours taken month by month. Every backend reads the staff, requirements and ledgers and calls this.
 */
import { z } from "zod";
import { ZId } from "../common.schema.ts";
import { listName } from "../rules/person-name.rules.ts";
import { trainingProgress, type TTrainingEntryLike, type TTrainingRequirementLike } from "../rules/training.rules.ts";
import { monthsBetween } from "../rules/rent.rules.ts";
import { byHomeName, lastCountedDay, type TReportQuery } from "./report-query.schema.ts";

const ZCount = z.number().int().min(0);
const ZHours = z.number().min(0);
const ZState = z.enum(["short", "overdue"]);

const ZHomeTraining = z.object({
  staff: ZCount,
  /** Hours of training dated in the range. */
  hours: ZHours,
  /** Staff with a requirement short or overdue on the last counted day. */
  staffShort: ZCount,
  /** Requirements overdue (their due date passed unmet), summed over the staff. */
  overdue: ZCount,
});

export const ZTrainingReport = z.object({
  from: z.string(),
  to: z.string(),
  countedOn: z.string(),
  homes: z.array(ZHomeTraining.extend({ facilityId: ZId, name: z.string() })),
  total: ZHomeTraining,
  requirements: z.array(
    z.object({ requirementId: ZId, name: z.string(), applies: ZCount, met: ZCount, short: ZCount, overdue: ZCount }),
  ),
  /** Everyone, those short first, each with the requirements they are short of or overdue on. */
  staff: z.array(
    z.object({
      staffId: ZId,
      facilityId: ZId,
      name: z.string(),
      position: z.string(),
      hours: ZHours,
      requirements: z.array(
        z.object({
          requirementId: ZId,
          name: z.string(),
          state: ZState,
          hours: ZHours,
          required: ZHours,
          shortBy: ZHours,
          due: z.string().nullable(),
        }),
      ),
    }),
  ),
  months: z.array(z.object({ month: z.string(), hours: ZHours })),
});
export type TTrainingReport = z.infer<typeof ZTrainingReport>;

/** A staff member as the reports read them (a `staff` record fits). */
export interface TReportStaff {
  id: string;
  facilityId: string;
  firstName: string;
  lastName: string;
  preferredName?: string | null | undefined;
  position: string;
  hireDate?: string | null | undefined;
}

export interface TTrainingReportInput {
  homes: readonly { id: string; name: string }[];
  /** Staff whose file the homes keep (their home facility), not terminated. */
  staff: readonly TReportStaff[];
  requirements: readonly TTrainingRequirementLike[];
  entries: readonly (TTrainingEntryLike & { staffId: string })[];
}

const round = (hours: number) => Math.round(hours * 100) / 100;
const isShort = (state: string): state is "short" | "overdue" => state === "short" || state === "overdue";

export function trainingReportOf(
  input: TTrainingReportInput,
  query: Pick<TReportQuery, "from" | "to" | "today">,
): TTrainingReport {
  const countedOn = lastCountedDay(query);
  const inRange = (date: string) => date >= query.from && date <= countedOn;
  const ledgers = new Map<string, TTrainingReportInput["entries"][number][]>();
  for (const entry of input.entries) ledgers.set(entry.staffId, [...(ledgers.get(entry.staffId) ?? []), entry]);
  const zero = () => ({ staff: 0, hours: 0, staffShort: 0, overdue: 0 });
  const homes = new Map(input.homes.map((h) => [h.id, zero()]));
  const total = zero();
  const byRequirement = new Map(
    input.requirements.map((r) => [
      r.id,
      { requirementId: r.id, name: r.name, applies: 0, met: 0, short: 0, overdue: 0 },
    ]),
  );
  const months = new Map(monthsBetween(query.from, query.to).map((m) => [m, 0]));
  const staff = input.staff.flatMap((member) => {
    const home = homes.get(member.facilityId);
    if (!home) return [];
    const ledger = ledgers.get(member.id) ?? [];
    const person = { position: member.position, hireDate: member.hireDate ?? undefined };
    const progress = trainingProgress(input.requirements, person, ledger, countedOn);
    let hours = 0;
    for (const entry of ledger) {
      if (!inRange(entry.date)) continue;
      hours += entry.hours;
      const month = entry.date.slice(0, 7);
      months.set(month, round((months.get(month) ?? 0) + entry.hours));
    }
    const short = progress.some((p) => isShort(p.state));
    const overdue = progress.filter((p) => p.state === "overdue").length;
    for (const entry of [home, total]) {
      entry.staff += 1;
      entry.hours = round(entry.hours + hours);
      if (short) entry.staffShort += 1;
      entry.overdue += overdue;
    }
    for (const p of progress) {
      const row = byRequirement.get(p.requirementId)!;
      row.applies += 1;
      if (p.state === "met") row.met += 1;
      else if (p.state === "short") row.short += 1;
      else if (p.state === "overdue") row.overdue += 1;
    }
    return [
      {
        staffId: member.id,
        facilityId: member.facilityId,
        name: listName(member),
        position: member.position,
        hours: round(hours),
        short,
        // Only what is short or overdue: the per-requirement counts say the rest, and a large group's
        // answer stays small.
        requirements: progress.flatMap(({ state, ...p }) =>
          isShort(state)
            ? [
                {
                  requirementId: p.requirementId,
                  name: p.name,
                  state,
                  hours: p.hours,
                  required: p.required,
                  shortBy: p.shortBy,
                  due: p.window.due,
                },
              ]
            : [],
        ),
      },
    ];
  });
  staff.sort(
    (a, b) =>
      Number(b.short) - Number(a.short) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : a.staffId < b.staffId ? -1 : 1),
  );
  return {
    from: query.from,
    to: query.to,
    countedOn,
    homes: byHomeName(input.homes).map((h) => ({ facilityId: h.id, name: h.name, ...homes.get(h.id)! })),
    total,
    requirements: [...byRequirement.values()],
    staff: staff.map(({ short: _, ...row }) => row),
    months: [...months].map(([month, hours]) => ({ month, hours })),
  };
}
