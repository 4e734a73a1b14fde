// DataPort contract for the residents area (residents, medical entries, rent): the same cases against
// every harness (see contract-runner.ts).
import { beforeAll, expect, it } from "vitest";
import type { TInputOf, TRecordOf } from "@care/core/registry";
import type { TPorts } from "./harness.ts";
import { expectAppError, RUN, runContract, unique } from "./contract-runner.ts";

function residentInput(facilityId: string, overrides: Partial<TInputOf<"residents">> = {}): TInputOf<"residents"> {
  return {
    facilityId,
    firstName: "Ada",
    lastName: unique("Lovelace"),
    dateOfBirth: "1941-05-02",
    gender: "female",
    admissionDate: "2024-03-01",
    ambulatoryStatus: "ambulatory",
    codeStatus: "full_code",
    emergencyContacts: [{ name: "Byron King", relationship: "son", phone: "(559) 555-0101", powerOfAttorney: true }],
    ...overrides,
  };
}

await runContract("data", (ctx) => {
  let admin: TPorts;
  let tullStaff: TPorts;
  let tullResident: TRecordOf<"residents">;
  let newmanResident: TRecordOf<"residents">;

  beforeAll(async () => {
    admin = await ctx.signedIn();
    const account = await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] });
    tullStaff = await ctx.signedIn(account);
    tullResident = await admin.data.create("residents", residentInput("tull", { lastName: `Tullson-${RUN}` }));
    newmanResident = await admin.data.create("residents", residentInput("newman", { lastName: `Newmark-${RUN}` }));
  });

  it("creates a resident with defaults, emergency contacts and metadata, and gets it back unchanged", async () => {
    expect(tullResident).toMatchObject({
      facilityId: "tull",
      status: "active",
      version: 1,
      archivedAt: null,
      emergencyContacts: [
        {
          name: "Byron King",
          relationship: "son",
          phone: "(559) 555-0101",
          responsibleParty: false,
          powerOfAttorney: true,
        },
      ],
    });
    expect(await admin.data.get("residents", tullResident.id)).toEqual(tullResident);
  });

  it("lists residents by facility and status, and finds them by name", async () => {
    const onLeave = await admin.data.create(
      "residents",
      residentInput("tull", { status: "on_leave", statusDate: "2024-06-01", lastName: `Away-${RUN}` }),
    );
    const tull = await admin.data.list("residents", { where: { facilityId: "tull" }, limit: 500 });
    const tullIds = tull.items.map((r) => r.id);
    expect(tullIds).toEqual(expect.arrayContaining([tullResident.id, onLeave.id]));
    expect(tullIds).not.toContain(newmanResident.id);
    expect(tull.items.every((r) => r.facilityId === "tull")).toBe(true);
    const names = tull.items.map((r) => r.lastName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const leave = await admin.data.list("residents", { where: { facilityId: "tull", status: "on_leave" } });
    expect(leave.items.map((r) => r.id)).toEqual([onLeave.id]);
    expect(await admin.data.count("residents", { where: { facilityId: "tull", status: "active" } })).toBe(1);

    const found = await admin.data.list("residents", { search: `tullson-${RUN}` });
    expect(found.items.map((r) => r.id)).toEqual([tullResident.id]);
  });

  it("refuses invalid residents with VALIDATION naming each field (admission before birth)", async () => {
    const error = await expectAppError(
      admin.data.create(
        "residents",
        residentInput("tull", { firstName: "", dateOfBirth: "1950-01-01", admissionDate: "1949-12-31" }),
      ),
      "VALIDATION",
    );
    expect(error.fields).toMatchObject({
      firstName: "Required",
      admissionDate: "Admission cannot be before the date of birth",
    });
    const discharged = await expectAppError(
      admin.data.update("residents", tullResident.id, { status: "discharged" }, tullResident.version),
      "VALIDATION",
    );
    expect(Object.keys(discharged.fields ?? {})).toContain("dischargeDate");
  });

  it("refuses a stale resident edit with CONFLICT carrying the newer record", async () => {
    const resident = await admin.data.create("residents", residentInput("tull"));
    const updated = await admin.data.update("residents", resident.id, { room: "12" }, 1);
    const error = await expectAppError(admin.data.update("residents", resident.id, { room: "14" }, 1), "CONFLICT");
    expect(error.current).toEqual(updated);
  });

  it("null in a patch clears an optional field; null on a required field is VALIDATION", async () => {
    const resident = await admin.data.create(
      "residents",
      residentInput("tull", {
        room: "3",
        monthlyRateCents: 420_000,
        status: "discharged",
        statusDate: "2025-01-31",
        dischargeDate: "2025-01-31",
      }),
    );
    const readmitted = await admin.data.update(
      "residents",
      resident.id,
      { status: "active", admissionDate: "2025-03-01", dischargeDate: null, monthlyRateCents: null, room: null },
      resident.version,
    );
    expect(readmitted).toMatchObject({ status: "active", admissionDate: "2025-03-01", version: 2 });
    for (const field of ["dischargeDate", "monthlyRateCents", "room"]) expect(readmitted).not.toHaveProperty(field);
    expect(await admin.data.get("residents", resident.id)).toEqual(readmitted);

    await expectAppError(admin.data.update("residents", resident.id, { lastName: null } as never, 2), "VALIDATION");
    expect((await admin.data.get("residents", resident.id)).version).toBe(2);
  });

  it("commits a resident with a client-chosen id and its admission event together; the id again is CONFLICT", async () => {
    const id = crypto.randomUUID();
    const data = residentInput("tull");
    const admission = { residentId: id, facilityId: "tull", type: "admission" as const, date: data.admissionDate };
    const ops = [
      { op: "create" as const, collection: "residents" as const, id, data },
      { op: "create" as const, collection: "residentEvents" as const, data: admission },
    ];
    await admin.data.commit(ops);
    expect(await admin.data.get("residents", id)).toMatchObject({ id, lastName: data.lastName, version: 1 });
    const events = await admin.data.list("residentEvents", { where: { residentId: id } });
    expect(events.items).toMatchObject([admission]);

    await expectAppError(admin.data.commit(ops), "CONFLICT");
    expect(await admin.data.count("residentEvents", { where: { residentId: id } })).toBe(1);
    await expectAppError(admin.data.create("residents", data, { id: "not an id!" }), "VALIDATION");
  });

  it("takes only a random UUID as a resident's client id, so no id can be pre-taken or probed across homes", async () => {
    const data = residentInput("tull");
    for (const id of ["tull-resident-1", "00000000-0000-0000-0000-000000000000", crypto.randomUUID().toUpperCase()]) {
      const error = await expectAppError(admin.data.create("residents", data, { id }), "VALIDATION");
      expect(error.fields).toEqual({ id: "Leave the id out, or use a random UUID (crypto.randomUUID())" });
    }
    const id = crypto.randomUUID();
    expect((await admin.data.create("residents", data, { id })).id).toBe(id);
  });

  it("lets a one-home user admit a resident under an id of their own; an id taken in another home is not confirmed", async () => {
    const id = crypto.randomUUID();
    const created = await tullStaff.data.create("residents", residentInput("tull"), { id });
    expect(created).toMatchObject({ id, facilityId: "tull", version: 1 });
    expect(await tullStaff.data.get("residents", id)).toEqual(created);
    // Their own id again (a retry): CONFLICT, the record is theirs to see.
    await expectAppError(tullStaff.data.create("residents", residentInput("tull"), { id }), "CONFLICT");
    // A Newman resident is out of their reach: its id is not theirs to take, and the refusal is the one
    // an invalid id gets, as GET answers NOT_FOUND, so nothing confirms that the record exists.
    const taken = await admin.data.create("residents", residentInput("newman"), { id: crypto.randomUUID() });
    const create = (id: string) => tullStaff.data.create("residents", residentInput("tull"), { id });
    const commit = (id: string) =>
      tullStaff.data.commit([{ op: "create", collection: "residents", id, data: residentInput("tull") }]);
    for (const write of [create, commit]) {
      const invalid = await expectAppError(write("not-a-uuid"), "VALIDATION");
      const refused = await expectAppError(write(taken.id), "VALIDATION");
      expect({ message: refused.message, fields: refused.fields }).toEqual({
        message: invalid.message,
        fields: invalid.fields,
      });
    }
    await expectAppError(tullStaff.data.get("residents", taken.id), "NOT_FOUND");
  });

  it("round-trips each kind of medical entry", async () => {
    const link = { residentId: tullResident.id, facilityId: "tull" };
    const vitals = await admin.data.create("vitals", {
      ...link,
      recordedAt: "2025-02-03T08:30:00.000Z",
      systolic: 128,
      diastolic: 82,
      pulse: 71,
      temperatureF: 98.6,
      weightLb: 142.5,
      recordedBy: "Nurse Joy",
    });
    expect(vitals).toMatchObject({
      ...link,
      recordedAt: "2025-02-03T08:30:00.000Z",
      temperatureF: 98.6,
      weightLb: 142.5,
    });
    expect(await admin.data.get("vitals", vitals.id)).toEqual(vitals);

    const medication = await admin.data.create("medications", {
      ...link,
      name: "Metformin",
      dose: "500 mg",
      route: "oral",
      frequency: "twice daily",
      startDate: "2025-01-01",
    });
    expect(medication).toMatchObject({ asNeeded: false, route: "oral", startDate: "2025-01-01" });
    const stopped = await admin.data.update("medications", medication.id, { stopDate: "2025-03-01" }, 1);
    expect(stopped).toMatchObject({ stopDate: "2025-03-01", version: 2 });
    const badStop = await expectAppError(
      admin.data.update("medications", medication.id, { stopDate: "2024-12-31" }, 2),
      "VALIDATION",
    );
    expect(Object.keys(badStop.fields ?? {})).toContain("stopDate");

    const allergy = await admin.data.create("allergies", { ...link, allergen: "Penicillin", severity: "severe" });
    const diagnosis = await admin.data.create("diagnoses", { ...link, name: "Type 2 diabetes", icd10: "E11.9" });
    const incident = await admin.data.create("incidents", {
      ...link,
      occurredAt: "2025-02-10T22:15:00.000Z",
      type: "fall",
      description: "Found on the floor beside the bed, no injury.",
    });
    const appointment = await admin.data.create("appointments", {
      ...link,
      at: "2025-03-04T15:00:00.000Z",
      provider: "Dr. Patel",
    });
    expect(allergy).toMatchObject({ allergen: "Penicillin", severity: "severe" });
    expect(diagnosis).toMatchObject({ active: true, icd10: "E11.9" });
    expect(incident).toMatchObject({ reportFiled: false, occurredAt: "2025-02-10T22:15:00.000Z" });
    expect(appointment).toMatchObject({ status: "scheduled", at: "2025-03-04T15:00:00.000Z" });

    const meds = await admin.data.list("medications", { where: { residentId: tullResident.id } });
    expect(meds.items).toEqual([stopped]);
    const vitalsPage = await tullStaff.data.list("vitals", { where: { residentId: tullResident.id } });
    expect(vitalsPage.items).toEqual([vitals]);
  });

  it("applies a payment with the other writes of its commit, or none of them; the backend keeps the account", async () => {
    const residentId = tullResident.id;
    const chargeId = `rent-${residentId}-2025-01`;
    await admin.data.commit([
      {
        op: "create",
        collection: "rentCharges",
        id: chargeId,
        data: {
          residentId,
          facilityId: "tull",
          month: "2025-01",
          amountCents: 350_000,
          periodStart: "2025-01-01",
          periodEnd: "2025-01-31",
          dueDate: "2025-01-01",
          description: "Rent January 2025",
        },
      },
    ]);
    const account = await admin.data.get("rentAccounts", residentId);
    expect(account).toMatchObject({ balanceCents: 350_000, oldestUnpaidDueDate: "2025-01-01" });

    const payment = {
      residentId,
      facilityId: "tull",
      receivedOn: "2025-01-05",
      amountCents: 100_000,
      method: "check" as const,
      reference: "1042",
    };
    // A stale version elsewhere in the commit fails all of it: no payment is stored.
    await expectAppError(
      admin.data.commit([
        { op: "create", collection: "payments", data: payment },
        { op: "update", collection: "rentCharges", id: chargeId, version: 99, patch: { description: "Rent" } },
      ]),
      "CONFLICT",
    );
    expect((await admin.data.list("payments", { where: { residentId } })).items).toEqual([]);
    // A commit that would set the account itself is refused whole.
    await expectAppError(
      admin.data.commit([
        { op: "create", collection: "payments", data: payment },
        {
          op: "update",
          collection: "rentAccounts",
          id: residentId,
          version: account.version,
          patch: { paidCents: 100_000, balanceCents: 0 },
        },
      ]),
      "FORBIDDEN",
    );
    expect((await admin.data.list("payments", { where: { residentId } })).items).toEqual([]);

    await admin.data.commit([{ op: "create", collection: "payments", data: payment }]);
    const payments = await admin.data.list("payments", { where: { residentId } });
    expect(payments.items).toHaveLength(1);
    expect(payments.items[0]).toMatchObject({ amountCents: 100_000, method: "check", reference: "1042" });
    expect(await admin.data.get("rentAccounts", residentId)).toMatchObject({
      paidCents: 100_000,
      balanceCents: 250_000,
      version: account.version + 1,
    });
  });

  it("refuses to generate the same month's rent charge twice (CONFLICT on the deterministic id)", async () => {
    const residentId = tullResident.id;
    const charge = {
      residentId,
      facilityId: "tull",
      month: "2025-02",
      amountCents: 350_000,
      periodStart: "2025-02-01",
      periodEnd: "2025-02-28",
      dueDate: "2025-02-01",
      description: "Rent February 2025",
    };
    const id = `rent-${residentId}-2025-02`;
    await admin.data.create("rentCharges", charge, { id });
    await expectAppError(admin.data.create("rentCharges", charge, { id }), "CONFLICT");
    await expectAppError(
      admin.data.commit([{ op: "create", collection: "rentCharges", id, data: charge }]),
      "CONFLICT",
    );
    expect(await admin.data.count("rentCharges", { where: { residentId, month: "2025-02" } })).toBe(1);
  });

  it("vitals: oxygen saturation, respiration, glucose and pain within bounds; recorded by the caller, not by what is typed", async () => {
    const link = { residentId: tullResident.id, facilityId: "tull" };
    const taken = { ...link, recordedAt: "2025-02-05T08:00:00.000Z" };
    for (const [field, value, message] of [
      ["oxygenSaturation", 101, "Oxygen saturation must be between 50 and 100"],
      ["respirationRate", 2, "Respiration rate must be between 4 and 60"],
      ["bloodGlucose", 900, "Blood glucose must be between 20 and 600"],
      ["pain", 11, "Pain must be between 0 and 10"],
      ["pain", 2.5, "Pain must be a whole number"],
    ] as const) {
      const error = await expectAppError(admin.data.create("vitals", { ...taken, [field]: value }), "VALIDATION");
      expect(error.fields).toEqual({ [field]: message });
    }
    const me = admin.auth.current()!;
    const entry = await admin.data.create("vitals", {
      ...taken,
      oxygenSaturation: 96,
      respirationRate: 16,
      bloodGlucose: 110,
      pain: 0,
      recordedBy: "Someone else",
      recordedByUserId: "someone-else",
    });
    expect(entry).toMatchObject({
      oxygenSaturation: 96,
      respirationRate: 16,
      bloodGlucose: 110,
      pain: 0,
      recordedBy: me.displayName || me.email,
      recordedByUserId: me.id,
    });
    // Another user's edit keeps who recorded it.
    const edited = await tullStaff.data.update("vitals", entry.id, { pain: 3, recordedBy: "Me" }, entry.version);
    expect(edited).toMatchObject({ pain: 3, recordedBy: me.displayName || me.email, recordedByUserId: me.id });
  });

  it("hides newman's residents, vitals and payments from a user limited to tull", async () => {
    const link = { residentId: newmanResident.id, facilityId: "newman" };
    const vitals = await admin.data.create("vitals", {
      ...link,
      recordedAt: "2025-02-03T09:00:00.000Z",
      pulse: 64,
      recordedBy: "Nurse Joy",
    });
    const payment = await admin.data.create("payments", {
      ...link,
      receivedOn: "2025-02-01",
      amountCents: 5_000,
      method: "cash",
    });
    await expectAppError(tullStaff.data.get("residents", newmanResident.id), "NOT_FOUND");
    await expectAppError(tullStaff.data.get("vitals", vitals.id), "NOT_FOUND");
    await expectAppError(tullStaff.data.get("payments", payment.id), "NOT_FOUND");
    const residents = await tullStaff.data.list("residents", { limit: 500 });
    expect(residents.items.map((r) => r.id)).toContain(tullResident.id);
    expect(residents.items.every((r) => r.facilityId === "tull")).toBe(true);
    expect(await tullStaff.data.count("residents", { where: { facilityId: "newman" } })).toBe(0);
    expect((await tullStaff.data.list("vitals", { where: { residentId: newmanResident.id } })).items).toEqual([]);
    expect((await tullStaff.data.list("payments", { where: { facilityId: "newman" } })).items).toEqual([]);
    await expectAppError(
      tullStaff.data.create("vitals", { ...link, recordedAt: "2025-02-04T09:00:00.000Z", pulse: 60, recordedBy: "X" }),
      "FORBIDDEN",
    );
  });

  /** Runs `list` as Tull's staff and expects exactly one new audit row of `action` on `collection`, naming the resident. */
  async function expectOneListRow(
    action: "view" | "export",
    collection: "allergies" | "payments",
    list: () => Promise<unknown>,
  ) {
    const where = { where: { action, collection } } as const;
    const before = await admin.data.count("auditLog", where);
    await list();
    const rows = await admin.data.list("auditLog", { ...where, limit: 500 });
    expect(rows.items).toHaveLength(before + 1);
    expect(rows.items[0]).toMatchObject({
      actorId: tullStaff.auth.current()!.id,
      facilityId: "tull",
      recordId: null,
      summary: `list residentId=${tullResident.id}`,
    });
    return before + 1;
  }

  it("writes one view audit row per list of medical entries, naming the filter", async () => {
    const residentId = tullResident.id;
    await expectOneListRow("view", "allergies", () => tullStaff.data.list("allergies", { where: { residentId } }));
    // Collections without auditViews write no view rows for lists.
    await admin.data.list("payments", { where: { residentId } });
    expect(await admin.data.count("auditLog", { where: { action: "view", collection: "payments" } })).toBe(0);
  });

  it("lists records by id in one request, only those the user may see; ids must be strings", async () => {
    const ids = [tullResident.id, newmanResident.id, "no-such-resident"];
    const query = { where: { id: ids }, includeArchived: true, limit: 30 } as const;
    const byAdmin = await admin.data.list("residents", query);
    expect(byAdmin.items.map((r) => r.id).sort()).toEqual([tullResident.id, newmanResident.id].sort());
    expect((await tullStaff.data.list("residents", query)).items.map((r) => r.id)).toEqual([tullResident.id]);
    expect((await admin.data.list("facilities", { where: { id: "tull" } })).items.map((f) => f.name)).toHaveLength(1);
    await expectAppError(admin.data.list("residents", { where: { id: [1] } }), "VALIDATION");
  });

  it("answers a list read for names (the audit log naming its rows) with names only, and audits no view", async () => {
    const actorId = tullStaff.auth.current()!.id;
    const views = () => admin.data.count("auditLog", { where: { action: "view", actorId } });
    const before = await views();
    const [named] = (
      await tullStaff.data.list("residents", {
        where: { id: [tullResident.id] },
        includeArchived: true,
        limit: 1,
        purpose: "names",
      })
    ).items;
    expect(named).toEqual({
      id: tullResident.id,
      firstName: tullResident.firstName,
      lastName: tullResident.lastName,
      preferredName: tullResident.preferredName,
      archivedAt: tullResident.archivedAt,
    });
    expect(await views()).toBe(before);
    // The same list read for the screen is a view.
    await tullStaff.data.list("residents", { where: { facilityId: "tull" } });
    expect(await views()).toBe(before + 1);
  });

  it("writes one view row for one look at a resident: the lists of their entries read after it write none", async () => {
    const resident = await admin.data.create("residents", residentInput("tull", { lastName: `Looked-${RUN}` }));
    const residentId = resident.id;
    const actorId = tullStaff.auth.current()!.id;
    const views = () => admin.data.list("auditLog", { where: { action: "view", actorId }, limit: 500 });
    const before = (await views()).items.length;
    // What the face sheet and its Documents tab read.
    await tullStaff.data.get("residents", residentId);
    await tullStaff.data.list("allergies", { where: { residentId } });
    await tullStaff.data.list("diagnoses", { where: { residentId } });
    await tullStaff.data.list("medications", { where: { residentId } });
    await tullStaff.data.list("documents", { where: { subject: "resident", subjectId: residentId } });
    const after = await views();
    expect(after.items).toHaveLength(before + 1);
    expect(after.items[0]).toMatchObject({ collection: "residents", recordId: residentId, facilityId: "tull" });
    // A list not tied to the viewed resident still writes its own row.
    await tullStaff.data.list("allergies", { where: { facilityId: "tull" } });
    expect((await views()).items).toHaveLength(before + 2);
  });

  it("audits every page read for a CSV export as an export, on collections that audit no views too", async () => {
    const residentId = tullResident.id;
    const count = await expectOneListRow("export", "payments", () =>
      tullStaff.data.list("payments", { where: { residentId }, purpose: "export" }),
    );
    // A page read for the screen is no export.
    await tullStaff.data.list("payments", { where: { residentId } });
    expect(await admin.data.count("auditLog", { where: { action: "export", collection: "payments" } })).toBe(count);
  });
});
