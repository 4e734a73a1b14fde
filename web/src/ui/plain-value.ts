/** A field's value as plain text for the stale-save panel. */

/** A plain value as text: "—" for nothing. */
export function plainValue(value: unknown): string {
  if (value === undefined || value === null || value === "" || (typeof value === "number" && Number.isNaN(value)))
    return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}
