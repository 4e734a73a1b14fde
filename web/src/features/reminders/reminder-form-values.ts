/**
 * The manual reminder form's values (what the inputs hold: text, "" for none) and their conversion to
 * the reminders schema's input and to an update patch (emptied optional fields sent as null).
 */
import type { REMINDER_REPEATS } from "@care/core/collections/reminders.collection";
import { type TReminderLinkType } from "@care/core/collections/reminders.collection";
import type { TInputOf, TPatchOf } from "@care/core/registry";
import type { TManualReminder } from "./reminder-items.ts";

export interface TReminderFormValues {
  title: string;
  dueDate: string;
  facilityId: string;
  notes: string;
  linkType: TReminderLinkType | "";
  linkId: string;
  repeat: (typeof REMINDER_REPEATS)[number];
}

export const REPEAT_LABELS: Record<TReminderFormValues["repeat"], string> = {
  none: "Does not repeat",
  weekly: "Every week",
  monthly: "Every month",
  yearly: "Every year",
};

export const LINK_TYPE_LABELS: Record<TReminderLinkType, string> = {
  resident: "Resident",
  staff: "Staff member",
  facility: "Facility",
};

/** The form for a reminder (or a new one due today in the selected facility). */
export function reminderFormValues(
  record: TManualReminder | null,
  defaults: { facilityId: string; dueDate: string },
): TReminderFormValues {
  return {
    title: record?.title ?? "",
    dueDate: record?.dueDate ?? defaults.dueDate,
    facilityId: record?.facilityId ?? defaults.facilityId,
    notes: record?.notes ?? "",
    linkType: record?.linkType ?? "",
    linkId: record?.linkId ?? "",
    repeat: record?.repeat ?? "none",
  };
}

/** The schema input of the form's values: "" becomes absent, and no link type means no link. */
export function reminderInput(values: TReminderFormValues): TInputOf<"reminders"> {
  return {
    title: values.title,
    dueDate: values.dueDate,
    facilityId: values.facilityId,
    repeat: values.repeat,
    ...(values.notes.trim() ? { notes: values.notes } : {}),
    ...(values.linkType ? { linkType: values.linkType } : {}),
    ...(values.linkType && values.linkId ? { linkId: values.linkId } : {}),
  };
}

/** The update of an edited reminder: only the form's fields, emptied optional ones cleared with null. */
export function reminderPatch(input: TInputOf<"reminders">): TPatchOf<"reminders"> {
  return {
    title: input.title,
    dueDate: input.dueDate,
    facilityId: input.facilityId,
    repeat: input.repeat ?? "none",
    notes: input.notes ?? null,
    linkType: input.linkType ?? null,
    linkId: input.linkId ?? null,
  };
}
