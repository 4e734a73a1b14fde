import { describe, expect, it } from "vitest";
import { testCollection } from "@care/core/collection.test-support";
import { z } from "zod";
import type { AppError } from "@care/core/app-error";
import { defineCollection, type CollectionDef } from "@care/core/collection";
import { ZId } from "@care/core/common.schema";
import type { TListQuery, TPage } from "@care/core/list-query";
import type { DataPort } from "@care/core/ports/data.port";
import { collections as registry } from "@care/core/registry";
import { createMemoryBackend } from "./memory-backend.ts";
import { memoryClient } from "./memory-client.ts";
import { compareValues } from "./memory-data.adapter.ts";

// Facility-scoped collections with archive and delete, which the registry does not have yet.
const notes = defineCollection({
  name: "notes",
  label: "Note",
  schema: z.object({
    facilityId: ZId,
    text: z.string().min(1),
    tags: z.array(z.string()).default([]),
    due: z.string().nullable().default(null),
  }),
  scope: { kind: "facility", field: "facilityId" },
  access: { read: "signed-in", write: "signed-in" },
  filterable: ["facilityId"],
  sortable: ["due"],
  defaultSort: { field: "createdAt", direction: "asc" },
  searchable: ["text"],
  removal: "archive",
  clientIds: false,
  auditViews: true,
});
const tags = testCollection({ name: "tags", label: "Tag", schema: z.object({ label: z.string() }) });

/** DataPort with any collection name, for the test collections. */
type TLooseRecord = { id: string; version: number } & Record<string, unknown>;
interface LooseData {
  list(collection: string, query?: TListQuery): Promise<TPage<TLooseRecord>>;
  count(collection: string, query?: TListQuery): Promise<number>;
  get(collection: string, id: string): Promise<TLooseRecord>;
  create(collection: string, data: Record<string, unknown>): Promise<TLooseRecord>;
  update(collection: string, id: string, patch: Record<string, unknown>, version: number): Promise<TLooseRecord>;
  remove(collection: string, id: string, version: number): Promise<void>;
}

const admin = { email: "admin@example.test", password: "admin-password-1" };

/** A backend with the test collections and a signed-in admin and a staff user limited to tull. */
async function setup() {
  const backend = createMemoryBackend({
    admin,
    collections: { ...(registry as Record<string, CollectionDef>), notes, tags },
  });
  backend.addUser({
    email: "tull@example.test",
    password: "staff-password-1",
    role: "house-manager",
    facilityIds: ["tull"],
  });
  const a = memoryClient(backend);
  await a.auth.signIn(admin);
  const t = memoryClient(backend);
  await t.auth.signIn({ email: "tull@example.test", password: "staff-password-1" });
  // The test collections are not in the registry's types.
  const data = (ports: { data: DataPort }) => ports.data as unknown as LooseData;
  return { backend, a, t, adata: data(a), tdata: data(t) };
}

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (e: AppError) => e.code,
  );

describe("memory data adapter", () => {
  it("archives records of archive collections: hidden from lists unless asked, still readable", async () => {
    const { adata } = await setup();
    const note = await adata.create("notes", { facilityId: "tull", text: "Call the doctor" });
    await adata.remove("notes", note.id, 1);
    const archived = await adata.get("notes", note.id);
    expect(archived).toMatchObject({ version: 2, archivedAt: expect.any(String) });
    expect((await adata.list("notes")).items).toEqual([]);
    expect((await adata.list("notes", { includeArchived: true })).items.map((n) => n.id)).toEqual([note.id]);
    expect(await adata.count("notes", { includeArchived: true })).toBe(1);
    expect(await adata.count("notes")).toBe(0);
  });

  it("deletes records of delete collections", async () => {
    const { adata } = await setup();
    const tag = await adata.create("tags", { label: "urgent" });
    expect(await code(adata.remove("tags", tag.id, 2))).toBe("CONFLICT");
    await adata.remove("tags", tag.id, 1);
    expect(await code(adata.get("tags", tag.id))).toBe("NOT_FOUND");
  });

  it("keeps facility-scoped records of other facilities away from a limited user", async () => {
    const { adata, tdata } = await setup();
    const elsewhere = await adata.create("notes", { facilityId: "van-buren", text: "Van Buren note" });
    const own = await tdata.create("notes", { facilityId: "tull", text: "Tull note" });
    expect((await tdata.list("notes")).items.map((n) => n.id)).toEqual([own.id]);
    expect(await tdata.count("notes", { where: { facilityId: "van-buren" } })).toBe(0);
    expect(await code(tdata.get("notes", elsewhere.id))).toBe("NOT_FOUND");
    expect(await code(tdata.update("notes", elsewhere.id, { text: "x" }, 1))).toBe("NOT_FOUND");
    expect(await code(tdata.create("notes", { facilityId: "van-buren", text: "x" }))).toBe("FORBIDDEN");
    expect(await code(tdata.update("notes", own.id, { facilityId: "van-buren" }, 1))).toBe("FORBIDDEN");
    expect((await adata.get("notes", own.id)).facilityId).toBe("tull");
  });

  it("writes a view row for collections that audit views", async () => {
    const { adata, tdata, backend } = await setup();
    const note = await tdata.create("notes", { facilityId: "tull", text: "Medication change" });
    await tdata.get("notes", note.id);
    const rows = [...backend.table("auditLog").values()].filter((r) => r.recordId === note.id);
    expect(rows.map((r) => r.action)).toEqual(["create", "view"]);
    expect((await adata.list("auditLog", { where: { action: "view" } })).items).toHaveLength(1);
  });

  it("copies nested values in and out", async () => {
    const { adata } = await setup();
    const input = { facilityId: "tull", text: "List", tags: ["a"] };
    const note = await adata.create("notes", input);
    input.tags.push("b");
    (note.tags as string[]).push("c");
    expect((await adata.get("notes", note.id)).tags).toEqual(["a"]);
  });

  it("sorts nulls after values ascending and before them descending, paging over them", async () => {
    const { adata } = await setup();
    for (const due of ["2025-03-01", null, "2025-01-01", null, "2025-02-01"]) {
      await adata.create("notes", { facilityId: "tull", text: `due ${due}`, due });
    }
    const pages = async (direction: "asc" | "desc") => {
      const out: (string | null)[] = [];
      let cursor: string | null = null;
      do {
        const page: TPage<TLooseRecord> = await adata.list("notes", {
          orderBy: { field: "due", direction },
          limit: 2,
          ...(cursor ? { cursor } : {}),
        });
        out.push(...page.items.map((n) => n.due as string | null));
        cursor = page.nextCursor;
      } while (cursor);
      return out;
    };
    expect(await pages("asc")).toEqual(["2025-01-01", "2025-02-01", "2025-03-01", null, null]);
    expect(await pages("desc")).toEqual([null, null, "2025-03-01", "2025-02-01", "2025-01-01"]);
    expect(compareValues(false, true)).toBeLessThan(0);
    expect(compareValues(10, 9)).toBeGreaterThan(0);
  });

  it("rolls back every write of a failed commit, updates included", async () => {
    const { a, backend } = await setup();
    const before = await a.data.get("facilities", "tull");
    const auditRows = backend.table("auditLog").size;
    const result = a.data.commit([
      {
        op: "update",
        collection: "facilities",
        id: "tull",
        version: before.version,
        patch: { phone: "(559) 555-0100" },
      },
      { op: "create", collection: "facilities", id: "new-home", data: { name: "New home" } },
      { op: "create", collection: "facilities", id: "bad id", data: { name: "Bad" } },
    ]);
    expect(await code(result)).toBe("VALIDATION");
    expect(await a.data.get("facilities", "tull")).toEqual(before);
    expect(await code(a.data.get("facilities", "new-home"))).toBe("NOT_FOUND");
    expect(backend.table("auditLog").size).toBe(auditRows);
  });

  it("answers NOT_FOUND for an unknown collection", async () => {
    const { a } = await setup();
    expect(await code((a.data as unknown as LooseData).list("nothing"))).toBe("NOT_FOUND");
  });
});
