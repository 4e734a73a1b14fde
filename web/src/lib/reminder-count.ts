/**
 * The navigation's reminder count: open reminders overdue or due today for the header's facility.
 * Two queries of the records cache: the derived reminders (the same query the Reminders page shows,
 * so that page costs one derived-reminders call, not two) and the manual reminders due by today. A
 * write to anything they read (a document uploaded, a reminder done) refreshes them; coming back to
 * the tab after five minutes does too, so the count follows the day.
 */
import { useQuery } from "@tanstack/react-query";
import { MAX_PAGE_SIZE } from "@care/core/list-query";
import type { DataPort } from "@care/core/ports/data.port";
import type { TRemindersQuery } from "@care/core/ports/insights.port";
import type { TRecordOf } from "@care/core/registry";
import { localToday } from "@care/core/rules/date-only.rules";
import { useData, useInsights } from "./ports.tsx";
import { INSIGHT_READS } from "./records/records-client.ts";
import { useSelectedFacility } from "./selected-facility.ts";

/** Items of a reminder group shown at first and added by each "Show more". */
export const REMINDER_ITEMS_PAGE = 20;

/** Reminders load again when the tab comes back after this long. */
const STALE_AFTER_MS = 5 * 60_000;

const refetchWhenOld = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > STALE_AFTER_MS;

/** A manual reminder is due when open, not snoozed past today, and its date is today or earlier. */
export function manualDue(reminder: TRecordOf<"reminders">, today: string): boolean {
  return (
    reminder.status === "open" &&
    (!reminder.snoozedUntil || reminder.snoozedUntil <= today) &&
    reminder.dueDate <= today
  );
}

/**
 * How many open manual reminders of a facility ("" = every facility the user may see) are due by
 * `today`: read soonest first, stopping at the first page that reaches past today.
 */
export async function countManualDue(data: DataPort, facilityId: string, today: string): Promise<number> {
  let manual = 0;
  let cursor: string | undefined;
  for (;;) {
    const page = await data.list("reminders", {
      where: { status: "open", ...(facilityId ? { facilityId } : {}) },
      orderBy: { field: "dueDate", direction: "asc" },
      limit: MAX_PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    });
    manual += page.items.filter((r) => manualDue(r, today)).length;
    const last = page.items.at(-1);
    if (!page.nextCursor || !last || last.dueDate > today) break;
    cursor = page.nextCursor;
  }
  return manual;
}

/**
 * The derived reminders' groups and counts for a facility ("" = every facility the user may see) on
 * `today`, with the page's grouping and filters (none for the navigation's count, which shares the
 * page's default view), and the first page of the first group's items: the group the page opens is
 * drawn with the groups, without a second round trip.
 */
export function useDerivedReminders(
  facilityId: string,
  today: string,
  options: Omit<TRemindersQuery, "facilityId" | "today" | "group" | "offset" | "limit"> = {},
) {
  const insights = useInsights();
  const query: TRemindersQuery = {
    ...(facilityId ? { facilityId } : {}),
    today,
    ...options,
    itemsOf: "first-group",
    limit: REMINDER_ITEMS_PAGE,
  };
  return useQuery({
    queryKey: ["insights", "derivedReminders", query],
    queryFn: () => insights.derivedReminders(query),
    meta: { reads: INSIGHT_READS },
    refetchOnWindowFocus: refetchWhenOld,
  });
}

/** The count for the selected facility, or null while it is unknown. */
export function useReminderCount(): number | null {
  const data = useData();
  const [facilityId] = useSelectedFacility();
  const today = localToday();
  const derived = useDerivedReminders(facilityId, today);
  const manual = useQuery({
    queryKey: ["reminderCount", "manual", facilityId, today],
    queryFn: () => countManualDue(data, facilityId, today),
    meta: { reads: ["reminders"], quiet: ["UNAVAILABLE", "INTERNAL", "FORBIDDEN", "VALIDATION"] },
    refetchOnWindowFocus: refetchWhenOld,
  });
  if (derived.data === undefined || manual.data === undefined) return null;
  return derived.data.due + manual.data;
}
