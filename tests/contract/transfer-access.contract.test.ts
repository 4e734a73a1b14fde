// Who may move a person between homes, on every harness: write access to the person's current home
// as well as the destination (seeing a staff member through their other homes is not enough), and to
// every kind of record that goes along; the answer shows only what the mover's role may see; what the
// old home approved stays there (a resident's capacity exception) and a staff member's future shifts
// leave its rota while past ones stay as history.
import { beforeAll, expect, it } from "vitest";
import { permissionsAt } from "@care/core/collections/roles.collection";
import { addDays } from "@care/core/rules/date-only.rules";
import { residentInput } from "../../server/src/test/fixtures.ts";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract, unique } from "./contract-runner.ts";

/** A one-page PDF. */
const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

await runContract("data", (ctx) => {
  let admin: TPorts;
  /** A house manager of the destination only. */
  let destinationManager: TPorts;
  /** A house manager of every home here. */
  let manager: TPorts;
  /** Residents, medical records and staff to change, documents and the rota to read, no rent. */
  let limited: TPorts;
  const source = `src-${RUN}`.toLowerCase();
  const destination = `dst-${RUN}`.toLowerCase();
  const full = `full-${RUN}`.toLowerCase();

  beforeAll(async () => {
    admin = await ctx.signedIn();
    await admin.data.create("facilities", { name: `Source ${RUN}`, timeZone: "America/Los_Angeles" }, { id: source });
    await admin.data.create("facilities", { name: `Destination ${RUN}` }, { id: destination });
    await admin.data.create("facilities", { name: `Full ${RUN}`, licensedCapacity: 1 }, { id: full });
    const role = unique("mover").toLowerCase();
    await admin.data.create(
      "roles",
      {
        name: `Mover ${RUN}`,
        permissions: {
          ...permissionsAt("none"),
          residents: "write",
          medical: "write",
          staff: "write",
          schedules: "read",
          documents: "read",
        },
        // A mover: residents write alone does not move a resident (per-action permissions).
        actions: ["transferResident"],
      },
      { id: role },
    );
    const homes = [source, destination, full];
    destinationManager = await ctx.signedIn(
      await ctx.createUser(admin, { role: "house-manager", facilityIds: [destination] }),
    );
    manager = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: homes }));
    // Every home: a transfer by a user limited to some homes costs the Firestore rules more expressions
    // than a request may evaluate (docs/firebase.md), which is not what these cases are about.
    limited = await ctx.signedIn(await ctx.createUser(admin, { role, facilityIds: null }));
  });

  ctx.itUsing(["files"])(
    "refuses to move a staff member out of a home the mover cannot write, with their papers",
    async () => {
      const floater = await admin.data.create("staff", {
        facilityId: source,
        otherFacilityIds: [destination],
        firstName: "Fran",
        lastName: unique("Floater"),
        position: "caregiver",
      });
      const file = await admin.files.upload(new Blob([PDF.slice()]), "live-scan.pdf", { facilityId: source });
      const paper = await admin.data.create("documents", {
        subject: "staff",
        subjectId: floater.id,
        facilityId: source,
        title: "Live Scan",
        fileId: file.id,
        fileName: file.name,
        contentType: file.contentType,
        size: file.size,
      });
      // Visible at the destination through their other homes, but not theirs to move.
      expect((await destinationManager.data.get("staff", floater.id)).facilityId).toBe(source);
      await expectAppError(
        destinationManager.data.transfer({
          subject: "staff",
          id: floater.id,
          version: floater.version,
          toFacilityId: destination,
          date: "2026-05-02",
        }),
        "FORBIDDEN",
      );
      expect(await admin.data.get("staff", floater.id)).toMatchObject({ facilityId: source, version: 1 });
      expect(await admin.data.get("documents", paper.id)).toMatchObject({ facilityId: source, version: 1 });
      expect((await admin.files.describe(file.id)).facilityId).toBe(source);
      await expectAppError(destinationManager.files.describe(file.id), "NOT_FOUND");
      await expectAppError(destinationManager.files.download(file.id), "NOT_FOUND");

      // Someone who may write at both homes moves them, papers and all.
      const moved = await manager.data.transfer({
        subject: "staff",
        id: floater.id,
        version: floater.version,
        toFacilityId: destination,
        date: "2026-05-02",
      });
      expect(moved).toMatchObject({ record: { facilityId: destination }, carried: { documents: 1 } });
      expect((await destinationManager.files.describe(file.id)).facilityId).toBe(destination);
    },
  );

  it("refuses a move whose records the mover may not change, and moves nothing", async () => {
    const resident = await admin.data.create("residents", residentInput(source, `Papers-${RUN}`));
    const diagnosis = await admin.data.create("diagnoses", {
      residentId: resident.id,
      facilityId: source,
      name: "Hypertension",
    });
    const file = await admin.files.upload(new Blob([PDF.slice()]), "care-plan.pdf", { facilityId: source });
    const plan = await admin.data.create("documents", {
      subject: "resident",
      subjectId: resident.id,
      facilityId: source,
      title: "Care plan",
      fileId: file.id,
      fileName: file.name,
      contentType: file.contentType,
      size: file.size,
    });
    // Documents to read only: their care plan cannot go with them.
    const refusal = await expectAppError(
      limited.data.transfer({
        subject: "resident",
        id: resident.id,
        version: resident.version,
        toFacilityId: destination,
        date: "2026-05-02",
      }),
      "FORBIDDEN",
    );
    expect(refusal.message).toMatch(/document/i);
    expect(await admin.data.get("residents", resident.id)).toMatchObject({ facilityId: source, version: 1 });
    expect(await admin.data.get("diagnoses", diagnosis.id)).toMatchObject({ facilityId: source, version: 1 });
    expect(await admin.data.get("documents", plan.id)).toMatchObject({ facilityId: source, version: 1 });
    expect((await admin.files.describe(file.id)).facilityId).toBe(source);
  });

  it("answers a move without the fields the mover's role hides (the monthly rate)", async () => {
    const resident = await admin.data.create("residents", {
      ...residentInput(source, `Rate-${RUN}`),
      monthlyRateCents: 512_300,
    });
    const moved = await limited.data.transfer({
      subject: "resident",
      id: resident.id,
      version: resident.version,
      toFacilityId: destination,
      date: "2026-05-02",
    });
    expect(moved.record.facilityId).toBe(destination);
    expect(moved.record).not.toHaveProperty("monthlyRateCents");
    expect(await admin.data.get("residents", resident.id)).toMatchObject({ monthlyRateCents: 512_300 });
  });

  it("refuses a move into a full home although the resident holds an exception for their old home", async () => {
    await admin.data.create("residents", residentInput(full, `Resident-${RUN}`));
    const excepted = await admin.data.create("residents", {
      ...residentInput(source, `Excepted-${RUN}`),
      capacityException: `Approved for Source ${RUN}`,
    });
    const error = await expectAppError(
      manager.data.transfer({
        subject: "resident",
        id: excepted.id,
        version: excepted.version,
        toFacilityId: full,
        date: "2026-05-02",
      }),
      "VALIDATION",
    );
    expect(Object.values(error.fields ?? {}).join(" ")).toMatch(/licensed for 1 resident/);
    expect(await admin.data.get("residents", excepted.id)).toMatchObject({ facilityId: source, version: 1 });
  });

  it("moves a resident without the capacity exception of their old home", async () => {
    const excepted = await admin.data.create("residents", {
      ...residentInput(source, `Moved-${RUN}`),
      capacityException: `Approved for Source ${RUN}`,
    });
    // Moved where there is room, by someone who may not approve exceptions: the old one stays behind.
    const moved = await limited.data.transfer({
      subject: "resident",
      id: excepted.id,
      version: excepted.version,
      toFacilityId: destination,
      date: "2026-05-02",
    });
    expect(moved.record).not.toHaveProperty("capacityException");
    expect((await admin.data.get("residents", excepted.id)).capacityException).toBeUndefined();
  });

  it("takes a moved staff member's future shifts off the old home's rota and keeps the past ones", async () => {
    // Cleared: a published shift of someone not cleared would need an override.
    const staff = await admin.data.create("staff", {
      facilityId: source,
      firstName: "Sam",
      lastName: unique("Rota"),
      position: "caregiver",
      clearanceStatus: "cleared",
      clearanceSubmittedDate: "2025-01-01",
      clearanceDate: "2025-02-01",
    });
    const shift = (date: string) => ({
      facilityId: source,
      staffId: staff.id,
      date,
      start: "07:00",
      end: "15:00",
      position: "caregiver" as const,
      published: true,
    });
    const past = await admin.data.create("shifts", shift("2026-05-01"));
    const soon = await admin.data.create("shifts", shift(addDays(new Date().toISOString().slice(0, 10), 7)));
    // Moving a staff member changes the old home's rota: it needs schedule write.
    await expectAppError(
      limited.data.transfer({
        subject: "staff",
        id: staff.id,
        version: staff.version,
        toFacilityId: destination,
        date: "2026-05-02",
      }),
      "FORBIDDEN",
    );
    expect(await admin.data.get("shifts", soon.id)).toMatchObject({ facilityId: source });
    await manager.data.transfer({
      subject: "staff",
      id: staff.id,
      version: staff.version,
      toFacilityId: destination,
      date: "2026-05-02",
    });
    await expectAppError(admin.data.get("shifts", soon.id), "NOT_FOUND");
    expect(await admin.data.get("shifts", past.id)).toMatchObject({ facilityId: source, staffId: staff.id });
    const rota = await manager.data.list("shifts", { where: { facilityId: source, staffId: staff.id } });
    expect(rota.items.map((item) => item.id)).toEqual([past.id]);
  });
});
