/**
 * When two resident records are the same person: the same last name and date of birth, and the same
 * first name or preferred name, compared without case, accents or extra spaces.
 */

/** A name as compared: lower case, accents and punctuation dropped, spaces collapsed. */
export function normalizedName(name: string | undefined): string {
  return (name ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

type TPersonName = { firstName: string; lastName: string; preferredName?: string | undefined; dateOfBirth: string };

/** Whether a recorded resident matches a name and date of birth being entered. */
export function sameResident(recorded: TPersonName, entered: Omit<TPersonName, "preferredName">): boolean {
  if (recorded.dateOfBirth !== entered.dateOfBirth) return false;
  if (normalizedName(recorded.lastName) !== normalizedName(entered.lastName)) return false;
  const first = normalizedName(entered.firstName);
  return first === normalizedName(recorded.firstName) || first === normalizedName(recorded.preferredName);
}
