/**
 * Between a stored resident and the add/edit form: the values the form edits, the patch an edit
 * sends (never the status fields, which only the status actions change) and the field paths server
 * messages may name.
 */
import { ZResident } from "@care/core/collections/residents.collection";
import type { TPatchOf, TRecordOf } from "@care/core/registry";
import type { z } from "zod";

export type TResidentFormValues = z.input<typeof ZResident>;
export type TResidentRecord = TRecordOf<"residents">;

/** Fields changed only by the status actions (leave, discharge, …) and the referral log, never by the form. */
const NOT_EDITED = ["status", "statusDate", "statusReason", "dischargeDate", "referralLogId"] as const;

export const CONTACT_FIELDS = [
  "name",
  "relationship",
  "phone",
  "altPhone",
  "email",
  "responsibleParty",
  "powerOfAttorney",
] as const;

export const EDITED_FIELDS = Object.keys(ZResident.shape).filter(
  (f) => !(NOT_EDITED as readonly string[]).includes(f),
) as (keyof TResidentFormValues)[];

export function emptyContact(): NonNullable<TResidentFormValues["emergencyContacts"]>[number] {
  return {
    name: "",
    relationship: "",
    phone: "",
    altPhone: "",
    email: "",
    responsibleParty: false,
    powerOfAttorney: false,
  };
}

export function newResidentValues(facilityId: string, admissionDate: string): TResidentFormValues {
  return {
    facilityId,
    firstName: "",
    lastName: "",
    preferredName: "",
    dateOfBirth: "",
    gender: "" as TResidentFormValues["gender"],
    room: "",
    bed: "",
    admissionDate,
    levelOfCare: "",
    ambulatoryStatus: "" as TResidentFormValues["ambulatoryStatus"],
    codeStatus: "" as TResidentFormValues["codeStatus"],
    primaryPhysician: "",
    pharmacy: "",
    preferredHospital: "",
    insuranceCarrier: "",
    insuranceMemberNumber: "",
    medicareNumber: "",
    mediCalNumber: "",
    emergencyContacts: [emptyContact()],
    diet: "",
    dementia: false,
    capacityException: "",
    notes: "",
  };
}

/**
 * A new admission filled in from a referral: the prospect's name and date of birth, the referral's home,
 * the desired move-in as the admission date (today when none is given; a move-in that happened before it
 * was recorded keeps its day), the budget as the monthly rate, the contact
 * person as the first emergency contact, and the link back to the referral.
 */
export function admissionFromReferral(
  referral: TRecordOf<"referrals">,
  today: string,
  /** The user may set rent: the budget becomes the monthly rate. */
  withRate: boolean,
): TResidentFormValues {
  const admissionDate = referral.desiredMoveIn ?? today;
  return {
    ...newResidentValues(referral.facilityId, admissionDate),
    firstName: referral.firstName,
    lastName: referral.lastName,
    dateOfBirth: referral.dateOfBirth ?? "",
    ...(withRate && referral.budgetCents !== undefined ? { monthlyRateCents: referral.budgetCents } : {}),
    emergencyContacts: [
      {
        ...emptyContact(),
        name: referral.contactName ?? "",
        relationship: referral.contactRelationship ?? "",
      },
    ],
    referralLogId: referral.id,
    notes: referral.careNeeds ? `Care needs at referral: ${referral.careNeeds}` : "",
  };
}

/** The form's values for a stored resident: absent texts become "" so every input is controlled alike. */
export function residentToValues(r: TResidentRecord): TResidentFormValues {
  return {
    facilityId: r.facilityId,
    firstName: r.firstName,
    lastName: r.lastName,
    preferredName: r.preferredName ?? "",
    dateOfBirth: r.dateOfBirth,
    gender: r.gender,
    room: r.room ?? "",
    bed: r.bed ?? "",
    status: r.status,
    statusDate: r.statusDate,
    statusReason: r.statusReason ?? "",
    admissionDate: r.admissionDate,
    dischargeDate: r.dischargeDate,
    levelOfCare: r.levelOfCare ?? "",
    ambulatoryStatus: r.ambulatoryStatus,
    codeStatus: r.codeStatus,
    primaryPhysician: r.primaryPhysician ?? "",
    pharmacy: r.pharmacy ?? "",
    preferredHospital: r.preferredHospital ?? "",
    insuranceCarrier: r.insuranceCarrier ?? "",
    insuranceMemberNumber: r.insuranceMemberNumber ?? "",
    medicareNumber: r.medicareNumber ?? "",
    mediCalNumber: r.mediCalNumber ?? "",
    emergencyContacts: r.emergencyContacts.map((c) => ({
      name: c.name,
      relationship: c.relationship,
      phone: c.phone,
      altPhone: c.altPhone ?? "",
      email: c.email ?? "",
      responsibleParty: c.responsibleParty,
      powerOfAttorney: c.powerOfAttorney,
    })),
    diet: r.diet ?? "",
    dementia: r.dementia,
    monthlyRateCents: r.monthlyRateCents,
    referralLogId: r.referralLogId,
    capacityException: r.capacityException ?? "",
    notes: r.notes ?? "",
  };
}

/**
 * The update an edit sends: every field the form edits. An optional field left empty is sent as null
 * (undefined would vanish from the JSON), which removes it, so clearing a field really clears it on
 * every backend.
 */
export function editPatch(values: z.output<typeof ZResident>): TPatchOf<"residents"> {
  const patch: Record<string, unknown> = {};
  for (const field of EDITED_FIELDS) {
    const value = values[field as keyof typeof values];
    patch[field] = value === undefined ? null : value;
  }
  return patch as TPatchOf<"residents">;
}

/** Every path a server VALIDATION message may name for this form (top-level fields and contact fields). */
export function fieldPaths(contactCount: number): string[] {
  const paths: string[] = Object.keys(ZResident.shape);
  for (let i = 0; i < contactCount; i++) for (const f of CONTACT_FIELDS) paths.push(`emergencyContacts.${i}.${f}`);
  return paths;
}
