/**
 * One way to write a person's name in each context, for residents and staff alike. Lists, exports,
 * pickers and printed records sort and read by last name: "Okafor, Margaret (Maggie)". Headings,
 * toasts and sentences call the person what they are called: "Maggie Okafor".
 */

import { POSITION_LABELS } from "../collections/staff.collection.ts";

type TStaffPosition = keyof typeof POSITION_LABELS;
type TDistinguishable = {
  room?: string | null | undefined;
  dateOfBirth?: string | null | undefined;
  position?: string | null | undefined;
  email?: string | null | undefined;
};
type TPersonName = { firstName: string; lastName: string; preferredName?: string | null | undefined };

function preferredOf(p: TPersonName): string | undefined {
  const preferred = p.preferredName?.trim();
  return preferred && preferred !== p.firstName ? preferred : undefined;
}

/** "Okafor, Margaret (Maggie)": lists, CSV, pickers, the printed face sheet and receipts. */
export function listName(p: TPersonName): string {
  const preferred = preferredOf(p);
  return `${p.lastName}, ${p.firstName}${preferred ? ` (${preferred})` : ""}`;
}

/** "Maggie Okafor": page headings, toasts and sentences. */
export function headingName(p: TPersonName): string {
  return `${preferredOf(p) ?? p.firstName} ${p.lastName}`;
}

/**
 * What tells a person apart from another of the same name in a picker or a list of one home: a
 * resident's room (else their date of birth), a staff member's e-mail (else their position).
 */
export function personDistinction(p: TDistinguishable): string | undefined {
  if (p.room) return `room ${p.room}`;
  if (p.dateOfBirth) return `born ${p.dateOfBirth}`;
  if (p.email) return p.email;
  return p.position ? (POSITION_LABELS[p.position as TStaffPosition] ?? p.position) : undefined;
}

/**
 * Each person's list name, with `personDistinction` added where the same list name occurs more than
 * once ("Garcia, Maria — room 4"), so two people of one name are never offered or shown alike (a
 * payment recorded for the wrong resident). Keyed by id.
 */
export function distinctListNames(
  people: readonly (TPersonName & TDistinguishable & { id: string })[],
): Map<string, string> {
  const counts = new Map<string, number>();
  for (const p of people) counts.set(listName(p), (counts.get(listName(p)) ?? 0) + 1);
  return new Map(
    people.map((p) => {
      const name = listName(p);
      const extra = (counts.get(name) ?? 0) > 1 ? personDistinction(p) : undefined;
      return [p.id, extra ? `${name} — ${extra}` : name];
    }),
  );
}
