/** A manual reminder record for the tests of the reminder count and the Reminders page's rows. */
import type { TRecordOf } from "@care/core/registry";

export function manualReminder(over: Partial<TRecordOf<"reminders">> = {}): TRecordOf<"reminders"> {
  return {
    id: "m1",
    version: 1,
    createdAt: "2026-03-01T00:00:00.000Z",
    updatedAt: "2026-03-01T00:00:00.000Z",
    createdBy: null,
    updatedBy: null,
    archivedAt: null,
    facilityId: "tull",
    title: "Fire drill",
    notes: undefined,
    dueDate: "2026-03-10",
    repeat: "none",
    status: "open",
    ...over,
  };
}
