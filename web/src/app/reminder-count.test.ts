import { describe, expect, it } from "vitest";
import type { DataPort } from "@care/core/ports/data.port";
import type { InsightsPort, TDerivedReminder } from "@care/core/ports/insights.port";
import type { TRecordOf } from "@care/core/registry";
import { loadReminderCount } from "./reminder-count.ts";

const TODAY = "2026-03-10";

function derived(dueDate: string, state: TDerivedReminder["state"], snoozedUntil?: string): TDerivedReminder {
  return {
    key: `k-${dueDate}-${state}-${snoozedUntil ?? ""}`,
    kind: "document-missing",
    title: "x",
    dueDate,
    facilityId: "tull",
    link: { type: "facility", id: "tull" },
    state,
    ...(snoozedUntil ? { snoozedUntil } : {}),
  };
}

function manual(id: string, dueDate: string, snoozedUntil?: string): TRecordOf<"reminders"> {
  return {
    id,
    version: 1,
    createdAt: "2026-03-01T00:00:00.000Z",
    updatedAt: "2026-03-01T00:00:00.000Z",
    createdBy: null,
    updatedBy: null,
    archivedAt: null,
    facilityId: "tull",
    title: id,
    notes: undefined,
    dueDate,
    repeat: "none",
    status: "open",
    ...(snoozedUntil ? { snoozedUntil } : {}),
  };
}

describe("the navigation's reminder count", () => {
  it("counts open reminders overdue or due today, and reads manual pages only until they pass today", async () => {
    const queries: unknown[] = [];
    const pages = [
      { items: [manual("a", "2026-03-01"), manual("b", "2026-03-05", "2026-03-20")], nextCursor: "c1" },
      { items: [manual("c", TODAY), manual("d", "2026-03-11")], nextCursor: "c2" },
    ];
    const data = {
      list: async (_collection: string, query: unknown) => {
        queries.push(query);
        return pages[queries.length - 1]!;
      },
    } as unknown as DataPort;
    let insightsQuery: unknown;
    const insights = {
      derivedReminders: async (query: unknown) => {
        insightsQuery = query;
        return [
          derived("2026-03-01", "open"),
          derived(TODAY, "open"),
          derived("2026-03-12", "open"),
          derived("2026-03-02", "done"),
          derived("2026-03-02", "snoozed", "2026-03-30"),
        ];
      },
    } as unknown as InsightsPort;

    // Derived: the two open ones due by today. Manual: a and c (b is snoozed; d is tomorrow).
    expect(await loadReminderCount(data, insights, "tull", TODAY)).toBe(4);
    expect(insightsQuery).toEqual({ facilityId: "tull", today: TODAY });
    // The second page reached past today, so no third page was asked for.
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatchObject({ where: { status: "open", facilityId: "tull" } });
  });

  it("asks for every facility the user may see when none is selected", async () => {
    const data = {
      list: async (_c: string, query: { where: Record<string, unknown> }) => {
        expect(query.where).toEqual({ status: "open" });
        return { items: [], nextCursor: null };
      },
    } as unknown as DataPort;
    const insights = {
      derivedReminders: async (query: Record<string, unknown>) => {
        expect(query).toEqual({ today: TODAY });
        return [];
      },
    } as unknown as InsightsPort;
    expect(await loadReminderCount(data, insights, "", TODAY)).toBe(0);
  });
});
