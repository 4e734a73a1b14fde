/**
 * One way to write a person's name in each context, for residents and staff alike. Lists, exports,
 * pickers and printed records sort and read by last name: "Okafor, Margaret (Maggie)". Headings,
 * toasts and sentences call the person what they are called: "Maggie Okafor".
 */

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
