// DataPort contract: the same cases against every harness (see contract-runner.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { SEED_FACILITIES } from "@care/core/collections/facility-seed";
import type { TRecordOf } from "@care/core/registry";
import type { TPorts } from "./harness.ts";
import { eventually, expectAppError, RUN, runContract, unique } from "./contract-runner.ts";

type TFacilityRecord = TRecordOf<"facilities">;

/** Every record of a facilities list query, page by page. */
async function allPages(
  ports: TPorts,
  query: Parameters<TPorts["data"]["list"]>[1],
  limit: number,
): Promise<TFacilityRecord[]> {
  const items: TFacilityRecord[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page += 1) {
    const result = await ports.data.list("facilities", { ...query, limit, ...(cursor ? { cursor } : {}) });
    expect(result.items.length).toBeLessThanOrEqual(limit);
    items.push(...result.items);
    if (!result.nextCursor) return items;
    cursor = result.nextCursor;
  }
  throw new Error("pagination did not end");
}

await runContract("data", (ctx) => {
  let admin: TPorts;
  let adminId: string;
  let tullStaff: TPorts;

  beforeAll(async () => {
    admin = await ctx.signedIn();
    adminId = admin.auth.current()!.id;
    const account = await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] });
    tullStaff = await ctx.signedIn(account);
  });

  it("lists the six seed facilities in order, with their ids and names", async () => {
    const page = await admin.data.list("facilities");
    expect(page.items.map((f) => ({ id: f.id, name: f.name }))).toEqual(SEED_FACILITIES);
    expect(page.nextCursor).toBeNull();
    expect(await admin.data.count("facilities")).toBe(6);
    for (const facility of page.items)
      expect(facility).toMatchObject({ version: expect.any(Number), active: true, archivedAt: null });
  });

  describe("create, get, update and remove", () => {
    it("round-trips a record with metadata and versions", async () => {
      const id = unique("home");
      const created = await admin.data.create(
        "facilities",
        { name: `Home ${id}`, sortOrder: 1000, licensedCapacity: 6 },
        { id },
      );
      expect(created).toMatchObject({
        id,
        name: `Home ${id}`,
        sortOrder: 1000,
        licensedCapacity: 6,
        active: true,
        version: 1,
        createdBy: adminId,
        updatedBy: adminId,
        archivedAt: null,
      });
      expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
      expect(await admin.data.get("facilities", id)).toEqual(created);

      const updated = await admin.data.update("facilities", id, { phone: "(559) 555-0100", licensedCapacity: 8 }, 1);
      expect(updated).toMatchObject({
        id,
        name: `Home ${id}`,
        phone: "(559) 555-0100",
        licensedCapacity: 8,
        version: 2,
        createdAt: created.createdAt,
        updatedBy: adminId,
      });
      expect(updated.updatedAt >= created.updatedAt).toBe(true);
      expect(await admin.data.get("facilities", id)).toEqual(updated);
      expect((await admin.data.update("facilities", id, { name: `Renamed ${id}` }, 2)).version).toBe(3);
    });

    it("refuses to remove a collection that neither archives nor deletes (FORBIDDEN)", async () => {
      const facility = await admin.data.get("facilities", "newman");
      await expectAppError(admin.data.remove("facilities", "newman", facility.version), "FORBIDDEN");
      expect(await admin.data.get("facilities", "newman")).toEqual(facility);
    });

    it("returns copies: changing a returned record changes nothing stored", async () => {
      const record = await admin.data.get("facilities", "duvali");
      const name = record.name;
      record.name = "Changed in the caller";
      expect((await admin.data.get("facilities", "duvali")).name).toBe(name);
    });

    it("refuses invalid records with VALIDATION naming each bad field", async () => {
      const created = await expectAppError(
        admin.data.create("facilities", { name: "", licensedCapacity: -1 }, { id: unique("bad") }),
        "VALIDATION",
      );
      expect(Object.keys(created.fields ?? {})).toEqual(expect.arrayContaining(["name", "licensedCapacity"]));
      const badId = await expectAppError(
        admin.data.create("facilities", { name: "Bad id" }, { id: "not a valid id!" }),
        "VALIDATION",
      );
      expect(Object.keys(badId.fields ?? {})).toContain("id");
      const facility = await admin.data.get("facilities", "ashwood");
      const patch = await expectAppError(
        admin.data.update("facilities", "ashwood", { name: " " }, facility.version),
        "VALIDATION",
      );
      expect(Object.keys(patch.fields ?? {})).toContain("name");
      const unknownField = await expectAppError(
        admin.data.update("facilities", "ashwood", { colour: "red" } as unknown as { name: string }, facility.version),
        "VALIDATION",
      );
      expect(Object.keys(unknownField.fields ?? {})).toContain("colour");
      expect(await admin.data.get("facilities", "ashwood")).toEqual(facility);
    });

    it("refuses a stale version with CONFLICT holding the current record", async () => {
      const id = unique("home");
      await admin.data.create("facilities", { name: `Stale ${id}`, sortOrder: 1000 }, { id });
      const other = await ctx.signedIn();
      const newer = await other.data.update("facilities", id, { phone: "(559) 555-0101" }, 1);
      const error = await expectAppError(
        admin.data.update("facilities", id, { phone: "(559) 555-0199" }, 1),
        "CONFLICT",
      );
      expect(error.current).toMatchObject({ id, version: 2, phone: "(559) 555-0101" });
      expect(await admin.data.get("facilities", id)).toEqual(newer);
    });

    it("refuses a duplicate client id with CONFLICT", async () => {
      await expectAppError(admin.data.create("facilities", { name: "Another Tull" }, { id: "tull" }), "CONFLICT");
      expect((await admin.data.get("facilities", "tull")).name).toBe("Tull");
    });

    it("answers NOT_FOUND for an unknown id", async () => {
      await expectAppError(admin.data.get("facilities", unique("missing")), "NOT_FOUND");
      await expectAppError(admin.data.update("facilities", unique("missing"), { name: "X" }, 1), "NOT_FOUND");
    });

    it("creates users only through AuthPort.createUser (FORBIDDEN here)", async () => {
      await expectAppError(
        admin.data.create("users", {
          email: `${unique("direct")}@contract.test`,
          role: "house-manager",
          facilityIds: null,
        }),
        "FORBIDDEN",
      );
    });
  });

  describe("lists", () => {
    const prefix = `List-${RUN}`;
    let made: TFacilityRecord[];

    beforeAll(async () => {
      made = [];
      for (let i = 1; i <= 7; i += 1) {
        const id = `list-${RUN}-${i}`;
        // Two sort values only, so keyset pagination must break ties by id.
        made.push(
          await admin.data.create(
            "facilities",
            { name: `${prefix}-0${i}`, sortOrder: 5000 + (i % 2), active: i % 3 !== 0 },
            { id },
          ),
        );
      }
    });

    it("pages through every record exactly once, in order, with ties on the sort value", async () => {
      const everything = (await admin.data.list("facilities", { limit: 500 })).items;
      const paged = await allPages(admin, {}, 2);
      expect(paged.map((f) => f.id)).toEqual(everything.map((f) => f.id));
      expect(new Set(paged.map((f) => f.id)).size).toBe(paged.length);
      expect(paged.length).toBe(await admin.data.count("facilities"));
      const sortOrders = paged.map((f) => f.sortOrder);
      expect(sortOrders).toEqual([...sortOrders].sort((a, b) => a - b));
      const tied = paged.filter((f) => f.sortOrder === 5001).map((f) => f.id);
      expect(tied).toHaveLength(4);
    });

    it("sorts by a declared field in either direction, with a cursor", async () => {
      const names = made.map((f) => f.name).sort();
      const asc = await allPages(admin, { search: prefix, orderBy: { field: "name", direction: "asc" } }, 3);
      expect(asc.map((f) => f.name)).toEqual(names);
      const desc = await allPages(admin, { search: prefix, orderBy: { field: "name", direction: "desc" } }, 3);
      expect(desc.map((f) => f.name)).toEqual([...names].reverse());
      const byCreation = await allPages(
        admin,
        { search: prefix, orderBy: { field: "createdAt", direction: "desc" } },
        4,
      );
      expect(byCreation).toHaveLength(7);
    });

    it("filters by equality and one-of, and counts the same", async () => {
      const inactive = await admin.data.list("facilities", { where: { active: false }, search: prefix });
      expect(inactive.items.map((f) => f.id).sort()).toEqual(
        made
          .filter((f) => !f.active)
          .map((f) => f.id)
          .sort(),
      );
      expect(await admin.data.count("facilities", { where: { active: false }, search: prefix })).toBe(2);
      expect(await admin.data.count("facilities", { where: { active: [true, false] }, search: prefix })).toBe(7);
      const pagedInactive = await allPages(admin, { where: { active: true }, search: prefix }, 2);
      expect(pagedInactive).toHaveLength(5);
    });

    it("searches the searchable fields, case-insensitively, as contains", async () => {
      const found = await admin.data.list("facilities", { search: prefix.toLowerCase() });
      expect(found.items).toHaveLength(7);
      expect((await admin.data.list("facilities", { search: "UREN" })).items.map((f) => f.id)).toEqual(["van-buren"]);
      expect(await admin.data.count("facilities", { search: `${prefix}-03` })).toBe(1);
      expect((await admin.data.list("facilities", { search: `nothing-${RUN}` })).items).toEqual([]);
    });

    it("searches % and _ as the characters they are", async () => {
      const marked = await admin.data.create("facilities", { name: `Literal-${RUN} 100%_sure`, sortOrder: 5009 });
      const ids = async (search: string) => (await admin.data.list("facilities", { search })).items.map((f) => f.id);
      expect(await ids(`Literal-${RUN}%`)).toEqual([]);
      expect(await ids(`${RUN} 100%_`)).toEqual([marked.id]);
      expect(await ids(`Literal_${RUN}`)).toEqual([]);
    });

    it("refuses a tampered cursor whose value does not fit the sort field with VALIDATION naming the cursor", async () => {
      const cursor = (value: unknown, id: unknown) =>
        btoa(JSON.stringify([value, id]))
          .replaceAll("+", "-")
          .replaceAll("/", "_")
          .replace(/=+$/, "");
      const cases: Array<[string, string]> = [
        ["sortOrder", cursor("five", "x")],
        ["sortOrder", cursor(null, "x")],
        ["name", cursor(5, "x")],
        ["createdAt", cursor("yesterday", "x")],
        ["name", cursor("a", 7)],
      ];
      for (const [field, value] of cases) {
        const error = await expectAppError(
          admin.data.list("facilities", { orderBy: { field, direction: "asc" }, cursor: value }),
          "VALIDATION",
        );
        expect(Object.keys(error.fields ?? {})).toEqual(["cursor"]);
      }
    });

    it("refuses unknown filter and sort fields, bad limits and bad cursors with VALIDATION", async () => {
      const where = await expectAppError(
        admin.data.list("facilities", { where: { phone: "1" } as never }),
        "VALIDATION",
      );
      expect(Object.keys(where.fields ?? {})).toContain("where.phone");
      const sort = await expectAppError(
        admin.data.list("facilities", { orderBy: { field: "phone", direction: "asc" } }),
        "VALIDATION",
      );
      expect(Object.keys(sort.fields ?? {})).toContain("orderBy");
      const limit = await expectAppError(admin.data.list("facilities", { limit: 0 }), "VALIDATION");
      expect(Object.keys(limit.fields ?? {})).toContain("limit");
      const cursor = await expectAppError(admin.data.list("facilities", { cursor: "not-a-cursor" }), "VALIDATION");
      expect(Object.keys(cursor.fields ?? {})).toContain("cursor");
      await expectAppError(admin.data.count("facilities", { where: { phone: "1" } as never }), "VALIDATION");
    });
  });

  describe("access", () => {
    it("shows a user limited to tull only tull in list, count and get", async () => {
      const page = await tullStaff.data.list("facilities", { limit: 500 });
      expect(page.items.map((f) => f.id)).toEqual(["tull"]);
      expect(await tullStaff.data.count("facilities")).toBe(1);
      expect(await tullStaff.data.count("facilities", { search: "van" })).toBe(0);
      expect((await tullStaff.data.get("facilities", "tull")).name).toBe("Tull");
      await expectAppError(tullStaff.data.get("facilities", "van-buren"), "NOT_FOUND");
    });

    it("lets a house manager change their own home but not add one (FORBIDDEN)", async () => {
      const tull = await tullStaff.data.get("facilities", "tull");
      const changed = await tullStaff.data.update("facilities", "tull", { phone: "(559) 555-0102" }, tull.version);
      expect(changed.phone).toBe("(559) 555-0102");
      await expectAppError(
        tullStaff.data.create("facilities", { name: "Staff home" }, { id: unique("staff-home") }),
        "FORBIDDEN",
      );
    });

    it("refuses a house manager the users (FORBIDDEN), and gives them their homes' audit log", async () => {
      await expectAppError(tullStaff.data.list("users"), "FORBIDDEN");
      await expectAppError(tullStaff.data.count("users"), "FORBIDDEN");
      await expectAppError(tullStaff.data.get("users", tullStaff.auth.current()!.id), "FORBIDDEN");
      const { items } = await tullStaff.data.list("auditLog", { limit: 50 });
      expect(items.every((row) => row.facilityId === "tull")).toBe(true);
    });

    it("refuses writes to the audit log, even by an admin (FORBIDDEN)", async () => {
      const at = new Date().toISOString();
      await expectAppError(
        admin.data.create("auditLog", {
          at,
          actorId: null,
          actorEmail: null,
          action: "create",
          collection: null,
          recordId: null,
          facilityId: null,
          summary: null,
          ip: null,
        }),
        "FORBIDDEN",
      );
    });

    it("lets an admin list users, the signed-in admin among them", async () => {
      const users = await allUsers(admin);
      expect(users.map((u) => u.email)).toContain(ctx.harness.admin.email);
      expect(users.every((u) => !("password" in u) && !("passwordHash" in u))).toBe(true);
    });
  });

  describe("an admin limited to tull", () => {
    let tullAdmin: TPorts;
    let tullAdminId: string;

    beforeAll(async () => {
      const account = await ctx.createUser(admin, { role: "administrator", facilityIds: ["tull"] });
      tullAdmin = await ctx.signedIn(account);
      tullAdminId = account.record.id;
    });

    const newAccount = (facilityIds: string[] | null) => ({
      email: `${unique("granted")}@contract.test`,
      role: "house-manager" as const,
      facilityIds,
    });

    it("creates users limited to tull, but none for newman or all facilities (FORBIDDEN)", async () => {
      await expectAppError(tullAdmin.auth.createUser(newAccount(["newman"])), "FORBIDDEN");
      await expectAppError(tullAdmin.auth.createUser(newAccount(["tull", "newman"])), "FORBIDDEN");
      const all = newAccount(null);
      await expectAppError(tullAdmin.auth.createUser(all), "FORBIDDEN");
      expect((await allUsers(admin)).map((u) => u.email)).not.toContain(all.email);
      const created = await tullAdmin.auth.createUser(newAccount(["tull"]));
      expect(created.user).toMatchObject({ role: "house-manager", facilityIds: ["tull"], version: 1 });
    });

    it("refuses widening a user to all facilities or newman (FORBIDDEN), and any change of their own homes", async () => {
      const { user: staff } = await tullAdmin.auth.createUser(newAccount(["tull"]));
      await expectAppError(tullAdmin.data.update("users", staff.id, { facilityIds: null }, staff.version), "FORBIDDEN");
      await expectAppError(
        tullAdmin.data.update("users", staff.id, { facilityIds: ["tull", "newman"] }, staff.version),
        "FORBIDDEN",
      );
      // Their own homes are never theirs to change (not even within their reach): VALIDATION naming the field.
      const self = await tullAdmin.data.get("users", tullAdminId);
      const own = await expectAppError(
        tullAdmin.data.update("users", tullAdminId, { facilityIds: null }, self.version),
        "VALIDATION",
      );
      expect(Object.keys(own.fields ?? {})).toEqual(["facilityIds"]);
      expect(await admin.data.get("users", staff.id)).toMatchObject({ facilityIds: ["tull"], version: staff.version });
      const renamed = await tullAdmin.data.update("users", staff.id, { displayName: "Tull carer" }, staff.version);
      expect(renamed).toMatchObject({ displayName: "Tull carer", facilityIds: ["tull"] });
    });

    it("neither sees nor edits a user whose access exceeds tull (NOT_FOUND), in lists and counts too", async () => {
      const wide = await ctx.createUser(admin, { role: "house-manager", facilityIds: null });
      const both = await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull", "newman"] });
      const mine = await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] });
      for (const other of [wide, both]) {
        await expectAppError(tullAdmin.data.get("users", other.record.id), "NOT_FOUND");
        await expectAppError(
          tullAdmin.data.update("users", other.record.id, { displayName: "Narrowed" }, other.record.version),
          "NOT_FOUND",
        );
        await expectAppError(tullAdmin.auth.resetPassword(other.record.id), "NOT_FOUND");
      }
      const listed = (await allUsers(tullAdmin)).map((u) => u.id);
      expect(listed).toContain(mine.record.id);
      expect(listed).toContain(tullAdminId);
      expect(listed).not.toContain(wide.record.id);
      expect(listed).not.toContain(both.record.id);
      for (const user of await allUsers(tullAdmin)) expect(user.facilityIds).toEqual(expect.any(Array));
      expect(await tullAdmin.data.count("users")).toBe(listed.length);
    });
  });

  it("writes audit rows for changes, readable by an admin", async () => {
    const id = unique("audited");
    await admin.data.create("facilities", { name: `Audited ${id}`, sortOrder: 1000 }, { id });
    await admin.data.update("facilities", id, { phone: "(559) 555-0103" }, 1);
    // A log: there within a few seconds on every backend (on Firebase a function writes it after the commit).
    const rows = await eventually(async () => {
      const { items } = await admin.data.list("auditLog", {
        where: { collection: "facilities", recordId: id },
        limit: 50,
      });
      expect(items.map((r) => r.action).sort()).toEqual(["create", "update"]);
      return items;
    });
    for (const row of rows)
      expect(row).toMatchObject({ actorId: adminId, collection: "facilities", recordId: id, facilityId: id });
    const update = rows.find((r) => r.action === "update")!;
    expect(update.summary ?? "").toContain("phone");
    expect(update.summary ?? "").not.toContain("(559) 555-0103");
  });

  it("commits all writes or none", async () => {
    const kept = unique("commit");
    await admin.data.create("facilities", { name: `Commit ${kept}`, sortOrder: 1000 }, { id: kept });
    const fresh = unique("commit-new");
    await expectAppError(
      admin.data.commit([
        { op: "create", collection: "facilities", id: fresh, data: { name: `Commit ${fresh}`, sortOrder: 1000 } },
        { op: "update", collection: "facilities", id: kept, version: 1, patch: { phone: "(559) 555-0104" } },
        { op: "update", collection: "facilities", id: kept, version: 1, patch: { phone: "(559) 555-0105" } },
      ]),
      "CONFLICT",
    );
    await expectAppError(admin.data.get("facilities", fresh), "NOT_FOUND");
    expect(await admin.data.get("facilities", kept)).toMatchObject({ version: 1 });
    expect((await admin.data.list("auditLog", { where: { recordId: fresh } })).items).toEqual([]);

    await admin.data.commit([
      { op: "create", collection: "facilities", id: fresh, data: { name: `Commit ${fresh}`, sortOrder: 1000 } },
      { op: "update", collection: "facilities", id: kept, version: 1, patch: { phone: "(559) 555-0104" } },
    ]);
    expect(await admin.data.get("facilities", fresh)).toMatchObject({ version: 1 });
    expect(await admin.data.get("facilities", kept)).toMatchObject({ version: 2, phone: "(559) 555-0104" });
  });
});

async function allUsers(ports: TPorts): Promise<TRecordOf<"users">[]> {
  return (await ports.data.list("users", { limit: 500 })).items;
}
