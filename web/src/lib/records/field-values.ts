/**
 * Comparing the values of a form: whether two values are the same for a person (absent, empty and
 * unticked are all "nothing"; a list of ids is a set), and which fields differ between two versions.
 */

/** A value as a comparable text: absent, empty and unticked count as the same "nothing". */
export function comparable(value: unknown): string {
  const strip = (v: unknown): unknown => {
    if (v === undefined || v === null || v === "" || v === false) return undefined;
    if (typeof v === "number" && Number.isNaN(v)) return undefined;
    if (Array.isArray(v)) {
      if (v.length === 0) return undefined;
      const items = v.map(strip);
      // A list of plain values (facility ids) is a set: the order it was ticked in does not matter.
      return items.every((x) => typeof x !== "object") ? items.map(String).sort() : items;
    }
    if (typeof v === "object")
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .map(([k, x]) => [k, strip(x)] as const)
          .filter(([, x]) => x !== undefined)
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    return v;
  };
  return JSON.stringify(strip(value)) ?? "";
}

/** The fields (of `fields`) whose values differ between two versions of a form. */
export function differingFields<V extends object, F extends keyof V>(a: V, b: V, fields: readonly F[]): F[] {
  return fields.filter((f) => comparable(a[f]) !== comparable(b[f]));
}
