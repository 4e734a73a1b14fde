// The file routes through the real app (inject): uploads by magic bytes, limits, download headers,
// access by facility and audit rows.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signedInStaff, type TestApp } from "../test/build-test-app.ts";
import { injectApi, TEST_PASSWORD } from "../test/inject-api.ts";
import { multipart, uploadFile } from "../test/multipart-upload.ts";
import { itRefusesBadUploads, SAMPLE_PDF as PDF, SAMPLE_PNG as PNG } from "../test/upload-checks.ts";

const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

let t: TestApp;
let adminCookie: string;
let tullCookie: string;
let tullUserId: string;

const upload = (cookie: string, facilityId: string, filename: string, bytes: Buffer, type?: string) =>
  uploadFile(t.app, cookie, facilityId, filename, bytes, type);

async function auditActions(recordId: string) {
  const rows = await t.database.prisma.auditEntry.findMany({ where: { recordId }, orderBy: { at: "asc" } });
  return rows.map((r) => r.action);
}

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = await t.login(t.admin.email, t.admin.password);
  ({ id: tullUserId, cookie: tullCookie } = await signedInStaff(t, "tull@example.test", TEST_PASSWORD, ["tull"]));
});

afterAll(async () => {
  await t?.cleanup();
});

describe("upload", () => {
  it.each([
    ["report.pdf", PDF, "application/pdf"],
    ["photo.png", PNG, "image/png"],
    ["scan.jpeg", JPEG, "image/jpeg"],
  ] as const)("stores %s with its type, size and sha256, in the database", async (name, bytes, type) => {
    const response = await upload(adminCookie, "tull", name, bytes);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name,
      contentType: type,
      size: bytes.length,
      facilityId: "tull",
      createdBy: t.admin.id,
    });
    const row = await t.database.prisma.storedFile.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(Buffer.from(row.bytes)).toEqual(bytes);
    expect(row.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(await auditActions(response.body.id)).toEqual(["file_upload"]);
  });

  it("decides the type by the bytes and cleans the name", async () => {
    const response = await upload(adminCookie, "tull", "../../secret/x.pdf", PNG, "application/pdf");
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ contentType: "image/png", name: "x.pdf" });
  });

  itRefusesBadUploads(() => ({ t, cookie: adminCookie, facilityId: "tull" }));

  it("needs a file, a facilityId field and a known facility (400)", async () => {
    const noFile = multipart([{ name: "facilityId", value: "tull" }]);
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/v1/files",
      headers: { cookie: adminCookie, "content-type": noFile.contentType, "x-requested-with": "x" },
      payload: noFile.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(JSON.parse(missing.body).error.fields)).toEqual(["file"]);
    const unknown = await upload(adminCookie, "atlantis", "a.pdf", PDF);
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.error?.fields ?? {})).toEqual(["facilityId"]);
  });

  it("refuses uploads when signed out (401), into another facility (403) and group-wide for staff (403)", async () => {
    expect((await upload("", "tull", "a.pdf", PDF)).status).toBe(401);
    expect((await upload(tullCookie, "newman", "a.pdf", PDF)).status).toBe(403);
    expect((await upload(tullCookie, "", "a.pdf", PDF)).status).toBe(403);
    const groupWide = await upload(adminCookie, "", "policy.pdf", PDF);
    expect(groupWide.status).toBe(201);
    expect(groupWide.body.facilityId).toBeNull();
  });
});

describe("download, describe and remove", () => {
  it("sends the bytes with the stored type and safe headers, and audits the download", async () => {
    const stored = (await upload(adminCookie, "tull", "Résumé final; 100%.pdf", PDF)).body;
    const response = await t.app.inject({
      url: `/api/v1/files/${stored.id}/content`,
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(PDF);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="R_sum_ final; 100_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20final%3B%20100%25.pdf`,
    );
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
    const inline = await t.app.inject({
      url: `/api/v1/files/${stored.id}/content?inline=1`,
      headers: { cookie: adminCookie },
    });
    expect(inline.headers["content-disposition"]).toMatch(/^inline; /);
    // A PDF/HTML polyglot named .html is offered as what its bytes are.
    const polyglot = (await upload(adminCookie, "tull", "invoice.html", PDF)).body;
    const offered = await t.app.inject({
      url: `/api/v1/files/${polyglot.id}/content`,
      headers: { cookie: adminCookie },
    });
    expect(offered.headers["content-type"]).toBe("application/pdf");
    expect(offered.headers["content-disposition"]).toMatch(/^attachment; filename="invoice\.pdf"; /);
    expect(await auditActions(stored.id)).toEqual(["file_upload", "file_download", "file_download"]);
    await t.app.inject({
      method: "DELETE",
      url: `/api/v1/files/${polyglot.id}`,
      headers: { cookie: adminCookie, "x-requested-with": "care-portal" },
    });
    const described = await t.app.inject({ url: `/api/v1/files/${stored.id}`, headers: { cookie: adminCookie } });
    expect(JSON.parse(described.body)).toEqual(stored);
  });

  it("hides other facilities' and group-wide files from a limited user (404)", async () => {
    const elsewhere = (await upload(adminCookie, "newman", "newman.pdf", PDF)).body;
    const groupWide = (await upload(adminCookie, "", "policy.pdf", PDF)).body;
    for (const id of [elsewhere.id, groupWide.id, "no-such-file"]) {
      for (const url of [`/api/v1/files/${id}`, `/api/v1/files/${id}/content`]) {
        expect((await t.app.inject({ url, headers: { cookie: tullCookie } })).statusCode).toBe(404);
      }
      const remove = await t.app.inject({
        method: "DELETE",
        url: `/api/v1/files/${id}`,
        headers: { cookie: tullCookie, "x-requested-with": "x" },
      });
      expect(remove.statusCode).toBe(404);
    }
    expect(await t.database.prisma.storedFile.count({ where: { id: { in: [elsewhere.id, groupWide.id] } } })).toBe(2);
  });

  it("lets the uploader or a user who may change documents remove a file, not a caregiver (documents to read)", async () => {
    const own = (await upload(tullCookie, "tull", "mine.jpg", JPEG)).body;
    expect(own.createdBy).toBe(tullUserId);
    const byAdmin = (await upload(adminCookie, "tull", "admins.pdf", PDF)).body;
    const del = (cookie: string, id: string) =>
      t.app.inject({ method: "DELETE", url: `/api/v1/files/${id}`, headers: { cookie, "x-requested-with": "x" } });
    const caregiver = await signedInStaff(t, "files.caregiver@example.test", TEST_PASSWORD, ["tull"], "caregiver");
    expect((await del(caregiver.cookie, byAdmin.id)).statusCode).toBe(403);
    expect((await upload(caregiver.cookie, "tull", "theirs.pdf", PDF)).status).toBe(403);
    expect((await del(tullCookie, own.id)).statusCode).toBe(204);
    expect((await del(adminCookie, byAdmin.id)).statusCode).toBe(204);
    expect((await del(adminCookie, byAdmin.id)).statusCode).toBe(404);
    expect(await auditActions(own.id)).toEqual(["file_upload", "file_remove"]);
    expect(await t.database.prisma.storedFile.count({ where: { id: { in: [own.id, byAdmin.id] } } })).toBe(0);
  });

  it("keeps a staff member's file from a caregiver (no Staff read, 404) while a house manager downloads it", async () => {
    const { call } = injectApi(() => t.app);
    const staff = await call(adminCookie, "POST", "/staff", {
      data: { facilityId: "tull", firstName: "Lee", lastName: "Livescan", position: "caregiver" },
    });
    expect(staff.status).toBe(201);
    const paper = async (subject: string, subjectId: string, name: string) => {
      const file = (await upload(adminCookie, "tull", name, PDF)).body;
      const fields = { fileId: file.id, fileName: file.name, contentType: file.contentType, size: file.size };
      const created = await call(adminCookie, "POST", "/documents", {
        data: { subject, subjectId, facilityId: "tull", title: name, ...fields },
      });
      expect(created.status).toBe(201);
      return file.id as string;
    };
    const staffFile = await paper("staff", staff.body.id, "lic508.pdf");
    const homeFile = await paper("facility", "tull", "plan-of-operation.pdf");
    const caregiver = await signedInStaff(t, "files.subject@example.test", TEST_PASSWORD, ["tull"], "caregiver");
    for (const url of [`/api/v1/files/${staffFile}`, `/api/v1/files/${staffFile}/content`])
      expect((await t.app.inject({ url, headers: { cookie: caregiver.cookie } })).statusCode).toBe(404);
    const home = await t.app.inject({
      url: `/api/v1/files/${homeFile}/content`,
      headers: { cookie: caregiver.cookie },
    });
    expect(home.statusCode).toBe(200);
    const managed = await t.app.inject({ url: `/api/v1/files/${staffFile}/content`, headers: { cookie: tullCookie } });
    expect(managed.statusCode).toBe(200);
    expect(managed.rawPayload).toEqual(PDF);
    // Only the manager's download is recorded: the refused ones read no bytes.
    expect(await auditActions(staffFile)).toEqual(["file_upload", "file_download"]);
  });

  it("lists the file routes in the OpenAPI document", async () => {
    const document = JSON.parse((await t.app.inject({ url: "/api/v1/openapi.json" })).body) as {
      paths: Record<string, object>;
    };
    expect(Object.keys(document.paths["/api/v1/files"] ?? {})).toEqual(["post"]);
    expect(Object.keys(document.paths["/api/v1/files/{id}"] ?? {}).sort()).toEqual(["delete", "get"]);
    expect(Object.keys(document.paths["/api/v1/files/{id}/content"] ?? {})).toEqual(["get"]);
  });
});
