// DataPort contract for the compliance core's records (document types, documents, staff, reminders and
// reminder states): the same cases against every harness (see contract-runner.ts).
import { beforeAll, expect, it } from "vitest";
import type { TInputOf, TRecordOf } from "@care/core/registry";
import { reminderStateId, rotaKey } from "@care/core/rules/reminders.rules";
import { CLEARANCE_DOCUMENT_TYPE_ID } from "@care/core/collections/rcfe-document-types";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract, unique } from "./contract-runner.ts";

/** A one-page PDF. */
const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

function staffInput(facilityId: string, overrides: Partial<TInputOf<"staff">> = {}): TInputOf<"staff"> {
  return { facilityId, firstName: "Grace", lastName: unique("Hopper"), position: "caregiver", ...overrides };
}

await runContract("data", (ctx) => {
  let admin: TPorts;
  let tullStaff: TPorts;
  let typeIds: string[];

  beforeAll(async () => {
    admin = await ctx.signedIn();
    const account = await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] });
    tullStaff = await ctx.signedIn(account);
  });

  /** Uploads a PDF to `facilityId` and returns the document fields naming it. */
  async function uploaded(ports: TPorts, facilityId: string) {
    const file = await ports.files.upload(new Blob([PDF.slice()]), "physician-report.pdf", { facilityId });
    return { fileId: file.id, fileName: file.name, contentType: file.contentType, size: file.size };
  }

  it("creates, edits and retires document types (admins only); a type's facilities round-trip", async () => {
    const id = unique("type-lic-602a");
    const created = await admin.data.create(
      "documentTypes",
      {
        subject: "resident",
        name: `Physician's Report ${RUN}`,
        formCode: "LIC 602A",
        validityMonths: 12,
        facilityIds: ["tull", "newman"],
        sortOrder: 20,
        needsReview: true,
      },
      { id },
    );
    expect(created).toMatchObject({
      id,
      subject: "resident",
      required: true,
      leadTimeDays: 30,
      facilityIds: ["tull", "newman"],
      reappraisal: false,
      version: 1,
    });
    expect(await tullStaff.data.get("documentTypes", id)).toEqual(created);

    const reviewed = await admin.data.update(
      "documentTypes",
      id,
      { needsReview: false, facilityIds: ["tull"], validityMonths: null },
      1,
    );
    expect(reviewed).toMatchObject({ needsReview: false, facilityIds: ["tull"], version: 2 });
    expect(reviewed).not.toHaveProperty("validityMonths");

    await expectAppError(admin.data.create("documentTypes", { subject: "staff", name: "Twice" }, { id }), "CONFLICT");
    await expectAppError(tullStaff.data.create("documentTypes", { subject: "staff", name: "Not mine" }), "FORBIDDEN");
    await expectAppError(tullStaff.data.update("documentTypes", id, { name: "Renamed" }, 2), "FORBIDDEN");
    await expectAppError(tullStaff.data.remove("documentTypes", id, 2), "FORBIDDEN");
    const invalid = await expectAppError(
      admin.data.create("documentTypes", { subject: "resident", name: "", leadTimeDays: -1 }),
      "VALIDATION",
    );
    expect(Object.keys(invalid.fields ?? {})).toEqual(expect.arrayContaining(["name", "leadTimeDays"]));

    const listed = await admin.data.list("documentTypes", { where: { subject: "resident" }, search: `report ${RUN}` });
    expect(listed.items.map((t) => t.id)).toEqual([id]);
    typeIds = [id];
  });

  ctx.itUsing(["files"])(
    "stores a document for an uploaded file; replacing it is one commit; archiving hides it",
    async () => {
      const { id: residentId } = await admin.data.create("residents", {
        facilityId: "tull",
        firstName: "Ada",
        lastName: unique("Documented"),
        dateOfBirth: "1940-01-01",
        gender: "female",
        admissionDate: "2024-01-01",
        ambulatoryStatus: "ambulatory",
        codeStatus: "full_code",
      });
      const typeId = typeIds[0]!;
      const first = await admin.data.create("documents", {
        subject: "resident",
        subjectId: residentId,
        facilityId: "tull",
        typeId,
        ...(await uploaded(admin, "tull")),
        issueDate: "2025-01-31",
        expiryDate: "2026-01-30",
        notes: "Dr. Patel",
      });
      expect(first).toMatchObject({
        subject: "resident",
        subjectId: residentId,
        typeId,
        fileName: "physician-report.pdf",
        contentType: "application/pdf",
        size: PDF.byteLength,
        current: true,
        version: 1,
      });
      expect(first).not.toHaveProperty("replacesId");
      expect(await tullStaff.data.get("documents", first.id)).toEqual(first);

      const replacement: TInputOf<"documents"> = {
        subject: "resident",
        subjectId: residentId,
        facilityId: "tull",
        typeId,
        ...(await uploaded(tullStaff, "tull")),
        issueDate: "2026-01-15",
        expiryDate: "2027-01-14",
        replacesId: first.id,
      };
      // A stale version of the old document fails the whole commit: no new version is stored.
      await expectAppError(
        tullStaff.data.commit([
          { op: "create", collection: "documents", data: replacement },
          { op: "update", collection: "documents", id: first.id, version: 7, patch: { current: false } },
        ]),
        "CONFLICT",
      );
      expect(await admin.data.count("documents", { where: { subjectId: residentId } })).toBe(1);

      await tullStaff.data.commit([
        { op: "create", collection: "documents", data: replacement },
        { op: "update", collection: "documents", id: first.id, version: first.version, patch: { current: false } },
      ]);
      const current = await tullStaff.data.list("documents", { where: { subjectId: residentId, current: true } });
      expect(current.items).toHaveLength(1);
      const second = current.items[0]!;
      expect(second).toMatchObject({ replacesId: first.id, current: true, expiryDate: "2027-01-14" });
      expect(await admin.data.get("documents", first.id)).toMatchObject({ current: false, version: 2 });
      const versions = await admin.data.list("documents", {
        where: { subjectId: residentId },
        orderBy: { field: "expiryDate", direction: "asc" },
      });
      expect(versions.items.map((d) => d.id)).toEqual([first.id, second.id]);

      const invalid = await expectAppError(
        admin.data.create("documents", { ...replacement, typeId: undefined, expiryDate: "2020-01-01" }),
        "VALIDATION",
      );
      expect(Object.keys(invalid.fields ?? {})).toEqual(expect.arrayContaining(["title", "expiryDate"]));

      await tullStaff.data.remove("documents", second.id, second.version);
      expect((await admin.data.list("documents", { where: { subjectId: residentId, current: true } })).items).toEqual(
        [],
      );
      expect(await admin.data.get("documents", second.id)).toMatchObject({ archivedAt: expect.any(String) });
      const withArchived = await admin.data.list("documents", {
        where: { subjectId: residentId },
        includeArchived: true,
      });
      expect(withArchived.items).toHaveLength(2);
    },
  );

  ctx.itUsing(["files"])("retiring a document type keeps its documents", async () => {
    const typeId = unique("type-retired");
    const type = await admin.data.create(
      "documentTypes",
      { subject: "facility", name: `Fire clearance ${RUN}` },
      { id: typeId },
    );
    const document = await admin.data.create("documents", {
      subject: "facility",
      subjectId: "newman",
      facilityId: "newman",
      typeId,
      ...(await uploaded(admin, "newman")),
    });
    await admin.data.remove("documentTypes", typeId, type.version);
    const types = await admin.data.list("documentTypes", { where: { subject: "facility" }, limit: 500 });
    expect(types.items.map((t) => t.id)).not.toContain(typeId);
    expect(await admin.data.get("documentTypes", typeId)).toMatchObject({ archivedAt: expect.any(String) });
    expect(await admin.data.get("documents", document.id)).toEqual(document);
    expect((await admin.data.list("documents", { where: { subjectId: "newman", typeId } })).items).toEqual([document]);
  });

  ctx.itUsing(["files"])("hides another facility's documents from a user limited to tull", async () => {
    const document = await admin.data.create("documents", {
      subject: "facility",
      subjectId: "newman",
      facilityId: "newman",
      title: `Insurance ${RUN}`,
      ...(await uploaded(admin, "newman")),
    });
    await expectAppError(tullStaff.data.get("documents", document.id), "NOT_FOUND");
    expect((await tullStaff.data.list("documents", { where: { subjectId: "newman" } })).items).toEqual([]);
    expect(await tullStaff.data.count("documents", { where: { facilityId: "newman" } })).toBe(0);
  });

  it("round-trips a staff member's other homes and emergency contact; lists by facility and name", async () => {
    const member = await admin.data.create(
      "staff",
      staffInput("tull", {
        otherFacilityIds: ["ashwood", "newman"],
        lastName: `Staffer-${RUN}`,
        position: "med_tech",
        email: "",
        emergencyContactName: "Ada King",
        emergencyContactPhone: "(559) 555-0199",
        hireDate: "2024-02-29",
        clearanceStatus: "cleared",
        clearanceDate: "2024-02-20",
      }),
    );
    expect(member).toMatchObject({
      facilityId: "tull",
      otherFacilityIds: ["ashwood", "newman"],
      status: "active",
      hireDate: "2024-02-29",
      clearanceStatus: "cleared",
      version: 1,
    });
    expect(member).not.toHaveProperty("email");
    expect(await tullStaff.data.get("staff", member.id)).toEqual(member);

    // Tull's user may not take the other homes off: only a user who may write those homes can.
    await expectAppError(tullStaff.data.update("staff", member.id, { otherFacilityIds: [] }, 1), "FORBIDDEN");
    const moved = await admin.data.update("staff", member.id, { otherFacilityIds: [], phone: "(559) 555-0100" }, 1);
    expect(moved).toMatchObject({ otherFacilityIds: [], phone: "(559) 555-0100", version: 2 });
    const stale = await expectAppError(tullStaff.data.update("staff", member.id, { phone: "x" }, 1), "CONFLICT");
    expect(stale.current).toEqual(moved);

    const terminated = await expectAppError(
      admin.data.update("staff", member.id, { status: "terminated" }, 2),
      "VALIDATION",
    );
    expect(Object.keys(terminated.fields ?? {})).toContain("terminationDate");

    const found = await admin.data.list("staff", { where: { facilityId: "tull" }, search: `staffer-${RUN}` });
    expect(found.items).toEqual([moved]);
    await admin.data.remove("staff", member.id, moved.version);
    expect((await admin.data.list("staff", { search: `staffer-${RUN}` })).items).toEqual([]);
  });

  it("hides newman's staff from a user limited to tull, who cannot add staff there", async () => {
    const newman: TRecordOf<"staff"> = await admin.data.create("staff", staffInput("newman"));
    const tull = await tullStaff.data.create("staff", staffInput("tull"));
    await expectAppError(tullStaff.data.get("staff", newman.id), "NOT_FOUND");
    const visible = await tullStaff.data.list("staff", { limit: 500 });
    expect(visible.items.map((s) => s.id)).toContain(tull.id);
    expect(visible.items.every((s) => s.facilityId === "tull")).toBe(true);
    expect(await tullStaff.data.count("staff", { where: { facilityId: "newman" } })).toBe(0);
    await expectAppError(tullStaff.data.create("staff", staffInput("newman")), "FORBIDDEN");
    await expectAppError(tullStaff.data.update("staff", newman.id, { phone: "1" }, 1), "NOT_FOUND");
  });

  it("creates, completes and lists manual reminders by facility, status and due date", async () => {
    const title = unique("Fire drill");
    const later = await tullStaff.data.create("reminders", {
      facilityId: "tull",
      title,
      dueDate: "2026-03-31",
      repeat: "monthly",
      linkType: "facility",
      linkId: "tull",
    });
    const sooner = await tullStaff.data.create("reminders", { facilityId: "tull", title, dueDate: "2026-02-28" });
    expect(later).toMatchObject({ status: "open", repeat: "monthly", linkType: "facility", linkId: "tull" });
    expect(sooner).toMatchObject({ status: "open", repeat: "none" });

    const open = await tullStaff.data.list("reminders", {
      where: { facilityId: "tull", status: "open" },
      search: title,
    });
    expect(open.items.map((r) => r.id)).toEqual([sooner.id, later.id]);

    const done = await tullStaff.data.update(
      "reminders",
      later.id,
      { dueDate: "2026-04-30", lastDoneOn: "2026-03-30", snoozedUntil: "2026-03-01" },
      1,
    );
    expect(done).toMatchObject({ dueDate: "2026-04-30", lastDoneOn: "2026-03-30", version: 2 });
    const closed = await tullStaff.data.update("reminders", sooner.id, { status: "done" }, 1);
    expect(closed.status).toBe("done");
    expect((await tullStaff.data.list("reminders", { where: { linkId: "tull" }, search: title })).items).toEqual([
      done,
    ]);

    const unlinked = await expectAppError(
      tullStaff.data.create("reminders", { facilityId: "tull", title, dueDate: "2026-02-01", linkType: "staff" }),
      "VALIDATION",
    );
    expect(Object.keys(unlinked.fields ?? {})).toEqual(["linkId"]);
    const notADay = await expectAppError(
      tullStaff.data.create("reminders", { facilityId: "tull", title, dueDate: "2026-02-30" }),
      "VALIDATION",
    );
    expect(Object.keys(notADay.fields ?? {})).toEqual(["dueDate"]);
    await expectAppError(
      tullStaff.data.create("reminders", { facilityId: "newman", title, dueDate: "2026-02-01" }),
      "FORBIDDEN",
    );
    await tullStaff.data.remove("reminders", closed.id, closed.version);
    expect(await tullStaff.data.count("reminders", { search: title })).toBe(1);
  });

  it("keeps one state per derived reminder: the same id twice is CONFLICT; removing it undoes", async () => {
    // A rota reminder's key (the week made unique to this run): a state names a reminder of its home.
    const key = rotaKey("tull", unique("week"));
    const id = reminderStateId("tull", key);
    const snoozed = await tullStaff.data.create(
      "reminderStates",
      { facilityId: "tull", key, state: "snoozed", snoozedUntil: "2026-03-01" },
      { id },
    );
    expect(snoozed).toMatchObject({ id, key, state: "snoozed", snoozedUntil: "2026-03-01", version: 1 });
    await expectAppError(
      tullStaff.data.create(
        "reminderStates",
        { facilityId: "tull", key, state: "snoozed", snoozedUntil: "2026-04-01" },
        { id },
      ),
      "CONFLICT",
    );
    await expectAppError(
      tullStaff.data.create("reminderStates", { facilityId: "tull", key, state: "snoozed" }),
      "VALIDATION",
    );
    const listed = await tullStaff.data.list("reminderStates", { where: { facilityId: "tull", key } });
    expect(listed.items).toEqual([snoozed]);

    await tullStaff.data.remove("reminderStates", id, snoozed.version);
    await expectAppError(tullStaff.data.get("reminderStates", id), "NOT_FOUND");
    const again = await tullStaff.data.create(
      "reminderStates",
      { facilityId: "tull", key, state: "snoozed", snoozedUntil: "2026-04-01" },
      { id },
    );
    expect(again).toMatchObject({ id, state: "snoozed", snoozedUntil: "2026-04-01", version: 1 });
  });

  it("counts a staff member's Live Scan paper as met when their form records the clearance, as the reminders do", async () => {
    // The shipped clearance type (seeded with the defaults, else made here).
    const [seeded] = (await admin.data.list("documentTypes", { where: { id: [CLEARANCE_DOCUMENT_TYPE_ID] } })).items;
    const made = seeded
      ? null
      : await admin.data.create(
          "documentTypes",
          { subject: "staff", name: "Criminal record clearance (Live Scan)", required: true, leadTimeDays: 30 },
          { id: CLEARANCE_DOCUMENT_TYPE_ID },
        );
    const cleared = await admin.data.create(
      "staff",
      staffInput("tull", { hireDate: "2025-01-06", clearanceStatus: "cleared", clearanceDate: "2025-01-02" }),
    );
    const waiting = await admin.data.create("staff", staffInput("tull", { clearanceStatus: "submitted" }));
    const today = "2026-02-20";
    const report = await admin.insights.compliance({ subjectIds: [cleared.id, waiting.id], today });
    const liveScan = (id: string) =>
      report.subjects
        .find((s) => s.subjectId === id)!
        .requirements.find((r) => r.typeId === CLEARANCE_DOCUMENT_TYPE_ID);
    expect(liveScan(cleared.id)).toMatchObject({ status: "complete", clearanceRecorded: true });
    expect(liveScan(waiting.id)).toMatchObject({ status: "missing" });
    expect(liveScan(waiting.id)!.clearanceRecorded).toBeUndefined();
    const reminders = await admin.insights.derivedReminders({ facilityId: "tull", today, limit: 500 });
    const missing = reminders.items.filter(
      (r) => r.kind === "document-missing" && r.key.endsWith(`|${CLEARANCE_DOCUMENT_TYPE_ID}`),
    );
    expect(missing.map((r) => r.link.id)).toContain(waiting.id);
    expect(missing.map((r) => r.link.id)).not.toContain(cleared.id);
    if (made) await admin.data.remove("documentTypes", made.id, made.version);
  });
});
