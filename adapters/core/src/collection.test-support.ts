/**
 * Made-up collections for tests of the machinery every collection goes through (adapters, rules
 * generators): a plain group-wide collection anyone signed in may read and write, deleted on removal,
 * with whatever a test overrides.
 */
import type { z } from "zod";
import { defineCollection, type CollectionDef } from "./collection.ts";

export function testCollection<S extends z.ZodObject>(
  def: Pick<CollectionDef<S>, "name" | "schema"> & Partial<CollectionDef<S>>,
): CollectionDef<S> {
  return defineCollection<S>({
    label: def.name,
    scope: { kind: "global" },
    access: { read: "signed-in", write: "signed-in" },
    filterable: [],
    sortable: [],
    defaultSort: { field: "createdAt", direction: "asc" },
    searchable: [],
    removal: "delete",
    clientIds: false,
    auditViews: false,
    ...def,
  });
}
