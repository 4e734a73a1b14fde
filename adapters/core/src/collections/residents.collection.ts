import { z } from "zod";
import { defineCollection, type TLink } from "../collection.ts";
import { ZCents, ZDateOnly, ZEmail, ZId, ZOptionalText, ZText } from "../common.schema.ts";
import { LINK_TO_FACILITY } from "./facilities.collection.ts";
import { ZOptionalPhone, ZPhone } from "../phone.schema.ts";
import { addMonths, latestDateAnywhere } from "../rules/date-only.rules.ts";

/**
 * A resident's own record (medical entry, stay event, rent record) names the resident and is filed
 * under the resident's facility, so a facility-limited user never sees a resident's entries filed
 * under another home.
 */
export const LINK_TO_RESIDENT: TLink = {
  id: { field: "residentId" },
  to: { collection: "residents", kind: "same-facility" },
};

export const RESIDENT_STATUSES = ["active", "on_leave", "hospital", "discharged", "deceased"] as const;
export const ZResidentStatus = z.enum(RESIDENT_STATUSES);
export type TResidentStatus = z.infer<typeof ZResidentStatus>;

export const ZGender = z.enum(["female", "male", "nonbinary", "other", "undisclosed"]);
export const ZAmbulatoryStatus = z.enum(["ambulatory", "non_ambulatory", "bedridden"]);
export const ZCodeStatus = z.enum(["full_code", "dnr", "polst"]);
/**
 * What a change of code status rests on: a physician's order (a DNR order), a POLST form signed by a
 * physician, an advance health care directive, or the resident's (or their representative's) request.
 */
export const CODE_STATUS_SOURCES = ["physician_order", "polst_form", "advance_directive", "request"] as const;
export const ZCodeStatusSource = z.enum(CODE_STATUS_SOURCES);
export type TCodeStatusSource = z.infer<typeof ZCodeStatusSource>;

export const ZEmergencyContact = z.object({
  name: ZText(120),
  relationship: ZText(60),
  phone: ZPhone,
  altPhone: ZOptionalPhone,
  email: z.union([ZEmail, z.literal("").transform(() => undefined)]).optional(),
  responsibleParty: z.boolean().default(false),
  powerOfAttorney: z.boolean().default(false),
});
export type TEmergencyContact = z.infer<typeof ZEmergencyContact>;

/**
 * The letters a Medicare Beneficiary Identifier uses: A to Z without S, L, O, I, B and Z, which CMS
 * leaves out so they are not read as digits ("Understanding the MBI Format", cms.gov/medicare/new-medicare-card).
 */
const MBI_LETTER = "[AC-HJKMNP-RT-Y]";
/**
 * The MBI's 11 positions per CMS: 1 a digit 1-9; 2, 5, 8, 9 a letter; 3 and 6 a letter or digit; 4, 7,
 * 10, 11 a digit 0-9. The card prints it with dashes (1EG4-TE5-MK73); CMS stores it without.
 */
const MBI_PATTERN = new RegExp(
  `^([1-9]${MBI_LETTER}(${MBI_LETTER}|[0-9])[0-9]${MBI_LETTER}(${MBI_LETTER}|[0-9])[0-9]${MBI_LETTER}{2}[0-9]{2})?$`,
);
/**
 * A Medi-Cal Client Index Number (CIN): 8 digits and a letter (DHCS). The card's 14-character ID is the
 * CIN, a check digit and the card's issue date; only the CIN names the person, so only it is kept.
 */
const CIN_PATTERN = /^([0-9]{8}[A-Z])?$/;

/**
 * An optional identity number typed as it is printed: spaces and dashes are dropped and letters made
 * upper case before the pattern is checked (`overwrite` runs first), an empty entry is no number.
 */
const ZOptionalNumber = (pattern: RegExp, message: string) =>
  z
    .string()
    .overwrite((s) => s.replace(/[\s-]/g, "").toUpperCase())
    .regex(pattern, message)
    .optional()
    .transform((s) => (s === "" ? undefined : s));

/** A Medicare number (MBI), e.g. 1EG4-TE5-MK73 as typed, 1EG4TE5MK73 as kept. */
export const ZMedicareNumber = ZOptionalNumber(
  MBI_PATTERN,
  "A Medicare number has 11 letters and digits, as on the card (e.g. 1EG4-TE5-MK73)",
);
/** A Medi-Cal number: the 9-character CIN at the start of the card's ID, e.g. 91234567A. */
export const ZMediCalNumber = ZOptionalNumber(
  CIN_PATTERN,
  "A Medi-Cal number is 8 digits and a letter: the first 9 characters of the card's ID (e.g. 91234567A)",
);

/** The oldest plausible age of a resident: a date of birth further back is a typing error. */
export const MAX_AGE_YEARS = 120;

/**
 * A resident's date of birth: a real date, not in the future and not over MAX_AGE_YEARS ago. Checked on
 * the field itself, so a form shows it beside Date of birth as soon as it is typed, even while other
 * fields are still empty (the record's cross-field checks wait for a complete record).
 */
export const ZDateOfBirth = ZDateOnly.superRefine((dateOfBirth, ctx) => {
  // Today anywhere: a date of birth "tomorrow" in UTC may be today in California, never later.
  const latest = latestDateAnywhere();
  if (dateOfBirth > latest) ctx.addIssue({ code: "custom", message: "The date of birth cannot be in the future" });
  else if (dateOfBirth < addMonths(latest, -12 * MAX_AGE_YEARS))
    ctx.addIssue({
      code: "custom",
      message: `Check the date of birth: that would make them older than ${MAX_AGE_YEARS}`,
    });
});

/** A resident's face sheet. Medical entries, rent and events live in their own collections. */
export const ZResident = z
  .object({
    facilityId: ZId,
    firstName: ZText(60),
    lastName: ZText(60),
    preferredName: ZOptionalText(60),
    dateOfBirth: ZDateOfBirth,
    gender: ZGender,
    room: ZOptionalText(20),
    bed: ZOptionalText(20),
    status: ZResidentStatus.default("active"),
    /** When the current status began (admission, leave, hospital, discharge or death date). */
    statusDate: ZDateOnly.optional(),
    statusReason: ZOptionalText(500),
    admissionDate: ZDateOnly,
    dischargeDate: ZDateOnly.optional(),
    levelOfCare: ZOptionalText(60),
    ambulatoryStatus: ZAmbulatoryStatus,
    codeStatus: ZCodeStatus,
    /** The document the current code status rests on; required with its date and a reason to change it. */
    codeStatusSource: ZCodeStatusSource.optional(),
    /** The date the source document was signed or the request made. */
    codeStatusSourceDate: ZDateOnly.optional(),
    /** Why the code status was last changed. */
    codeStatusReason: ZOptionalText(500),
    /** The health plan or insurer other than Medicare and Medi-Cal, as on the card. */
    insuranceCarrier: ZOptionalText(60),
    /** The member or policy number on that plan's card. */
    insuranceMemberNumber: ZOptionalText(60),
    medicareNumber: ZMedicareNumber,
    mediCalNumber: ZMediCalNumber,
    primaryPhysician: ZOptionalText(200),
    pharmacy: ZOptionalText(200),
    preferredHospital: ZOptionalText(200),
    emergencyContacts: z.array(ZEmergencyContact).max(10, "At most 10 contacts").default([]),
    diet: ZOptionalText(500),
    /** Has dementia: a home with such a resident needs someone awake at night (Title 22 §87705). */
    dementia: z.boolean().default(false),
    /** The current monthly rate; its history is in `rentRates`. */
    monthlyRateCents: ZCents.min(0, "Cannot be negative").optional(),
    /** The referral log entry this resident came from. */
    referralLogId: ZId.optional(),
    /**
     * An administrator's approved exception to the home's licensed capacity, with the reason: the
     * admission (or move) is then accepted over capacity. Only administrators set it.
     */
    capacityException: ZOptionalText(500),
    notes: ZOptionalText(5000),
  })
  .superRefine((r, ctx) => {
    const latest = latestDateAnywhere();
    if (r.admissionDate > addMonths(latest, 12))
      ctx.addIssue({
        code: "custom",
        path: ["admissionDate"],
        message: "A planned move-in can be at most a year ahead",
      });
    // A date of birth in the future is its own field's error, not the admission's.
    if (r.admissionDate < r.dateOfBirth && r.dateOfBirth <= latest)
      ctx.addIssue({
        code: "custom",
        path: ["admissionDate"],
        message: "Admission cannot be before the date of birth",
      });
    if (r.codeStatusSourceDate && r.codeStatusSourceDate > latest)
      ctx.addIssue({
        code: "custom",
        path: ["codeStatusSourceDate"],
        message: "The document's date cannot be in the future",
      });
    if (r.dischargeDate && r.dischargeDate < r.admissionDate)
      ctx.addIssue({ code: "custom", path: ["dischargeDate"], message: "Discharge cannot be before admission" });
    // A living resident may carry a discharge date: a planned discharge, effective on that day
    // (effectiveStatus in rules/census.rules.ts); they keep their status until then.
    const ended = r.status === "discharged" || r.status === "deceased";
    if (ended && !r.dischargeDate)
      ctx.addIssue({ code: "custom", path: ["dischargeDate"], message: "Give the date of discharge or death" });
  });
export type TResident = z.infer<typeof ZResident>;

/** What a discharge or a death sets besides the status. */
const STATUS_FIELDS = ["statusDate", "statusReason", "dischargeDate"];
/** What a stay event says besides its kind. */
const EVENT_FIELDS = ["residentId", "facilityId", "date", "reason"];

export const residentsCollection = defineCollection({
  name: "residents",
  label: "Resident",
  schema: ZResident,
  scope: { kind: "facility", field: "facilityId" },
  access: {
    read: "residents",
    write: "residents",
    /**
     * Residents write is a caregiver's everyday edit; these steps need the role's action besides:
     * discharging, recording a death, changing the code status recorded at admission, archiving, a move.
     */
    actions: {
      // A discharge or a death, and its dates and reason, are changed or undone only by who may record it.
      sets: [
        { field: "status", value: "discharged", action: "discharge", with: STATUS_FIELDS },
        { field: "status", value: "deceased", action: "recordDeath", with: STATUS_FIELDS },
      ],
      // A change of code status after admission rests on a document, with its date, and says why.
      changes: [
        {
          field: "codeStatus",
          action: "changeCodeStatus",
          requires: {
            codeStatusSource: "Give the document the new code status rests on",
            codeStatusSourceDate: "Give the date of that document",
            codeStatusReason: "Give the reason for this change",
          },
        },
      ],
      // A discharge date — a planned discharge's too, set, moved or cleared — only with the discharge
      // action; a death's date is the death's action alone.
      records: [{ field: "dischargeDate", action: "discharge", unless: { field: "status", value: "deceased" } }],
      removal: "archiveResident",
      transfer: "transferResident",
    },
  },
  filterable: ["facilityId", "status"],
  sortable: ["lastName", "admissionDate", "room"],
  defaultSort: { field: "lastName", direction: "asc" },
  searchable: ["lastName", "firstName", "preferredName"],
  removal: "archive",
  /** The web makes the id so a new resident and their admission event are committed together. */
  clientIds: true,
  auditViews: true,
  links: [LINK_TO_FACILITY],
  /**
   * The monthly rate is money: only users with rent permission see or set it. What a code status rests
   * on (its source document, date and the reason for the change) is medical: everyone who reads the
   * resident sees the code status, users with medical permission its basis. The insurance, Medicare and
   * Medi-Cal numbers are health information (HIPAA counts a health plan beneficiary number as protected):
   * medical, not rent, as caregivers with medical permission hand them over at a hospital transfer.
   */
  restrictedFields: {
    monthlyRateCents: "rent",
    codeStatusSource: "medical",
    codeStatusSourceDate: "medical",
    codeStatusReason: "medical",
    insuranceCarrier: "medical",
    insuranceMemberNumber: "medical",
    medicareNumber: "medical",
    mediCalNumber: "medical",
  },
});

export const RESIDENT_EVENT_TYPES = [
  "admission",
  "leave",
  "hospital",
  "return",
  "discharge",
  "death",
  "readmission",
  /** A move to another home (DataPort.transfer): filed at the home left. */
  "transfer_out",
  /** The same move, filed at the home moved into. */
  "transfer_in",
] as const;

/** One change of a resident's stay: the history tab and the census reports read these. */
export const ZResidentEvent = z.object({
  residentId: ZId,
  facilityId: ZId,
  type: z.enum(RESIDENT_EVENT_TYPES),
  date: ZDateOnly,
  reason: ZOptionalText(500),
  /**
   * Why the event was undone (entered by mistake): set once, by a user holding the "Undo a status event"
   * action, within `UNDO_WINDOW_DAYS` of its recording (rules/status-undo.rules.ts). An undone event stays
   * in the history, marked, and no longer counts for the stays, the census or billing.
   */
  undoReason: ZOptionalText(500),
  /** Who undid it (their display name, else e-mail), set by the backend from the signed-in user. */
  undoneBy: ZOptionalText(200),
  /** The home's day it was undone on. */
  undoneOn: ZDateOnly.optional(),
});
export type TResidentEvent = z.infer<typeof ZResidentEvent>;

export const residentEventsCollection = defineCollection({
  name: "residentEvents",
  label: "Resident event",
  schema: ZResidentEvent,
  scope: { kind: "facility", field: "facilityId" },
  access: {
    read: "residents",
    write: "residents",
    /** A discharge or a death recorded in the stay history needs what setting the status does. */
    actions: {
      // An event of these kinds is recorded, changed or removed only by who may do what it records (a
      // readmission reverses a discharge).
      sets: [
        { field: "type", value: "discharge", action: "discharge", with: EVENT_FIELDS },
        { field: "type", value: "readmission", action: "discharge", with: EVENT_FIELDS },
        { field: "type", value: "death", action: "recordDeath", with: EVENT_FIELDS },
        { field: "type", value: "transfer_out", action: "transferResident", with: EVENT_FIELDS },
        { field: "type", value: "transfer_in", action: "transferResident", with: EVENT_FIELDS },
      ],
      // Undoing an event entered by mistake (giving it an undo reason) needs its own action.
      records: [{ field: "undoReason", action: "undoStatusEvent" }],
    },
  },
  filterable: ["residentId", "facilityId", "type"],
  sortable: ["date"],
  defaultSort: { field: "date", direction: "desc" },
  searchable: [],
  // The resident's history: an event entered by mistake is undone (marked, kept), never removed.
  removal: "none",
  removalRefusal: "Status events cannot be removed. Undo an event entered by mistake instead (History › Undo…).",
  clientIds: false,
  auditViews: false,
  links: [LINK_TO_RESIDENT],
});
