/** Values as plain text: a field for the stale-save panel, a stored code for a label. */

/** A plain value as text: "—" for nothing. */
export function plainValue(value: unknown): string {
  if (value === undefined || value === null || value === "" || (typeof value === "number" && Number.isNaN(value)))
    return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

/** "medication_error" → "Medication error". */
export function humanize(value: string): string {
  const text = value.replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
