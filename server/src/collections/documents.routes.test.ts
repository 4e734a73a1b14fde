// Documents and staff through the real app (inject) on a fresh test database: a view audit row for every
// document get and list, access by facility, a document's file checked against the document (same
// facility, true type and size), upload limits and type checks on the way to a document, and the
// seeded RCFE document types.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RCFE_DEFAULT_DOCUMENT_TYPES } from "@care/core/collections/rcfe-document-types";
import { buildTestApp, signedInStaff, type TestApp } from "../test/build-test-app.ts";
import { injectApi, listQuery as q, TEST_PASSWORD as PASSWORD } from "../test/inject-api.ts";
import { uploadFile } from "../test/multipart-upload.ts";
import { itRefusesBadUploads, SAMPLE_PDF as PDF, SAMPLE_PNG as PNG } from "../test/upload-checks.ts";

type TBody = Record<string, unknown> & { id: string; version: number };

let t: TestApp;
let adminCookie: string;
let tullCookie: string;
let tullUserId: string;

const { call, get } = injectApi(() => t.app);

/** The id of the resident each home's documents are about (a resident's client id is a random UUID). */
const RESIDENT_IDS: Record<string, string> = { tull: crypto.randomUUID(), newman: crypto.randomUUID() };
const residentOf = (facilityId: string): string => RESIDENT_IDS[facilityId]!;

/** Uploads `bytes` and answers the stored file's description (201 expected). */
async function uploaded(cookie: string, facilityId: string, name = "report.pdf", bytes = PDF) {
  const response = await uploadFile(t.app, cookie, facilityId, name, bytes);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; name: string; contentType: string; size: number };
}

function documentData(file: { id: string; name: string; contentType: string; size: number }, facilityId: string) {
  return {
    subject: "resident",
    subjectId: residentOf(facilityId),
    facilityId,
    typeId: "rcfe-resident-lic-602a",
    fileId: file.id,
    fileName: file.name,
    contentType: file.contentType,
    size: file.size,
    issueDate: "2025-06-01",
    expiryDate: "2026-05-31",
  };
}

async function createDocument(cookie: string, data: Record<string, unknown>) {
  return call(cookie, "POST", "/documents", { data });
}

async function created(cookie: string, collection: string, data: Record<string, unknown>): Promise<TBody> {
  const response = await call(cookie, "POST", `/${collection}`, { data });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as TBody;
}

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = await t.login(t.admin.email, t.admin.password);
  ({ id: tullUserId, cookie: tullCookie } = await signedInStaff(t, "tull.office@example.test", PASSWORD, ["tull"]));
  // The residents documentData's documents are about (a document names an existing subject).
  for (const facilityId of ["tull", "newman"]) {
    const resident = await call(adminCookie, "POST", "/residents", {
      id: residentOf(facilityId),
      data: {
        facilityId,
        firstName: "Ada",
        lastName: `Resident of ${facilityId}`,
        dateOfBirth: "1940-01-01",
        gender: "female",
        admissionDate: "2024-01-01",
        ambulatoryStatus: "ambulatory",
        codeStatus: "full_code",
      },
    });
    expect(resident.status, JSON.stringify(resident.body)).toBe(201);
  }
});

afterAll(async () => {
  await t?.cleanup();
});

describe("audit of document views", () => {
  it("writes a view row for every get and every list of documents, none for counts", async () => {
    const document = await created(tullCookie, "documents", documentData(await uploaded(tullCookie, "tull"), "tull"));
    const before = await t.database.prisma.auditEntry.count({ where: { action: "view", collection: "documents" } });

    expect((await get(tullCookie, `/documents/${document.id}`)).body).toEqual(document);
    const list = await get(tullCookie, `/documents${q({ where: { subjectId: residentOf("tull"), current: true } })}`);
    expect(list.body.items.map((d: TBody) => d.id)).toEqual([document.id]);
    expect((await get(tullCookie, `/documents/count${q({ where: { facilityId: "tull" } })}`)).status).toBe(200);

    const views = await t.database.prisma.auditEntry.findMany({
      where: { action: "view", collection: "documents", actorId: tullUserId },
    });
    expect(views).toHaveLength(before + 2);
    expect(views.map((v) => [v.recordId, v.facilityId, v.summary])).toEqual(
      expect.arrayContaining([
        [document.id, "tull", null],
        [null, "tull", `list subjectId=${residentOf("tull")} current=true`],
      ]),
    );
  });
});

describe("access by facility", () => {
  it("hides newman's documents from a user limited to tull, who cannot add any there", async () => {
    const file = await uploaded(adminCookie, "newman");
    const document = await created(adminCookie, "documents", documentData(file, "newman"));
    expect((await get(tullCookie, `/documents/${document.id}`)).status).toBe(404);
    const list = await get(tullCookie, `/documents${q({ where: { facilityId: "newman" } })}`);
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([]);
    const patch = await call(tullCookie, "PATCH", `/documents/${document.id}`, { version: 1, patch: { notes: "x" } });
    expect(patch.status).toBe(404);
    expect((await createDocument(tullCookie, documentData(file, "newman"))).status).toBe(403);
  });

  it("shows a user limited to tull newman's staff who also work at tull, read-only; their own home's are theirs to edit", async () => {
    const staff = { firstName: "Mary", lastName: "Seacole", position: "caregiver" };
    const onlyNewman = await created(adminCookie, "staff", { ...staff, facilityId: "newman" });
    const newman = await created(adminCookie, "staff", { ...staff, facilityId: "newman", otherFacilityIds: ["tull"] });
    // Listing newman among a staff member's other homes needs access to newman: the administrator does.
    const tull = await created(adminCookie, "staff", { ...staff, facilityId: "tull", otherFacilityIds: ["newman"] });
    expect(tull.otherFacilityIds).toEqual(["newman"]);

    expect((await get(tullCookie, `/staff/${onlyNewman.id}`)).status).toBe(404);
    expect((await get(tullCookie, `/staff/${newman.id}`)).status).toBe(200);
    const refused = await call(tullCookie, "PATCH", `/staff/${newman.id}`, { version: 1, patch: { notes: "x" } });
    expect(refused.status).toBe(403);
    const list = await get(tullCookie, `/staff${q({ limit: 500 })}`);
    expect(list.body.items.map((s: TBody) => s.id).sort()).toEqual([newman.id, tull.id].sort());
    expect((await call(tullCookie, "POST", "/staff", { data: { ...staff, facilityId: "newman" } })).status).toBe(403);
    // Their own home's staff are theirs to edit, but taking newman off needs access to newman.
    const unlisted = await call(tullCookie, "PATCH", `/staff/${tull.id}`, {
      version: 1,
      patch: { otherFacilityIds: [] },
    });
    expect(unlisted.status).toBe(403);
    const edit = await call(tullCookie, "PATCH", `/staff/${tull.id}`, { version: 1, patch: { notes: "Nights" } });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ notes: "Nights", otherFacilityIds: ["newman"] });
  });
});

describe("a document's file", () => {
  it("must belong to the document's facility, on create and on a move", async () => {
    const newmanFile = await uploaded(adminCookie, "newman");
    const elsewhere = await createDocument(adminCookie, documentData(newmanFile, "tull"));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.fields).toEqual({
      fileId: "The file belongs to another facility; upload it again for this one",
    });

    const document = await created(adminCookie, "documents", documentData(await uploaded(adminCookie, "tull"), "tull"));
    const moved = await call(adminCookie, "PATCH", `/documents/${document.id}`, {
      version: document.version,
      patch: { facilityId: "newman" },
    });
    expect(moved.status).toBe(400);
    expect(Object.keys(moved.body.error.fields)).toEqual(["fileId"]);
  });

  it("must exist and be visible to the user", async () => {
    const missing = await createDocument(adminCookie, {
      ...documentData(await uploaded(adminCookie, "tull"), "tull"),
      fileId: "no-such-file",
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ fileId: "No such file" });

    const newmanFile = await uploaded(adminCookie, "newman");
    const hidden = await createDocument(tullCookie, documentData(newmanFile, "tull"));
    expect(hidden.status).toBe(400);
    expect(hidden.body.error.fields).toEqual({ fileId: "No such file" });
  });

  it("is described truly: its type and size are the stored file's", async () => {
    // A PNG named .pdf and declared a PDF is stored as what its bytes are.
    const png = await uploadFile(t.app, tullCookie, "tull", "scan.pdf", PNG, "application/pdf");
    expect(png.status).toBe(201);
    expect(png.body).toMatchObject({ contentType: "image/png", name: "scan.pdf" });
    const file = png.body as { id: string; name: string; contentType: string; size: number };

    const lying = await createDocument(tullCookie, { ...documentData(file, "tull"), contentType: "application/pdf" });
    expect(lying.status).toBe(400);
    expect(lying.body.error.fields).toEqual({ fileId: "The type given is not the uploaded file's" });
    const resized = await createDocument(tullCookie, { ...documentData(file, "tull"), size: file.size + 1 });
    expect(resized.status).toBe(400);
    expect(resized.body.error.fields).toEqual({ fileId: "The size given is not the uploaded file's" });

    const truthful = await createDocument(tullCookie, documentData(file, "tull"));
    expect(truthful.status).toBe(201);
    expect(truthful.body).toMatchObject({ contentType: "image/png", fileName: "scan.pdf", size: PNG.length });
  });
});

describe("removing a document's file", () => {
  it("answers 409 while a document (any version, archived too) names the file; the file stays", async () => {
    const file = await uploaded(tullCookie, "tull");
    const document = await created(tullCookie, "documents", documentData(file, "tull"));
    for (const cookie of [tullCookie, adminCookie]) {
      const refused = await call(cookie, "DELETE", `/files/${file.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("document") });
    }
    expect((await call(adminCookie, "DELETE", `/documents/${document.id}?version=${document.version}`)).status).toBe(
      204,
    );
    expect((await call(tullCookie, "DELETE", `/files/${file.id}`)).status).toBe(409);
    expect((await get(tullCookie, `/files/${file.id}`)).status).toBe(200);
    const unused = await uploaded(tullCookie, "tull");
    expect((await call(tullCookie, "DELETE", `/files/${unused.id}`)).status).toBe(204);
  });
});

describe("uploads on the way to a document", () => {
  itRefusesBadUploads(() => ({ t, cookie: tullCookie, facilityId: "tull" }));

  it("refuses a document type other than PDF or image (400)", async () => {
    const file = await uploaded(tullCookie, "tull");
    const response = await createDocument(tullCookie, { ...documentData(file, "tull"), contentType: "text/html" });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toEqual(["contentType"]);
  });
});

describe("seeded document types", () => {
  it("lists the California RCFE defaults per subject in their order, each marked for review", async () => {
    const response = await get(tullCookie, `/documentTypes${q({ where: { subject: "staff" }, limit: 100 })}`);
    expect(response.status).toBe(200);
    const staffDefaults = RCFE_DEFAULT_DOCUMENT_TYPES.filter((d) => d.subject === "staff");
    expect(response.body.items.map((d: TBody) => d.id)).toEqual(staffDefaults.map((d) => d.id));
    expect(response.body.items.every((d: TBody) => d.needsReview === true && d.createdBy === null)).toBe(true);
    const retire = await call(tullCookie, "DELETE", `/documentTypes/${staffDefaults[0]!.id}?version=1`);
    expect(retire.status).toBe(403);
  });
});
