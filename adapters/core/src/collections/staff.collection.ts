import { z } from "zod";
import { defineCollection } from "../collection.ts";
import { ZDateOnly, ZEmail, ZId, ZOptionalText, ZText } from "../common.schema.ts";
import { LINK_TO_FACILITY } from "./facilities.collection.ts";
import { ZOptionalPhone } from "../phone.schema.ts";

/** Job titles: a staff member's position, never to be confused with a user's access role. */
export const STAFF_POSITIONS = [
  "administrator",
  "caregiver",
  "med_tech",
  "cook",
  "housekeeper",
  "activity_director",
  "other",
] as const;
/** How a position reads on screen, in CSV and on printed reports. */
export const POSITION_LABELS: Record<(typeof STAFF_POSITIONS)[number], string> = {
  administrator: "Administrator",
  caregiver: "Caregiver",
  med_tech: "Med tech",
  cook: "Cook",
  housekeeper: "Housekeeper",
  activity_director: "Activity director",
  other: "Other",
};
export const STAFF_STATUSES = ["active", "on_leave", "terminated"] as const;
/**
 * Where a staff member's criminal record clearance (Live Scan) stands: fingerprints not yet taken,
 * submitted to the Department of Justice, cleared, an exemption granted (a record the state excused),
 * or denied.
 */
export const CLEARANCE_STATUSES = ["not_started", "submitted", "cleared", "exemption_granted", "denied"] as const;
export type TClearanceStatus = (typeof CLEARANCE_STATUSES)[number];
/** The clearances that let a person be in the home (Title 22 §87355): cleared, or a record the state exempted. */
export const MAY_BE_IN_THE_HOME: readonly TClearanceStatus[] = ["cleared", "exemption_granted"];
/** How a Live Scan status reads on screen, in CSV and in the inspection packet. */
export const CLEARANCE_LABELS: Record<TClearanceStatus, string> = {
  not_started: "Not started",
  submitted: "Submitted",
  cleared: "Cleared",
  exemption_granted: "Exemption granted",
  denied: "Denied",
};

/**
 * What a clearance stored before the statuses were widened becomes (the PostgreSQL migration
 * `staff_clearance_statuses` and the Firestore script `migrate-clearance-statuses.ts` apply it): "pending"
 * is "submitted", its date the submission's; "not_cleared" is "denied". The fields to change, or null when
 * the record needs none.
 */
export function upgradedClearance(record: {
  clearanceStatus?: unknown;
  clearanceDate?: unknown;
}): { clearanceStatus: TClearanceStatus; clearanceSubmittedDate?: string; clearanceDate?: null } | null {
  if (record.clearanceStatus === "pending")
    return typeof record.clearanceDate === "string"
      ? { clearanceStatus: "submitted", clearanceSubmittedDate: record.clearanceDate, clearanceDate: null }
      : { clearanceStatus: "submitted" };
  if (record.clearanceStatus === "not_cleared") return { clearanceStatus: "denied" };
  return null;
}

/** The statuses that are the state's decision, dated by `clearanceDate`. */
export const CLEARANCE_DECISIONS: readonly TClearanceStatus[] = ["cleared", "exemption_granted", "denied"];

/**
 * A staff member. `facilityId` is their home facility (their file — documents, training — is kept there,
 * and changing the record needs it); `otherFacilityIds` lists further homes they work at: they appear in
 * those homes' directories, counts and schedules too, and those homes' users see them.
 * Certifications (first aid/CPR, administrator certificate) are documents of their configured types.
 */
export const ZStaff = z
  .object({
    facilityId: ZId,
    otherFacilityIds: z.array(ZId).max(50).default([]),
    firstName: ZText(60),
    lastName: ZText(60),
    preferredName: ZOptionalText(60),
    position: z.enum(STAFF_POSITIONS),
    status: z.enum(STAFF_STATUSES).default("active"),
    phone: ZOptionalPhone,
    email: z.union([ZEmail, z.literal("").transform(() => undefined)]).optional(),
    address: ZOptionalText(300),
    emergencyContactName: ZOptionalText(120),
    emergencyContactRelationship: ZOptionalText(60),
    emergencyContactPhone: ZOptionalPhone,
    hireDate: ZDateOnly.optional(),
    terminationDate: ZDateOnly.optional(),
    /** Live Scan (criminal record clearance). */
    clearanceStatus: z.enum(CLEARANCE_STATUSES).default("not_started"),
    /** When the fingerprints were submitted. */
    clearanceSubmittedDate: ZDateOnly.optional(),
    /** When the decision (cleared, exemption granted, denied) came. */
    clearanceDate: ZDateOnly.optional(),
    notes: ZOptionalText(5000),
  })
  .superRefine((s, ctx) => {
    if (s.hireDate && s.terminationDate && s.terminationDate < s.hireDate)
      ctx.addIssue({ code: "custom", path: ["terminationDate"], message: "Termination cannot be before hire" });
    if (s.status === "terminated" && !s.terminationDate)
      ctx.addIssue({ code: "custom", path: ["terminationDate"], message: "Give the termination date" });
    if (s.clearanceSubmittedDate && s.clearanceDate && s.clearanceDate < s.clearanceSubmittedDate)
      ctx.addIssue({
        code: "custom",
        path: ["clearanceDate"],
        message: "The decision cannot be before the submission",
      });
  });
export type TStaff = z.infer<typeof ZStaff>;

export const staffCollection = defineCollection({
  name: "staff",
  label: "Staff member",
  schema: ZStaff,
  /** Shown, listed and counted in every home they work at; changed by users of their home facility. */
  scope: { kind: "facility", field: "facilityId", alsoIn: "otherFacilityIds" },
  access: { read: "staff", write: "staff" },
  filterable: ["facilityId", "status", "position"],
  sortable: ["lastName", "hireDate"],
  defaultSort: { field: "lastName", direction: "asc" },
  searchable: ["lastName", "firstName", "preferredName"],
  removal: "archive",
  clientIds: false,
  auditViews: false,
  links: [LINK_TO_FACILITY],
});
