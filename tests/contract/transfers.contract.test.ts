// DataPort.transfer on every harness: a resident or staff member moves to another home with their
// medical entries, documents (and files), open reminders and reminder states, in one commit; stays and
// rent stay at the old home; the history says "transferred out/in"; access, versions and plain edits.
import { beforeAll, expect, it } from "vitest";
import type { TInputOf, TRecordOf } from "@care/core/registry";
import { reminderStateId } from "@care/core/rules/reminders.rules";
import type { TPorts } from "./harness.ts";
import { expectAppError, runContract, unique } from "./contract-runner.ts";

/** A one-page PDF. */
const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

function residentInput(facilityId: string): TInputOf<"residents"> {
  return {
    facilityId,
    firstName: "Ada",
    lastName: unique("Moves"),
    dateOfBirth: "1940-01-02",
    gender: "female",
    admissionDate: "2025-03-01",
    ambulatoryStatus: "ambulatory",
    codeStatus: "full_code",
  };
}

await runContract("data", (ctx) => {
  let admin: TPorts;
  let tullOnly: TPorts;

  beforeAll(async () => {
    admin = await ctx.signedIn();
    tullOnly = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] }));
  });

  ctx.itUsing(["files"])(
    "carries a resident's medical entries, documents, files, open reminders and states; stays and rent stay",
    async () => {
      const resident = await admin.data.create("residents", residentInput("van-buren"));
      await admin.data.create("residentEvents", {
        residentId: resident.id,
        facilityId: "van-buren",
        type: "admission",
        date: "2025-03-01",
      });
      const diagnosis = await admin.data.create("diagnoses", {
        residentId: resident.id,
        facilityId: "van-buren",
        name: "Type 2 diabetes",
      });
      const file = await admin.files.upload(new Blob([PDF.slice()]), "care-plan.pdf", { facilityId: "van-buren" });
      const document = await admin.data.create("documents", {
        subject: "resident",
        subjectId: resident.id,
        facilityId: "van-buren",
        title: "Care plan",
        fileId: file.id,
        fileName: file.name,
        contentType: file.contentType,
        size: file.size,
      });
      const open = await admin.data.create("reminders", {
        facilityId: "van-buren",
        title: "Podiatry",
        dueDate: "2026-12-01",
        linkType: "resident",
        linkId: resident.id,
      });
      const key = `expiry|${document.id}|2027-01-01`;
      await admin.data.create(
        "reminderStates",
        { facilityId: "van-buren", key, state: "snoozed", snoozedUntil: "2026-12-15" },
        { id: reminderStateId("van-buren", key) },
      );
      const rate = await admin.data.create("rentRates", {
        residentId: resident.id,
        facilityId: "van-buren",
        amountCents: 450_000,
        effectiveFrom: "2025-03-01",
      });

      const result = await admin.data.transfer({
        subject: "resident",
        id: resident.id,
        version: resident.version,
        toFacilityId: "tull",
        date: "2026-05-02",
        reason: "Closer to family",
      });
      expect(result).toMatchObject({
        fromFacilityId: "van-buren",
        toFacilityId: "tull",
        record: { id: resident.id, facilityId: "tull", version: resident.version + 1 },
        carried: { diagnoses: 1, documents: 1, reminders: 1, reminderStates: 1 },
      });

      // The Tull-only user now sees the resident with their records; the rent rate stayed at Van Buren.
      expect((await tullOnly.data.get("residents", resident.id)).facilityId).toBe("tull");
      expect(await tullOnly.data.get("diagnoses", diagnosis.id)).toMatchObject({
        facilityId: "tull",
        name: "Type 2 diabetes",
      });
      expect(await tullOnly.data.get("documents", document.id)).toMatchObject({ facilityId: "tull" });
      expect((await tullOnly.files.describe(file.id)).facilityId).toBe("tull");
      expect(await tullOnly.data.get("reminders", open.id)).toMatchObject({ facilityId: "tull" });
      // A reminder state's id names its home: it is re-filed under Tull's.
      expect(await tullOnly.data.get("reminderStates", reminderStateId("tull", key))).toMatchObject({
        facilityId: "tull",
        key,
        state: "snoozed",
        snoozedUntil: "2026-12-15",
      });
      await expectAppError(admin.data.get("reminderStates", reminderStateId("van-buren", key)), "NOT_FOUND");
      await expectAppError(tullOnly.data.get("rentRates", rate.id), "NOT_FOUND");
      expect(await admin.data.get("rentRates", rate.id)).toMatchObject({ facilityId: "van-buren" });

      const events = await admin.data.list("residentEvents", {
        where: { residentId: resident.id },
        orderBy: { field: "date", direction: "asc" },
      });
      // The two events of the move share its day; their order between themselves is not defined.
      const rows = events.items.map((e) => [e.type, e.facilityId, e.date, e.reason]);
      expect(rows[0]).toEqual(["admission", "van-buren", "2025-03-01", undefined]);
      expect(rows.slice(1)).toHaveLength(2);
      expect(rows.slice(1)).toEqual(
        expect.arrayContaining([
          ["transfer_out", "van-buren", "2026-05-02", "Closer to family"],
          ["transfer_in", "tull", "2026-05-02", "Closer to family"],
        ]),
      );
    },
  );

  it("carries a staff member's documents requirements' states and open reminders", async () => {
    const staff = await admin.data.create("staff", {
      facilityId: "van-buren",
      firstName: "Grace",
      lastName: unique("Hopper"),
      position: "caregiver",
    });
    const done = await admin.data.create("reminders", {
      facilityId: "van-buren",
      title: "Old training",
      dueDate: "2026-01-01",
      linkType: "staff",
      linkId: staff.id,
      status: "done",
    });
    const result = await admin.data.transfer({
      subject: "staff",
      id: staff.id,
      version: staff.version,
      toFacilityId: "tull",
      date: "2026-05-02",
    });
    expect(result.record.facilityId).toBe("tull");
    expect(result.carried).toEqual({});
    expect((await admin.data.get("reminders", done.id)).facilityId).toBe("van-buren");
  });

  it("leaves behind a reminder state the new home already holds for the same reminder", async () => {
    const staff = await admin.data.create("staff", {
      facilityId: "van-buren",
      otherFacilityIds: ["tull"],
      firstName: "Ada",
      lastName: unique("Lovelace"),
      position: "caregiver",
    });
    const key = `missing|staff|${staff.id}|`;
    const state = { key, state: "snoozed" as const, snoozedUntil: "2026-12-15" };
    const left = await admin.data.create("reminderStates", { ...state, facilityId: "van-buren" });
    const held = await admin.data.create("reminderStates", {
      ...state,
      facilityId: "tull",
      snoozedUntil: "2026-11-01",
    });
    const result = await admin.data.transfer({
      subject: "staff",
      id: staff.id,
      version: staff.version,
      toFacilityId: "tull",
      date: "2026-05-02",
    });
    expect(result.carried).toEqual({});
    expect(await admin.data.get("reminderStates", left.id)).toMatchObject({ facilityId: "van-buren", version: 1 });
    expect(await admin.data.get("reminderStates", held.id)).toMatchObject({
      facilityId: "tull",
      snoozedUntil: "2026-11-01",
    });
  });

  it("gives a resident the room and bed named for the move, or none: the old home's numbers stay behind", async () => {
    const named = await admin.data.create("residents", { ...residentInput("tull"), room: "4", bed: "A" });
    const moved = await admin.data.transfer({
      subject: "resident",
      id: named.id,
      version: named.version,
      toFacilityId: "newman",
      date: "2026-05-02",
      room: "12B",
    });
    expect(moved.record).toMatchObject({ facilityId: "newman", room: "12B" });
    expect(moved.record.bed).toBeUndefined();
    const named2 = await admin.data.get("residents", named.id);
    expect(named2).toMatchObject({ facilityId: "newman", room: "12B" });
    expect(named2.bed).toBeUndefined();

    const unnamed = await admin.data.create("residents", { ...residentInput("tull"), room: "4", bed: "A" });
    const result = await admin.data.transfer({
      subject: "resident",
      id: unnamed.id,
      version: unnamed.version,
      toFacilityId: "newman",
      date: "2026-05-02",
    });
    expect(result.record.room).toBeUndefined();
    const stored = await admin.data.get("residents", unnamed.id);
    expect(stored.facilityId).toBe("newman");
    expect(stored.room).toBeUndefined();
    expect(stored.bed).toBeUndefined();

    const staff = await admin.data.create("staff", {
      facilityId: "tull",
      firstName: "Bo",
      lastName: unique("Moves"),
      position: "caregiver",
    });
    const refusal = await expectAppError(
      admin.data.transfer({
        subject: "staff",
        id: staff.id,
        version: staff.version,
        toFacilityId: "newman",
        date: "2026-05-02",
        room: "12B",
      }),
      "VALIDATION",
    );
    expect(refusal.fields).toEqual({ room: "Only a resident has a room" });
    expect((await admin.data.get("staff", staff.id)).facilityId).toBe("tull");
  });

  it("refuses a stale version, the same home, and a home the user cannot see", async () => {
    const resident = await admin.data.create("residents", residentInput("tull"));
    const stale = await expectAppError(
      admin.data.transfer({
        subject: "resident",
        id: resident.id,
        version: 9,
        toFacilityId: "newman",
        date: "2026-05-02",
      }),
      "CONFLICT",
    );
    expect((stale.current as TRecordOf<"residents">).facilityId).toBe("tull");
    const same = await expectAppError(
      admin.data.transfer({
        subject: "resident",
        id: resident.id,
        version: 1,
        toFacilityId: "tull",
        date: "2026-05-02",
      }),
      "VALIDATION",
    );
    expect(same.fields).toEqual({ toFacilityId: "Pick another home" });
    const unseen = await expectAppError(
      tullOnly.data.transfer({
        subject: "resident",
        id: resident.id,
        version: 1,
        toFacilityId: "newman",
        date: "2026-05-02",
      }),
      "NOT_FOUND",
    );
    expect(unseen.fields).toEqual({ toFacilityId: "No such home" });
    // The move is recorded as done: not after today at the new home, not before the admission.
    const future = await expectAppError(
      admin.data.transfer({
        subject: "resident",
        id: resident.id,
        version: 1,
        toFacilityId: "newman",
        date: "2099-01-01",
      }),
      "VALIDATION",
    );
    expect(future.fields?.date).toMatch(/^After today \(\d{4}-\d{2}-\d{2}\) at Newman$/);
    const early = await expectAppError(
      admin.data.transfer({
        subject: "resident",
        id: resident.id,
        version: 1,
        toFacilityId: "newman",
        date: "2025-02-01",
      }),
      "VALIDATION",
    );
    expect(early.fields).toEqual({ date: "Before their admission (2025-03-01)" });
    await expectAppError(
      admin.data.transfer({
        subject: "resident",
        id: resident.id,
        version: 1,
        toFacilityId: "newman",
        date: "someday",
      }),
      "VALIDATION",
    );
    expect((await admin.data.get("residents", resident.id)).facilityId).toBe("tull");
  });

  it("refuses a plain edit that changes a resident's or staff member's home, pointing to the transfer", async () => {
    const resident = await admin.data.create("residents", residentInput("tull"));
    const refusal = await expectAppError(
      admin.data.update("residents", resident.id, { facilityId: "newman" }, resident.version),
      "VALIDATION",
    );
    expect(refusal.fields?.facilityId).toMatch(/Transfer to another home/);
    const staff = await admin.data.create("staff", {
      facilityId: "tull",
      firstName: "Alan",
      lastName: unique("Turing"),
      position: "cook",
    });
    await expectAppError(admin.data.update("staff", staff.id, { facilityId: "newman" }, staff.version), "VALIDATION");
  });
});
