import { describe, expect, it } from "vitest";
import type { DataPort } from "@care/core/ports/data.port";
import { countManualDue } from "./reminder-count.ts";
import { manualReminder } from "./reminders.test-support.ts";

const TODAY = "2026-03-10";

const manual = (id: string, dueDate: string, snoozedUntil?: string) =>
  manualReminder({ id, title: id, dueDate, ...(snoozedUntil ? { snoozedUntil } : {}) });

describe("the navigation's reminder count", () => {
  it("counts manual reminders due by today, reading pages only until they pass today", async () => {
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

    // a and c (b is snoozed; d is tomorrow).
    expect(await countManualDue(data, "tull", TODAY)).toBe(2);
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
    expect(await countManualDue(data, "", TODAY)).toBe(0);
  });
});
