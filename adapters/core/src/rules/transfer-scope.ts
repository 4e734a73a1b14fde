/**
 * Which collections a transfer between homes touches, without any schema or rule: the web app's data
 * layer (part of every first load) reads only these to refresh what a transfer changed.
 */

export const TRANSFER_COLLECTION = { resident: "residents", staff: "staff" } as const;

/** The collections whose records travel with a transferred person, in the order they are written. */
export const CARRIED_COLLECTIONS = [
  "diagnoses",
  "allergies",
  "medications",
  "vitals",
  "incidents",
  "appointments",
  "documents",
  "trainingEntries",
  "reminders",
  "reminderStates",
] as const;
export type TCarriedCollection = (typeof CARRIED_COLLECTIONS)[number];

/** Every collection a transfer writes besides the person's own: a web cache refreshes what read them. */
export const TRANSFER_TOUCHES = [...CARRIED_COLLECTIONS, "residentEvents", "rentAccounts", "recordChanges"] as const;
