// The full data export and import through the real app (inject): the ZIP's contents and manifest,
// who may export what, the audit rows, and the import's refusals (nothing written) and success.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectionNames } from "@care/core/registry";
import { buildTestApp, signedInStaff, type TestApp } from "../test/build-test-app.ts";
import { residentInput } from "../test/fixtures.ts";
import { injectApi, TEST_PASSWORD } from "../test/inject-api.ts";
import { uploadFile } from "../test/multipart-upload.ts";
import { SAMPLE_PDF } from "../test/upload-checks.ts";
import { exportAs, importAs, manifestOf, recordsOf, sha256, unzip, zipOf } from "./data-export.test-support.ts";
import { exportData } from "./export-data.ts";
import { JSON_HEAD, JSON_TAIL, recordLine } from "@care/core/data-export/export-format";

let source: TestApp;
let adminCookie: string;
let tullResident: Record<string, unknown>;
let newmanResident: Record<string, unknown>;
let fileId: string;
const api = injectApi(() => source.app);

beforeAll(async () => {
  source = await buildTestApp();
  adminCookie = await source.login(source.admin.email, source.admin.password);
  const tull = await api.call(adminCookie, "POST", "/residents", {
    data: residentInput("tull", "Export", { monthlyRateCents: 450_000, notes: "=HYPERLINK(1)" }),
  });
  tullResident = tull.body;
  newmanResident = (await api.call(adminCookie, "POST", "/residents", { data: residentInput("newman", "Elsewhere") }))
    .body;
  fileId = (await uploadFile(source.app, adminCookie, "tull", "face-sheet.pdf", SAMPLE_PDF)).body.id;
});

afterAll(async () => {
  await source?.cleanup();
});

describe("GET /data-export", () => {
  it("streams a ZIP of every collection as JSON and CSV, the files and a manifest whose checksums hold", async () => {
    const exported = await exportAs(source.app, adminCookie);
    expect(exported.status).toBe(200);
    expect(exported.response!.headers["content-type"]).toBe("application/zip");
    expect(exported.response!.headers["content-disposition"]).toMatch(/attachment; filename="care-portal-export-/);
    const entries = exported.entries!;
    const manifest = manifestOf(entries);
    expect(manifest).toMatchObject({ format: "care-portal-export", version: 1, backend: "http", facilityIds: null });
    expect(Object.keys(manifest.collections).sort()).toEqual([...collectionNames].sort());
    for (const name of collectionNames) {
      const entry = manifest.collections[name];
      expect(sha256(entries.get(entry.json.path)!), name).toBe(entry.json.sha256);
      expect(sha256(entries.get(entry.csv.path)!), name).toBe(entry.csv.sha256);
      expect(recordsOf(entries, name)).toHaveLength(entry.count);
    }
    // The records exactly as the API answers them.
    const residents = recordsOf(entries, "residents");
    expect(residents).toEqual(
      [tullResident, newmanResident].sort((a, b) => ((a.id as string) < (b.id as string) ? -1 : 1)),
    );
    expect(recordsOf(entries, "users").map((u) => u.email)).toEqual([source.admin.email]);
    expect(entries.get("collections/users.json")!.toString()).not.toMatch(/passwordHash|argon2/);
    // The CSV: labels as headers, formulas guarded.
    const csv = entries.get("csv/residents.csv")!.toString("utf8");
    expect(csv.startsWith("\uFEFFId,")).toBe(true);
    expect(csv).toContain("'=HYPERLINK(1)");
    // The file, byte for byte, and its description.
    expect(manifest.files).toMatchObject({ count: 1, bytes: SAMPLE_PDF.length });
    expect(entries.get(`files/${fileId}`)).toEqual(SAMPLE_PDF);
    expect(JSON.parse(entries.get("files/index.json")!.toString())).toEqual([
      expect.objectContaining({ id: fileId, name: "face-sheet.pdf", sha256: sha256(SAMPLE_PDF), facilityId: "tull" }),
    ]);
  });

  it("is sent as it is to a browser that accepts compression (a ZIP is compressed already)", async () => {
    const response = await source.app.inject({
      url: "/api/v1/data-export",
      headers: { cookie: adminCookie, "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(manifestOf(await unzip(response.rawPayload)).format).toBe("care-portal-export");
  });

  it("prepares at most two at once per database (one on PGlite): another is refused meanwhile", async () => {
    const limit = source.database.kind === "pglite" ? 1 : 2;
    const started = Array.from({ length: limit }, () => exportData(source.database, null));
    const refused = await exportData(source.database, null).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "CONFLICT", message: "Another export is being prepared. Try again in a few minutes." }); // prettier-ignore
    // Prepared, they hold nothing while downloaded: the next one starts.
    const prepared = await Promise.all(started);
    expect((await exportAs(source.app, adminCookie)).status).toBe(200);
    for (const { stream } of prepared) stream.destroy();
  });

  it("is audited", async () => {
    await exportAs(source.app, adminCookie, "?facilityIds=tull");
    const row = await source.database.prisma.auditEntry.findFirst({
      where: { action: "data_export" },
      orderBy: { at: "desc" },
    });
    expect(row).toMatchObject({ actorEmail: source.admin.email, summary: "Facilities: tull" });
  });

  it("is refused to a user without the export permission", async () => {
    const manager = await signedInStaff(source, "manager@example.test", TEST_PASSWORD, ["tull"], "house-manager");
    const refused = await exportAs(source.app, manager.cookie);
    expect(refused.status).toBe(403);
    const signedOut = await exportAs(source.app, "");
    expect(signedOut.status).toBe(401);
  });

  it("covers only a limited administrator's homes, and refuses homes beyond them", async () => {
    const limited = await signedInStaff(source, "tull-admin@example.test", TEST_PASSWORD, ["tull"], "administrator");
    const exported = await exportAs(source.app, limited.cookie);
    expect(exported.status).toBe(200);
    const entries = exported.entries!;
    expect(manifestOf(entries).facilityIds).toEqual(["tull"]);
    expect(recordsOf(entries, "residents").map((r) => r.id)).toEqual([tullResident.id]);
    expect(recordsOf(entries, "facilities").map((f) => f.id)).toEqual(["tull"]);
    // Only accounts limited to their homes; never the group-wide administrator.
    expect(
      recordsOf(entries, "users")
        .map((u) => u.email)
        .sort(),
    ).toEqual(["manager@example.test", "tull-admin@example.test"]);
    expect(recordsOf(entries, "auditLog").every((row) => row.facilityId === "tull")).toBe(true);
    const beyond = await exportAs(source.app, limited.cookie, "?facilityIds=newman");
    expect(beyond.status).toBe(400);
    expect(beyond.body.error.fields.facilityIds).toMatch(/newman/);
  });

  it("includes the fields the exporter's role hides elsewhere (every permission in their homes)", async () => {
    const role = await api.call(adminCookie, "POST", "/roles", {
      id: "exporter",
      data: { name: "Exporter", permissions: { export: "read" } },
    });
    expect(role.status).toBe(201);
    const exporter = await signedInStaff(source, "exporter@example.test", TEST_PASSWORD, ["tull"], "exporter");
    expect((await api.get(exporter.cookie, `/residents/${tullResident.id as string}`)).status).toBe(403);
    const exported = await exportAs(source.app, exporter.cookie);
    expect(exported.status).toBe(200);
    expect(recordsOf(exported.entries!, "residents")[0]).toMatchObject({ monthlyRateCents: 450_000 });
  });
});

describe("POST /data-import", () => {
  let target: TestApp;
  let targetCookie: string;
  let exportZip: Buffer;

  beforeAll(async () => {
    target = await buildTestApp();
    targetCookie = await target.login(target.admin.email, target.admin.password);
    exportZip = (await exportAs(source.app, adminCookie)).zip!;
  });

  afterAll(async () => {
    await target?.cleanup();
  });

  const targetApi = injectApi(() => target.app);
  const residentsIn = (t: TestApp) => t.database.prisma.resident.count();

  it("is refused on an instance that holds data, listing what it holds", async () => {
    const status = await api.get(adminCookie, "/data-import/status");
    expect(status.body.empty).toBe(false);
    const refused = await importAs(source.app, adminCookie, exportZip);
    expect(refused.status).toBe(409);
    // What it holds, in one sentence: the residents, their records and the stored file among them.
    const holds = (Object.values(refused.body.error.fields) as string[]).filter((p) =>
      p.startsWith("The instance holds"),
    );
    expect(holds).toEqual([
      expect.stringMatching(/^The instance holds .*\b2 resident records, .* and 1 stored files\.$/),
    ]);
  });

  it("refuses a file that is no ZIP, and a ZIP without a valid manifest, writing nothing", async () => {
    const garbage = await importAs(target.app, targetCookie, Buffer.from("not a zip at all"));
    expect(garbage.status).toBe(400);
    expect(garbage.body.error.message).toBe("This file is not a Care Portal export.");
    expect(garbage.body.error.fields).toEqual({
      archive: "The ZIP cannot be read: it is not a ZIP file, or only part of one (download the export again)",
    });
    const entries = await unzip(exportZip);
    entries.set("manifest.json", Buffer.from(JSON.stringify({ ...manifestOf(entries), format: "something-else" })));
    const badManifest = await importAs(target.app, targetCookie, await zipOf(entries));
    expect(badManifest.status).toBe(400);
    expect(Object.values(badManifest.body.error.fields).join("\n")).toMatch(/^manifest\.json: format:/m);
    expect(await residentsIn(target)).toBe(0);
  });

  it("refuses records failing their schema and changed entries, one report listing every problem", async () => {
    const entries = await unzip(exportZip);
    const manifest = manifestOf(entries);
    const residents = entries
      .get("collections/residents.json")!
      .toString("utf8")
      .replace(/"1940-01-01"/g, '"1940-13-45"');
    entries.set("collections/residents.json", Buffer.from(residents));
    manifest.collections.residents.json.sha256 = sha256(Buffer.from(residents));
    entries.set("manifest.json", Buffer.from(JSON.stringify(manifest)));
    entries.set("csv/staff.csv", Buffer.from("changed"));
    const refused = await importAs(target.app, targetCookie, await zipOf(entries));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("This export cannot be imported: 3 problems. Nothing was written.");
    // A record refused is reported once, not again for the records naming it (its rent charges).
    expect(Object.values(refused.body.error.fields)).toEqual([
      "collections/residents.json, line 2: dateOfBirth: Not a real date",
      "collections/residents.json, line 3: dateOfBirth: Not a real date",
      "csv/staff.csv: its checksum differs from the manifest's: the file was changed or damaged",
    ]);
    expect(await residentsIn(target)).toBe(0);
    expect((await targetApi.get(targetCookie, "/data-import/status")).body).toEqual({ empty: true, problems: [] });
  });

  it("names a missing record once per file that refers to it, counting the other mentions", async () => {
    const entries = await unzip(exportZip);
    const manifest = manifestOf(entries);
    const gone = tullResident.id as string;
    const fileOf = (records: Record<string, unknown>[]) =>
      Buffer.from(`${JSON_HEAD}${records.map((r, i) => recordLine(r, i === records.length - 1)).join("")}${JSON_TAIL}`);
    const residents = fileOf(recordsOf(entries, "residents").filter((r) => r.id !== gone));
    entries.set("collections/residents.json", residents);
    manifest.collections.residents.json.sha256 = sha256(residents);
    manifest.collections.residents.count -= 1;
    // Two more records of the first file naming the resident (copies under new ids, last in id order).
    const [first] = collectionNames.filter((name) => recordsOf(entries, name).some((r) => r.residentId === gone));
    const records = recordsOf(entries, first!);
    const copy = records.find((r) => r.residentId === gone)!;
    records.push({ ...copy, id: "zz-copy-1" }, { ...copy, id: "zz-copy-2" });
    const json = fileOf(records);
    entries.set(`collections/${first}.json`, json);
    manifest.collections[first!].json.sha256 = sha256(json);
    manifest.collections[first!].count += 2;
    entries.set("manifest.json", Buffer.from(JSON.stringify(manifest)));
    const refused = await importAs(target.app, targetCookie, await zipOf(entries));
    expect(refused.status).toBe(400);
    const problems = Object.values(refused.body.error.fields) as string[];
    // Every file naming the resident: its first mention, then how many more there are.
    const naming = collectionNames
      .map((name) => [name, recordsOf(entries, name).filter((r) => r.residentId === gone).length] as const)
      .filter(([, n]) => n > 0);
    expect(naming.length).toBeGreaterThan(0);
    const expected = naming.flatMap(([name, n]) => [
      expect.stringMatching(
        new RegExp(`^collections/${name}\\.json, line \\d+: residentId: no resident ${gone} in the export$`),
      ),
      ...(n > 1
        ? [`collections/${name}.json: ${n - 1} more records name in residentId a record that is not in the export`]
        : []),
    ]);
    expect(problems).toEqual(expected);
    expect(await residentsIn(target)).toBe(0);
  });

  it("is refused to a user without write on export", async () => {
    const manager = await signedInStaff(target, "manager@example.test", TEST_PASSWORD, ["tull"], "house-manager");
    expect((await importAs(target.app, manager.cookie, exportZip)).status).toBe(403);
    await target.database.prisma.user.delete({ where: { id: manager.id } });
  });

  it("runs one import at a time: a second one at once is refused", async () => {
    const other = await buildTestApp();
    try {
      const cookie = await other.login(other.admin.email, other.admin.password);
      const statuses = await Promise.all([
        importAs(other.app, cookie, exportZip),
        importAs(other.app, cookie, exportZip),
      ]);
      expect(statuses.map((s) => s.status).sort()).toEqual([200, 409]);
      expect(await residentsIn(other)).toBe(2);
    } finally {
      await other.cleanup();
    }
  });

  it("writes everything as it was; the importer stays signed in, every other account gets a one-time password", async () => {
    const imported = await importAs(target.app, targetCookie, exportZip);
    expect(imported.status).toBe(200);
    expect(imported.body.counts.residents).toBe(2);
    expect(imported.body.files).toBe(1);
    const byEmail = new Map(
      (imported.body.users as { email: string; oneTimePassword: string | null }[]).map((u) => [u.email, u]),
    );
    // The importer's e-mail is in the export: their session and password carry on, as that account.
    expect(byEmail.get(source.admin.email)?.oneTimePassword).toBeNull();
    expect((await targetApi.get(targetCookie, `/residents/${tullResident.id as string}`)).body).toEqual(tullResident);
    expect((await targetApi.get(targetCookie, "/auth/me")).body.user.id).toBe(source.admin.id);
    const download = await target.app.inject({
      url: `/api/v1/files/${fileId}/content`,
      headers: { cookie: targetCookie },
    });
    expect(download.rawPayload).toEqual(SAMPLE_PDF);
    // Everyone else signs in with their one-time password and must choose their own.
    const other = byEmail.get("tull-admin@example.test")!.oneTimePassword!;
    expect(other).toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);
    const cookie = await target.login("tull-admin@example.test", other);
    const refused = await targetApi.get(cookie, "/residents");
    expect(refused.body.error.reason).toBe("PASSWORD_CHANGE_REQUIRED");
    const importRow = await target.database.prisma.auditEntry.findFirst({ where: { action: "data_import" } });
    expect(importRow?.summary).toMatch(/^\d+ records and 1 files exported \S+ from a portal server$/);
  });

  it("is refused once the instance has taken an import, whatever it holds", async () => {
    const again = await importAs(target.app, targetCookie, exportZip);
    expect(again.status).toBe(409);
    expect(Object.values(again.body.error.fields)).toContain("The instance has taken an import already.");
    expect(await residentsIn(target)).toBe(2);
  });

  it("refuses an empty instance's own export, leaving its account and audit log as they were", async () => {
    const fresh = await buildTestApp();
    try {
      const cookie = await fresh.login(fresh.admin.email, fresh.admin.password);
      const own = (await exportAs(fresh.app, cookie)).zip!;
      const refused = await importAs(fresh.app, cookie, own);
      expect(refused.status).toBe(400);
      expect(Object.values(refused.body.error.fields)).toEqual([
        expect.stringMatching(
          /^collections\/auditLog\.json: \d+ of its entries are already in this portal's audit log/,
        ),
      ]);
      expect(await fresh.database.prisma.user.count()).toBe(1);
      expect((await injectApi(() => fresh.app).get(cookie, "/data-import/status")).body.empty).toBe(true);
    } finally {
      await fresh.cleanup();
    }
  });
});
