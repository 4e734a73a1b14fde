/**
 * The areas of the portal a role gives permissions for, and the levels, without any schema: the web
 * app's first load (the navigation and "You don't have access to …") reads only these.
 */

/** The areas a permission is given for, in the order Settings shows them. */
export const AREAS = [
  "residents",
  "medical",
  "rent",
  "staff",
  "schedules",
  "referrals",
  "fees",
  "facilities",
  "documents",
  "reports",
  "users",
  "audit",
  "export",
] as const;
export type TArea = (typeof AREAS)[number];

export const AREA_LABELS: Record<TArea, string> = {
  residents: "Residents",
  medical: "Medical records",
  rent: "Rent",
  staff: "Staff",
  schedules: "Schedules & training",
  referrals: "Referrals",
  fees: "Referral fees",
  facilities: "Facilities",
  documents: "Documents & document configuration",
  reports: "Reports",
  users: "Users & roles",
  audit: "Audit log",
  export: "Data export",
};

export const ACCESS_LEVELS = ["none", "read", "write"] as const;
export type TAccessLevel = (typeof ACCESS_LEVELS)[number];

/** One level per area. */
export type TPermissions = Record<TArea, TAccessLevel>;
