/**
 * The navigation's reminder count: open reminders overdue or due today for the header's facility.
 * One small store: the layout loads it (one derived-reminders call and the manual reminders due by
 * today) when the facility changes or when someone asks (`refreshReminderCount`); the Reminders page,
 * which has the same data at hand after every action, sets it directly (`setReminderCount`).
 */
import { useEffect, useRef, useSyncExternalStore } from "react";
import { MAX_PAGE_SIZE } from "@care/core/list-query";
import type { DataPort } from "@care/core/ports/data.port";
import type { InsightsPort, TDerivedReminder } from "@care/core/ports/insights.port";
import type { TRecordOf } from "@care/core/registry";
import { localToday } from "@care/core/rules/reminders.rules";
import { useData, useInsights } from "./providers.tsx";
import { useSelectedFacility } from "./selected-facility.ts";

/** Reminders load again when the tab comes back after this long, so the count follows the day. */
const STALE_AFTER_MS = 5 * 60_000;

type TSnapshot = { facilityId: string; count: number } | null;

let snapshot: TSnapshot = null;
let reloadRequests = 0;
let loadedAt = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(): void {
  listeners.forEach((listener) => listener());
}

/** A derived reminder is due when open (or its snooze has run out) and its date is today or earlier. */
export function derivedDue(reminder: TDerivedReminder, today: string): boolean {
  const open =
    reminder.state === "open" ||
    (reminder.state === "snoozed" && (!reminder.snoozedUntil || reminder.snoozedUntil <= today));
  return open && reminder.dueDate <= today;
}

/** A manual reminder is due when open, not snoozed past today, and its date is today or earlier. */
export function manualDue(reminder: TRecordOf<"reminders">, today: string): boolean {
  return (
    reminder.status === "open" &&
    (!reminder.snoozedUntil || reminder.snoozedUntil <= today) &&
    reminder.dueDate <= today
  );
}

/** The count for a facility ("" = every facility the user may see), read from the ports. */
export async function loadReminderCount(
  data: DataPort,
  insights: InsightsPort,
  facilityId: string,
  today: string,
): Promise<number> {
  const derived = insights.derivedReminders({ ...(facilityId ? { facilityId } : {}), today });
  // Open manual reminders soonest first: stop at the first page that reaches past today.
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
  return (await derived).filter((r) => derivedDue(r, today)).length + manual;
}

/** Sets the count for a facility (the Reminders page, after it loaded the same data). */
export function setReminderCount(facilityId: string, count: number): void {
  snapshot = { facilityId, count };
  loadedAt = Date.now();
  emit();
}

/** Asks the layout to load the count again (after a change elsewhere that adds or settles a reminder). */
export function refreshReminderCount(): void {
  reloadRequests += 1;
  emit();
}

/** The count for the selected facility, or null while it is unknown. */
export function useReminderCount(): number | null {
  const [facilityId] = useSelectedFacility();
  const current = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => null,
  );
  return current && current.facilityId === facilityId ? current.count : null;
}

/**
 * Mounted once, in the layout: loads the count for the selected facility, and again when asked.
 * `pageLoadsIt`: the Reminders page is showing and sets the count from its own load, so the
 * (heaviest) derived-reminders call is not made twice.
 */
export function useReminderCountLoader(pageLoadsIt: boolean): void {
  const data = useData();
  const insights = useInsights();
  const [facilityId] = useSelectedFacility();
  const requests = useSyncExternalStore(
    subscribe,
    () => reloadRequests,
    () => 0,
  );
  const skip = useRef(pageLoadsIt);
  useEffect(() => {
    skip.current = pageLoadsIt;
  }, [pageLoadsIt]);

  useEffect(() => {
    if (skip.current) return;
    let cancelled = false;
    loadReminderCount(data, insights, facilityId, localToday())
      .then((count) => {
        if (!cancelled) setReminderCount(facilityId, count);
      })
      .catch((error: unknown) => {
        // The navigation then shows no count; the Reminders page reports its own errors.
        console.warn("The reminder count could not be loaded", error);
      });
    return () => {
      cancelled = true;
    };
  }, [data, insights, facilityId, requests]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible" && Date.now() - loadedAt > STALE_AFTER_MS) refreshReminderCount();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);
}
