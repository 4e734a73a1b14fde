/**
 * The compliance core's records: the document types each home must keep (configured in Settings, one
 * list per subject) and the documents uploaded on resident, staff and facility records — and on
 * referral agents, whose agreement and W-9 belong to the whole group rather than to one home.
 */
import { z } from "zod";
import { defineCollection, FILES_TARGET, type TLinkTarget } from "../collection.ts";
import { ZDateOnly, ZId, ZOptionalText, ZText } from "../common.schema.ts";
import type { TArea } from "./areas.ts";
import { ACCEPTED_FILE_TYPES, type TAcceptedFileType } from "../ports/file.port.ts";
import { latestDateAnywhere } from "../rules/date-only.rules.ts";

export const DOCUMENT_SUBJECTS = ["resident", "staff", "facility", "agent"] as const;
export const ZDocumentSubject = z.enum(DOCUMENT_SUBJECTS);
export type TDocumentSubject = z.infer<typeof ZDocumentSubject>;

/**
 * The subjects that live in a home: their documents carry that home's id and count for its compliance.
 * An agent's documents are group-wide (no facility): only users who see every home see them.
 */
export const HOME_SUBJECTS = ["resident", "staff", "facility"] as const satisfies readonly TDocumentSubject[];
export type THomeSubject = (typeof HOME_SUBJECTS)[number];

/** Does a document of this subject belong to a home (true) or to the whole group (an agent's)? */
export function isHomeSubject(subject: TDocumentSubject): subject is THomeSubject {
  return subject !== "agent";
}

/**
 * The record a subject id names, by the kind of subject: a resident of the record's facility, a staff
 * member working there, the facility itself, or a referral agent of the group. Documents and reminders
 * use them.
 */
export const SUBJECT_TARGETS = {
  resident: { collection: "residents", kind: "same-facility" },
  staff: { collection: "staff", kind: "works-at" },
  facility: { collection: "facilities", kind: "same-facility" },
  agent: { collection: "referralAgents", kind: "group-wide" },
} as const satisfies Record<TDocumentSubject, TLinkTarget>;

/**
 * The area a person's papers need besides Documents: a staff member's (criminal-record statement,
 * health screening, Live Scan) need Staff, an agent's (agreement, W-9) Referrals, a resident's
 * Residents. A home's own documents (plan of operation, license) need Documents alone.
 */
export const DOCUMENT_SUBJECT_AREAS = {
  field: "subject",
  areas: { resident: "residents", staff: "staff", agent: "referrals" },
} as const satisfies { field: string; areas: Partial<Record<TDocumentSubject, TArea>> };

/** A kind of paperwork a home keeps for each resident, staff member or for itself (e.g. LIC 602A). */
export const ZDocumentType = z
  .object({
    subject: ZDocumentSubject,
    name: ZText(120),
    formCode: ZOptionalText(40),
    description: ZOptionalText(1000),
    /** Required types count for compliance; optional ones are listed but never make a record incomplete. */
    required: z.boolean().default(true),
    /**
     * Documents of this type expire: the upload asks for the expiry date printed on the document (a
     * first aid card, an insurance policy). A validity period implies it.
     */
    expires: z.boolean().optional(),
    /**
     * The regulatory period from the issue date (LIC 602A: a year): it fills in the expiry date of an
     * upload once the issue date is given. Absent: the document's own expiry date, or never expires.
     */
    validityMonths: z.number().int("Whole months").min(1, "At least 1 month").max(600, "At most 600 months").optional(),
    /** How many days before expiry the reminder and the "expiring" badge start. */
    leadTimeDays: z.number().int("Whole days").min(0, "Cannot be negative").max(365, "At most 365 days").default(30),
    /** The facilities this type applies to; empty = every facility. */
    facilityIds: z.array(ZId).max(500).default([]),
    /** Position in the configuration list and the checklists. */
    sortOrder: z.number().int().min(0).max(100_000).default(0),
    /** Pre-loaded defaults carry this until an administrator has reviewed them for their home. */
    needsReview: z.boolean().default(false),
    /** Expiry of this type means the resident is due a reappraisal (reminders say so). */
    reappraisal: z.boolean().default(false),
    /** Staff on night duty must hold a current one (first aid, TB screening): the schedule warns otherwise. */
    nightDuty: z.boolean().default(false),
  })
  .superRefine((t, ctx) => {
    if (t.subject === "agent" && t.facilityIds.length > 0)
      ctx.addIssue({ code: "custom", path: ["facilityIds"], message: "An agent's documents apply to the whole group" });
  });
export type TDocumentType = z.infer<typeof ZDocumentType>;

/** Fields of a type whose being set means its documents expire (`typeExpires`, the documents' link). */
export const EXPIRING_TYPE_FIELDS = ["expires", "validityMonths"] as const;

/** Do documents of this type expire (so an upload must state its expiry date)? */
export function typeExpires(type: Pick<TDocumentType, "expires" | "validityMonths">): boolean {
  return type.expires === true || type.validityMonths !== undefined;
}

/** The message on an upload of a type that expires without its expiry date. */
export const EXPIRY_REQUIRED_MESSAGE = "Enter the expiry date printed on the document";

export const documentTypesCollection = defineCollection({
  name: "documentTypes",
  label: "Document type",
  schema: ZDocumentType,
  scope: { kind: "global" },
  access: { read: "signed-in", write: "documents" },
  filterable: ["subject"],
  sortable: ["sortOrder", "name"],
  defaultSort: { field: "sortOrder", direction: "asc" },
  searchable: ["name", "formCode"],
  /** Retiring a type archives it: documents already uploaded stay. */
  removal: "archive",
  /** The pre-loaded defaults have stable ids, so loading them twice creates them once. */
  clientIds: true,
  auditViews: false,
});

const contentTypes = Object.keys(ACCEPTED_FILE_TYPES) as [TAcceptedFileType, ...TAcceptedFileType[]];

/**
 * One uploaded version of a document on a resident, staff member, facility or referral agent. Replacing a document
 * creates a new record (`replacesId` = the old one) and sets the old one's `current` to false, in one
 * commit; older versions stay listed under the current one.
 */
export const ZDocument = z
  .object({
    subject: ZDocumentSubject,
    /** The resident's, staff member's, facility's or agent's id. */
    subjectId: ZId,
    /**
     * The subject's home (for a facility document, the facility itself); access follows it. Null for an
     * agent's document: group-wide, seen and written only by users of every home (its file is too).
     */
    facilityId: ZId.nullable(),
    /** The configured type; absent for other paperwork outside the checklist. */
    typeId: ZId.optional(),
    title: ZOptionalText(200),
    /** The file in the FilePort (same facility). */
    fileId: ZId,
    fileName: ZText(255),
    contentType: z.enum(contentTypes),
    size: z.number().int().nonnegative(),
    /** The day it was issued or signed: not after tomorrow anywhere (today in California may be tomorrow in UTC). */
    issueDate: ZDateOnly.refine(
      (date) => date <= latestDateAnywhere(),
      "The issue date cannot be in the future",
    ).optional(),
    /**
     * Last day the document is valid, as printed on it; required for a type that expires (the form
     * fills it in from the issue date and the type's period, when it has one).
     */
    expiryDate: ZDateOnly.optional(),
    notes: ZOptionalText(2000),
    current: z.boolean().default(true),
    replacesId: ZId.optional(),
  })
  .superRefine((d, ctx) => {
    if (isHomeSubject(d.subject) && d.facilityId === null)
      ctx.addIssue({ code: "custom", path: ["facilityId"], message: "Choose the home this document belongs to" });
    if (!isHomeSubject(d.subject) && d.facilityId !== null)
      ctx.addIssue({ code: "custom", path: ["facilityId"], message: "An agent's documents belong to the whole group" });
    if (!d.typeId && !d.title)
      ctx.addIssue({ code: "custom", path: ["title"], message: "Give a title or pick a document type" });
    if (d.issueDate && d.expiryDate && d.expiryDate < d.issueDate)
      ctx.addIssue({ code: "custom", path: ["expiryDate"], message: "Expiry cannot be before the issue date" });
  });
export type TDocument = z.infer<typeof ZDocument>;

export const documentsCollection = defineCollection({
  name: "documents",
  label: "Document",
  schema: ZDocument,
  scope: { kind: "facility", field: "facilityId" },
  access: { read: "documents", write: "documents", subjectAreas: DOCUMENT_SUBJECT_AREAS },
  filterable: ["subject", "subjectId", "facilityId", "typeId", "current"],
  sortable: ["expiryDate", "issueDate"],
  defaultSort: { field: "createdAt", direction: "desc" },
  searchable: ["title", "fileName"],
  removal: "archive",
  clientIds: false,
  /** Residents' and staff members' papers are personal data: every view is audited. */
  auditViews: true,
  links: [
    // The uploaded file is of the document's facility and the document describes it truly.
    {
      id: { field: "fileId" },
      to: { collection: FILES_TARGET, kind: "same-facility" },
      otherFacility: "The file belongs to another facility; upload it again for this one",
      sameAs: {
        contentType: "The type given is not the uploaded file's",
        size: "The size given is not the uploaded file's",
      },
    },
    { id: { field: "subjectId" }, to: { by: { field: "subject" }, targets: SUBJECT_TARGETS } },
    // A type that expires needs the document's own expiry date: no card counts as current forever.
    {
      id: { field: "typeId" },
      to: { collection: "documentTypes", kind: "group-wide" },
      requires: { when: EXPIRING_TYPE_FIELDS, field: "expiryDate", message: EXPIRY_REQUIRED_MESSAGE },
    },
    // The version this one replaced: a document of the same facility.
    { id: { field: "replacesId" }, to: { collection: "documents", kind: "same-facility" } },
  ],
});
