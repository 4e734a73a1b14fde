/**
 * The reminder count beside "Reminders" in the navigation. The number is drawn by CSS from
 * `data-count` on an aria-hidden badge, so the link's text and name stay "Reminders" (what the shell
 * and its tests rely on); screen readers hear the count as the link's description ("3 due"), from a
 * hidden element placed next to the link.
 */
import { useId, type ReactNode } from "react";
import { useReminderCount } from "../../lib/reminder-count.ts";

export interface TReminderCountParts {
  /** For the link's aria-describedby. */
  describedBy: string | undefined;
  /** Inside the link, after its label. */
  badge: ReactNode;
  /** Next to the link (outside it, so the link's text stays its label). */
  description: ReactNode;
}

/** The badge and description of the count, or nothing while it is unknown. */
export function useReminderCountParts(): TReminderCountParts {
  const count = useReminderCount();
  const id = useId();
  if (count === null) return { describedBy: undefined, badge: null, description: null };
  return {
    describedBy: id,
    badge: count > 0 && (
      <span className="nav-count" data-count={count > 99 ? "99+" : String(count)} aria-hidden="true" />
    ),
    description: (
      <span id={id} hidden>
        {count === 0 ? "nothing due" : `${count} due`}
      </span>
    ),
  };
}
