/**
 * The group's homes as the seed names them: created on first start, and what the header's selector
 * shows until the group's own list has loaded. Kept apart from the facilities schema, so the first page
 * a browser loads does not carry the schemas.
 */

/** The six facilities of the seed, created on first start; their ids never change. */
export const SEED_FACILITIES: readonly { id: string; name: string }[] = [
  { id: "van-buren", name: "Van Buren" },
  { id: "tull", name: "Tull" },
  { id: "duvali", name: "Duvali" },
  { id: "ashwood", name: "Ashwood" },
  { id: "edgemont", name: "Edgemont" },
  { id: "newman", name: "Newman" },
];

/** The home selected until the user picks one, where the group has it (the original specification). */
export const DEFAULT_FACILITY_ID = "van-buren";
