/**
 * What a new care group starts with, as the server seeds its database at its first start: the default
 * roles (which the rules read on every request), the RCFE document types and California's training
 * requirements (each marked for review). A Firebase project has no server to seed it: the first-admin
 * script writes these with the Admin SDK, and the contract harness writes the same into the emulator.
 */
import { CA_DEFAULT_TRAINING_REQUIREMENTS } from "@care/core/collections/ca-training-requirements";
import { RCFE_DEFAULT_DOCUMENT_TYPES } from "@care/core/collections/rcfe-document-types";
import { DEFAULT_ROLES } from "@care/core/collections/roles.collection";
import { collections } from "@care/core/registry";
import { validateCreate } from "@care/core/rules/records.rules";

export type TDefaultCollection = "roles" | "documentTypes" | "trainingRequirements";

/** One starting record: its collection, id and fields as its schema parses them (no metadata). */
export interface TGroupDefault {
  collection: TDefaultCollection;
  id: string;
  fields: Record<string, unknown>;
}

/** The starting records, by collection in the order they are written. */
export function groupDefaults(): TGroupDefault[] {
  const parsed = (collection: TDefaultCollection, id: string, input: unknown): TGroupDefault => ({
    collection,
    id,
    fields: validateCreate(collections[collection], input),
  });
  return [
    ...Object.entries(DEFAULT_ROLES).map(([id, role]) => parsed("roles", id, role)),
    ...RCFE_DEFAULT_DOCUMENT_TYPES.map(({ id, ...input }) => parsed("documentTypes", id, input)),
    ...CA_DEFAULT_TRAINING_REQUIREMENTS.map(({ id, ...input }) => parsed("trainingRequirements", id, input)),
  ];
}
