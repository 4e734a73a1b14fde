/**
 * The collection registry: the one place an area adds its collection. Everything generic (server
 * routes, repositories, adapters, rules, exports) iterates over this object.
 */
import type { z } from "zod";
import type { CollectionDef } from "./collection.ts";
import type { TRecordMeta } from "./common.schema.ts";
import { auditLogCollection } from "./collections/audit-log.collection.ts";
import { documentsCollection, documentTypesCollection } from "./collections/documents.collection.ts";
import { facilitiesCollection } from "./collections/facilities.collection.ts";
import {
  allergiesCollection,
  appointmentsCollection,
  diagnosesCollection,
  incidentsCollection,
  medicationsCollection,
  vitalsCollection,
} from "./collections/medical.collection.ts";
import {
  paymentsCollection,
  rentAccountsCollection,
  rentChargesCollection,
  rentRatesCollection,
} from "./collections/rent.collection.ts";
import { portalSettingsCollection } from "./collections/portal-settings.collection.ts";
import { recordChangesCollection } from "./collections/record-changes.collection.ts";
import { reminderStatesCollection, remindersCollection } from "./collections/reminders.collection.ts";
import { residentEventsCollection, residentsCollection } from "./collections/residents.collection.ts";
import { staffCollection } from "./collections/staff.collection.ts";
import { trainingEntriesCollection, trainingRequirementsCollection } from "./collections/training.collection.ts";
import { shiftsCollection, shiftTemplatesCollection } from "./collections/schedules.collection.ts";
import { rolesCollection } from "./collections/roles.collection.ts";
import {
  agentFeeTermsCollection,
  referralAgentsCollection,
  referralContactsCollection,
  referralFeesCollection,
  referralsCollection,
} from "./collections/referrals.collection.ts";
import { usersCollection } from "./collections/users.collection.ts";

export const collections = {
  facilities: facilitiesCollection,
  roles: rolesCollection,
  users: usersCollection,
  auditLog: auditLogCollection,
  residents: residentsCollection,
  residentEvents: residentEventsCollection,
  diagnoses: diagnosesCollection,
  allergies: allergiesCollection,
  medications: medicationsCollection,
  vitals: vitalsCollection,
  incidents: incidentsCollection,
  appointments: appointmentsCollection,
  rentRates: rentRatesCollection,
  rentCharges: rentChargesCollection,
  payments: paymentsCollection,
  rentAccounts: rentAccountsCollection,
  documentTypes: documentTypesCollection,
  documents: documentsCollection,
  staff: staffCollection,
  trainingRequirements: trainingRequirementsCollection,
  trainingEntries: trainingEntriesCollection,
  shifts: shiftsCollection,
  shiftTemplates: shiftTemplatesCollection,
  referralAgents: referralAgentsCollection,
  agentFeeTerms: agentFeeTermsCollection,
  referrals: referralsCollection,
  referralContacts: referralContactsCollection,
  referralFees: referralFeesCollection,
  reminders: remindersCollection,
  reminderStates: reminderStatesCollection,
  recordChanges: recordChangesCollection,
  portalSettings: portalSettingsCollection,
} as const satisfies Record<string, CollectionDef>;

export type TCollections = typeof collections;
export type TCollectionName = keyof TCollections;

/** The fields a client sends when creating a record of collection N (before defaults apply). */
export type TInputOf<N extends TCollectionName> = z.input<TCollections[N]["schema"]>;
/** Keys of T that may be left out. */
type TOptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
/**
 * A change to a record of collection N: any of its fields; `null` for an optional field removes it
 * (JSON drops `undefined`, so an emptied field is sent as null).
 */
export type TPatchOf<N extends TCollectionName> = {
  [K in keyof TInputOf<N>]?: K extends TOptionalKeys<TInputOf<N>> ? TInputOf<N>[K] | null : TInputOf<N>[K];
};
/** A stored record of collection N: its fields plus the metadata. */
export type TRecordOf<N extends TCollectionName> = z.output<TCollections[N]["schema"]> & TRecordMeta;

export const collectionNames = Object.keys(collections) as TCollectionName[];

export function isCollectionName(name: string): name is TCollectionName {
  return Object.hasOwn(collections, name);
}

export function getCollection(name: TCollectionName): CollectionDef {
  return collections[name];
}
