// DataPort contract for the links collections declare between records (`links` in each collection's
// definition, checked by `checkLinks` of @care/core/rules/links.rules): for every declared link, a record
// naming a missing target is refused with the field's message, one naming a target of another facility
// is refused, and a valid one is accepted — the same on every harness (see contract-runner.ts).
import { beforeAll, describe, expect, it } from "vitest";
import type { TCollectionName, TInputOf, TRecordOf } from "@care/core/registry";
import { expiryKey, missingKey, reminderStateId, rentKey, rotaKey } from "@care/core/rules/reminders.rules";
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
    lastName: unique("Linked"),
    dateOfBirth: "1940-01-01",
    gender: "female",
    admissionDate: "2024-01-01",
    ambulatoryStatus: "ambulatory",
    codeStatus: "full_code",
  };
}

type TResidentChild =
  | "residentEvents"
  | "diagnoses"
  | "allergies"
  | "medications"
  | "vitals"
  | "incidents"
  | "appointments"
  | "rentRates"
  | "rentCharges"
  | "payments";

/** The fields of a valid record of each collection that names a resident, besides the resident and facility. */
const CHILD_FIELDS: { [N in TResidentChild]: Omit<TInputOf<N>, "residentId" | "facilityId"> } = {
  residentEvents: { type: "admission", date: "2024-01-01" },
  diagnoses: { name: "Asthma" },
  allergies: { allergen: "Latex" },
  medications: { name: "Metformin", dose: "500 mg", route: "oral", frequency: "daily" },
  vitals: { recordedAt: "2025-01-02T08:00:00.000Z", pulse: 70, recordedBy: "Nurse Joy" },
  incidents: { occurredAt: "2025-01-02T08:00:00.000Z", type: "fall", description: "Slipped in the hall." },
  appointments: { at: "2025-01-03T15:00:00.000Z", provider: "Dr. Patel" },
  rentRates: { amountCents: 350_000, effectiveFrom: "2025-01-01" },
  rentCharges: {
    month: "2025-01",
    amountCents: 350_000,
    periodStart: "2025-01-01",
    periodEnd: "2025-01-31",
    dueDate: "2025-01-01",
    description: "Rent January 2025",
  },
  payments: { receivedOn: "2025-01-05", amountCents: 1_000, method: "cash" },
};

await runContract("data", (ctx) => {
  let admin: TPorts;
  let tullStaff: TPorts;
  let tullResident: TRecordOf<"residents">;
  let newmanResident: TRecordOf<"residents">;
  let tullMember: TRecordOf<"staff">;
  let newmanMember: TRecordOf<"staff">;
  let typeId: string;
  const nowhere = unique("nowhere");

  beforeAll(async () => {
    admin = await ctx.signedIn();
    tullStaff = await ctx.signedIn(await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] }));
    tullResident = await admin.data.create("residents", residentInput("tull"));
    newmanResident = await admin.data.create("residents", residentInput("newman"));
    const member = { firstName: "Grace", position: "caregiver" } as const;
    tullMember = await admin.data.create("staff", { ...member, facilityId: "tull", lastName: unique("Tull") });
    newmanMember = await admin.data.create("staff", { ...member, facilityId: "newman", lastName: unique("Newman") });
    typeId = unique("type");
    // Applies to newman only, yet a document type belongs to the whole group.
    await admin.data.create(
      "documentTypes",
      { subject: "resident", name: "Photo", facilityIds: ["newman"] },
      { id: typeId },
    );
  });

  /** Expects `write` to be refused with exactly these field messages. */
  async function refused(write: Promise<unknown>, fields: Record<string, string>): Promise<void> {
    const error = await expectAppError(write, "VALIDATION");
    expect(error.fields).toEqual(fields);
  }

  describe("facilityId → facilities", () => {
    it("residents: a facility that does not exist is refused; an existing one accepted", async () => {
      await refused(admin.data.create("residents", residentInput(nowhere)), { facilityId: "No such facility" });
      expect(await admin.data.create("residents", residentInput("ashwood"))).toMatchObject({ facilityId: "ashwood" });
    });

    it("staff: a facility that does not exist is refused; an existing one accepted", async () => {
      const member = { firstName: "Ida", lastName: unique("Home"), position: "cook" } as const;
      await refused(admin.data.create("staff", { ...member, facilityId: nowhere }), { facilityId: "No such facility" });
      expect(await admin.data.create("staff", { ...member, facilityId: "tull" })).toMatchObject({ facilityId: "tull" });
    });

    it("reminders: a facility that does not exist is refused; an existing one accepted", async () => {
      const reminder = { title: unique("Fire drill"), dueDate: "2026-01-05" };
      await refused(admin.data.create("reminders", { ...reminder, facilityId: nowhere }), {
        facilityId: "No such facility",
      });
      expect(await admin.data.create("reminders", { ...reminder, facilityId: "tull" })).toMatchObject(reminder);
    });

    it("reminderStates: a facility that does not exist is refused; an existing one accepted", async () => {
      // A rota reminder's state (its key names its own home, as every state's must).
      const week = unique("week");
      const state = { state: "snoozed", snoozedUntil: "2026-03-01" } as const;
      await refused(
        admin.data.create("reminderStates", { ...state, key: rotaKey(nowhere, week), facilityId: nowhere }),
        {
          facilityId: "No such facility",
        },
      );
      const key = rotaKey("tull", week);
      expect(await admin.data.create("reminderStates", { ...state, key, facilityId: "tull" })).toMatchObject({
        ...state,
        key,
      });
    });
  });

  describe("ids derived from the fields they stand for", () => {
    it("a rent charge's id is rent-<resident>-<month>: derived when left out, refused when another", async () => {
      const fields = { ...CHILD_FIELDS.rentCharges, month: "2024-07", residentId: tullResident.id, facilityId: "tull" };
      await refused(admin.data.create("rentCharges", fields, { id: unique("my-own-id") }), {
        id: `The id follows from residentId and month: leave it out or use rent-${tullResident.id}-2024-07`,
      });
      expect((await admin.data.create("rentCharges", fields)).id).toBe(`rent-${tullResident.id}-2024-07`);
      const again = await expectAppError(admin.data.create("rentCharges", fields), "CONFLICT");
      expect(Object.keys(again.fields ?? {})).toEqual(["id"]);
    });

    it("a reminder state's id follows from its home and key: another home's id is refused", async () => {
      const week = unique("week");
      const key = rotaKey("tull", week);
      const state = { key, state: "snoozed" as const, snoozedUntil: "2099-01-01", facilityId: "tull" };
      await refused(admin.data.create("reminderStates", state, { id: unique("pretaken") }), {
        id: `The id follows from facilityId and key: leave it out or use ${reminderStateId("tull", key)}`,
      });
      await refused(admin.data.create("reminderStates", state, { id: reminderStateId("newman", key) }), {
        id: `The id follows from facilityId and key: leave it out or use ${reminderStateId("tull", key)}`,
      });
      expect((await admin.data.create("reminderStates", state)).id).toBe(reminderStateId("tull", key));
      // The same week's rota reminder settled at another home is that home's own state.
      const newmanKey = rotaKey("newman", week);
      const other = await admin.data.create("reminderStates", { ...state, key: newmanKey, facilityId: "newman" });
      expect(other.id).toBe(reminderStateId("newman", newmanKey));
    });

    it("another home's rent charge answers a limited user exactly as a charge for no resident at all", async () => {
      const fields = { ...CHILD_FIELDS.rentCharges, month: "2024-08", facilityId: "tull" };
      await admin.data.create("rentCharges", { ...fields, residentId: newmanResident.id, facilityId: "newman" });
      const taken = await expectAppError(
        tullStaff.data.create("rentCharges", { ...fields, residentId: newmanResident.id }),
        "VALIDATION",
      );
      const free = await expectAppError(
        tullStaff.data.create("rentCharges", { ...fields, residentId: unique("no-one") }),
        "VALIDATION",
      );
      expect(taken.fields).toEqual({ residentId: "No such resident" });
      expect(free.fields).toEqual(taken.fields);
      await expectAppError(tullStaff.data.get("rentCharges", `rent-${newmanResident.id}-2024-08`), "NOT_FOUND");
    });
  });

  describe("residentId → residents (same facility)", () => {
    for (const collection of Object.keys(CHILD_FIELDS) as TResidentChild[]) {
      it(`${collection}: a missing resident, or one of another facility, is refused; the resident's own accepted`, async () => {
        const fields = CHILD_FIELDS[collection];
        const create = (residentId: string, facilityId: string) =>
          admin.data.create(collection as TCollectionName, { ...fields, residentId, facilityId } as never);
        await refused(create(unique("no-one"), "tull"), { residentId: "No such resident" });
        await refused(create(newmanResident.id, "tull"), { facilityId: "Must be the resident's facility" });
        expect(await create(tullResident.id, "tull")).toMatchObject({
          residentId: tullResident.id,
          facilityId: "tull",
        });
      });
    }

    it("a resident beyond the user's facilities is no such resident for them", async () => {
      await refused(
        tullStaff.data.create("allergies", { residentId: newmanResident.id, facilityId: "tull", allergen: "Dust" }),
        { residentId: "No such resident" },
      );
    });

    it("an edit moving an entry away from its resident's facility is refused; one keeping it is accepted", async () => {
      const allergy = await admin.data.create("allergies", {
        residentId: tullResident.id,
        facilityId: "tull",
        allergen: "Pollen",
      });
      await refused(admin.data.update("allergies", allergy.id, { facilityId: "newman" }, allergy.version), {
        facilityId: "Must be the resident's facility",
      });
      const kept = await admin.data.update("allergies", allergy.id, { reaction: "Sneezing" }, allergy.version);
      expect(kept).toMatchObject({ reaction: "Sneezing", version: allergy.version + 1 });
    });
  });

  describe("a document's links", () => {
    /** Uploads a PDF to `facilityId` and returns the document fields naming it. */
    async function uploaded(facilityId: string) {
      const file = await admin.files.upload(new Blob([PDF.slice()]), "report.pdf", { facilityId });
      return { fileId: file.id, fileName: file.name, contentType: file.contentType, size: file.size };
    }
    async function documentInput(overrides: Partial<TInputOf<"documents">> = {}): Promise<TInputOf<"documents">> {
      return {
        subject: "resident",
        subjectId: tullResident.id,
        facilityId: "tull",
        title: "Report",
        ...(await uploaded(overrides.facilityId ?? "tull")),
        ...overrides,
      };
    }

    ctx.itUsing(["files"])(
      "fileId → files: a missing file, another facility's, or one described untruly is refused",
      async () => {
        await refused(admin.data.create("documents", await documentInput({ fileId: unique("no-file") })), {
          fileId: "No such file",
        });
        await refused(admin.data.create("documents", { ...(await documentInput()), ...(await uploaded("newman")) }), {
          fileId: "The file belongs to another facility; upload it again for this one",
        });
        const valid = await documentInput();
        await refused(admin.data.create("documents", { ...valid, size: valid.size + 1 }), {
          fileId: "The size given is not the uploaded file's",
        });
        await refused(admin.data.create("documents", { ...valid, contentType: "image/png" }), {
          fileId: "The type given is not the uploaded file's",
        });
        expect(await admin.data.create("documents", valid)).toMatchObject({ fileId: valid.fileId });
      },
    );

    ctx.itUsing(["files"])(
      "a file a document names cannot be removed (CONFLICT), also after the document is archived",
      async () => {
        const document = await admin.data.create("documents", await documentInput());
        const refusal = await expectAppError(admin.files.remove(document.fileId), "CONFLICT");
        expect(refusal.message).toContain("document");
        await admin.data.remove("documents", document.id, document.version);
        await expectAppError(admin.files.remove(document.fileId), "CONFLICT");
        expect((await admin.files.describe(document.fileId)).id).toBe(document.fileId);
        const unused = await uploaded("tull");
        await admin.files.remove(unused.fileId);
      },
    );

    ctx.itUsing(["files"])(
      "subjectId → residents, staff or facilities by subject: missing or of another facility is refused",
      async () => {
        const about = (subject: "resident" | "staff" | "facility", subjectId: string) =>
          documentInput({ subject, subjectId });
        await refused(admin.data.create("documents", await about("resident", unique("no-one"))), {
          subjectId: "No such resident",
        });
        await refused(admin.data.create("documents", await about("resident", newmanResident.id)), {
          facilityId: "Must be the resident's facility",
        });
        await refused(admin.data.create("documents", await about("staff", unique("no-one"))), {
          subjectId: "No such staff member",
        });
        await refused(admin.data.create("documents", await about("staff", newmanMember.id)), {
          facilityId: "Must be a home the staff member works at",
        });
        await refused(admin.data.create("documents", await about("facility", nowhere)), {
          subjectId: "No such facility",
        });
        await refused(admin.data.create("documents", await about("facility", "newman")), {
          facilityId: "Must be that facility",
        });
        for (const [subject, subjectId] of [
          ["resident", tullResident.id],
          ["staff", tullMember.id],
          ["facility", "tull"],
        ] as const) {
          expect(await admin.data.create("documents", await about(subject, subjectId))).toMatchObject({ subjectId });
        }
      },
    );

    ctx.itUsing(["files"])(
      "typeId → documentTypes (group-wide): a missing type is refused; any facility's is accepted",
      async () => {
        await refused(admin.data.create("documents", await documentInput({ typeId: unique("no-type") })), {
          typeId: "No such document type",
        });
        expect(await admin.data.create("documents", await documentInput({ typeId }))).toMatchObject({ typeId });
      },
    );

    ctx.itUsing(["files"])(
      "typeId → documentTypes: a type that expires (by flag or by period) needs the expiry date printed on the document",
      async () => {
        const card = unique("card");
        const yearly = unique("yearly");
        await admin.data.create("documentTypes", { subject: "resident", name: "Card", expires: true }, { id: card });
        await admin.data.create(
          "documentTypes",
          { subject: "resident", name: "Yearly", validityMonths: 12 },
          { id: yearly },
        );
        const message = { expiryDate: "Enter the expiry date printed on the document" };
        for (const id of [card, yearly]) {
          await refused(
            admin.data.create("documents", await documentInput({ typeId: id, issueDate: "2025-02-01" })),
            message,
          );
          expect(
            await admin.data.create("documents", await documentInput({ typeId: id, expiryDate: "2027-01-31" })),
          ).toMatchObject({ typeId: id, expiryDate: "2027-01-31" });
        }
        // A document cannot lose its expiry date later either.
        const dated = await admin.data.create(
          "documents",
          await documentInput({ typeId: card, expiryDate: "2027-01-31" }),
        );
        await refused(admin.data.update("documents", dated.id, { expiryDate: null }, dated.version), message);
        // A paper filed before its type began to expire stays editable (its links are unchanged).
        const later = unique("later");
        const type = await admin.data.create("documentTypes", { subject: "resident", name: "Later" }, { id: later });
        const older = await admin.data.create("documents", await documentInput({ typeId: later }));
        await admin.data.update("documentTypes", later, { expires: true }, type.version);
        expect(await admin.data.update("documents", older.id, { notes: "Seen" }, older.version)).toMatchObject({
          notes: "Seen",
        });
      },
    );

    it("the shipped first aid / CPR type expires (two years by default) on every backend", async () => {
      expect(await admin.data.get("documentTypes", "rcfe-staff-first-aid-cpr")).toMatchObject({
        expires: true,
        validityMonths: 24,
      });
    });

    ctx.itUsing(["files"])(
      "replacesId → documents: a missing document or one of another facility is refused",
      async () => {
        const old = await admin.data.create("documents", await documentInput());
        const newman = await admin.data.create(
          "documents",
          await documentInput({ facilityId: "newman", subjectId: newmanResident.id }),
        );
        await refused(admin.data.create("documents", await documentInput({ replacesId: unique("no-doc") })), {
          replacesId: "No such document",
        });
        await refused(admin.data.create("documents", await documentInput({ replacesId: newman.id })), {
          facilityId: "Must be the document's facility",
        });
        expect(await admin.data.create("documents", await documentInput({ replacesId: old.id }))).toMatchObject({
          replacesId: old.id,
        });
      },
    );

    ctx.itUsing(["files"])(
      "a reminder state's expiry key → documents: missing or of another facility is refused",
      async () => {
        const tullDocument = await admin.data.create("documents", await documentInput());
        const state = (key: string) =>
          ({ facilityId: "tull", key, state: "snoozed", snoozedUntil: "2026-03-01" }) as const;
        await refused(admin.data.create("reminderStates", state(expiryKey(unique("no-doc"), "2026-01-01"))), {
          key: "No such document",
        });
        const newman = await admin.data.create(
          "documents",
          await documentInput({ facilityId: "newman", subjectId: newmanResident.id }),
        );
        await refused(admin.data.create("reminderStates", state(expiryKey(newman.id, "2026-01-01"))), {
          facilityId: "Must be the document's facility",
        });
        const key = expiryKey(tullDocument.id, "2026-01-01");
        expect(await admin.data.create("reminderStates", state(key))).toMatchObject({ key });
      },
    );
  });

  describe("a manual reminder's linked person", () => {
    for (const [linkType, label] of [
      ["resident", "resident"],
      ["staff", "staff member"],
    ] as const) {
      it(`linkId → ${linkType}: missing or of another facility is refused; one of the reminder's facility accepted`, async () => {
        const reminder = (linkId: string) => ({
          facilityId: "tull",
          title: unique("Call"),
          dueDate: "2026-01-05",
          linkType,
          linkId,
        });
        const [tull, newman] = linkType === "resident" ? [tullResident, newmanResident] : [tullMember, newmanMember];
        await refused(admin.data.create("reminders", reminder(unique("no-one"))), { linkId: `No such ${label}` });
        await refused(admin.data.create("reminders", reminder(newman.id)), {
          facilityId:
            linkType === "staff" ? "Must be a home the staff member works at" : `Must be the ${label}'s facility`,
        });
        expect(await admin.data.create("reminders", reminder(tull.id))).toMatchObject({ linkId: tull.id });
      });
    }
  });

  describe("a reminder state's key", () => {
    const state = (key: string) => ({ facilityId: "tull", key, state: "snoozed", snoozedUntil: "2026-03-01" }) as const;

    it("missing|<subject>|<id>|<type> → the subject: missing or of another facility is refused", async () => {
      await refused(admin.data.create("reminderStates", state(missingKey("resident", unique("no-one"), typeId))), {
        key: "No such resident",
      });
      await refused(admin.data.create("reminderStates", state(missingKey("staff", newmanMember.id, typeId))), {
        facilityId: "Must be a home the staff member works at",
      });
      const key = missingKey("staff", tullMember.id, typeId);
      expect(await admin.data.create("reminderStates", state(key))).toMatchObject({ key });
    });

    it("missing|<subject>|<id>|<type> → documentTypes (group-wide): a missing type is refused", async () => {
      await refused(
        admin.data.create("reminderStates", state(missingKey("resident", tullResident.id, unique("no-type")))),
        { key: "No such document type" },
      );
      const key = missingKey("facility", "tull", typeId);
      expect(await admin.data.create("reminderStates", state(key))).toMatchObject({ key });
    });

    it("rent|<residentId>|<date> → residents: missing or of another facility is refused", async () => {
      await refused(admin.data.create("reminderStates", state(rentKey(unique("no-one"), "2026-01-01"))), {
        key: "No such resident",
      });
      await refused(admin.data.create("reminderStates", state(rentKey(newmanResident.id, "2026-01-01"))), {
        facilityId: "Must be the resident's facility",
      });
      const key = rentKey(tullResident.id, "2026-01-01");
      expect(await admin.data.create("reminderStates", state(key))).toMatchObject({ key });
    });
  });

  it("a commit may create a record and another naming it together", async () => {
    const id = crypto.randomUUID();
    await admin.data.commit([
      { op: "create", collection: "residents", id, data: residentInput("tull") },
      { op: "create", collection: "allergies", data: { residentId: id, facilityId: "tull", allergen: "Nuts" } },
    ]);
    expect(await admin.data.count("allergies", { where: { residentId: id } })).toBe(1);
  });
});
