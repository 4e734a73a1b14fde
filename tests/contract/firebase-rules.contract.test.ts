// The generated Firestore and Storage rules against what a browser's own Firebase SDK can write beside
// the adapter: the cases only the rules can refuse. Firebase alone (the other backends take no writes
// from the browser but through their API); needs the Firestore emulator, so on a machine where it
// cannot start the cases are listed as skipped with the reason (`npm run test:firebase` runs them).
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  collection,
  deleteDoc,
  doc,
  getDocFromServer,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
  type Firestore,
} from "firebase/firestore";
import { deleteObject, getBytes, ref, uploadBytes } from "firebase/storage";
import type { TStoredFile } from "@care/core/ports/file.port";
import { getCollection, type TCollectionName } from "@care/core/registry";
import { clientAuditEntry } from "@care/adapter-firebase/client-audit";
import { toStoredData } from "@care/adapter-firebase/firestore-records";
import { packList } from "@care/adapter-firebase/packed-lists";
import { MAX_TOKEN_LENGTH } from "@care/adapter-firebase/search-tokens";
import { reminderStateId } from "@care/core/rules/reminders.rules";
import { COPY_BATCH, shiftBatches } from "../../web/src/features/staff/shift-batches.ts";
import { residentInput } from "../../server/src/test/fixtures.ts";
import { expectAppError, runContract, unique } from "./contract-runner.ts";
import type { TPorts } from "./harness.ts";
import { isFirebaseHarness, type TFirebaseSdk } from "./harnesses/firebase.harness.ts";

/** Awaits a write the rules must refuse. */
async function expectDenied(write: Promise<unknown>): Promise<void> {
  await expect(write).rejects.toMatchObject({ code: "permission-denied" });
}

/** Awaits a Storage request the rules must refuse. */
async function expectUnauthorized(request: Promise<unknown>): Promise<void> {
  await expect(request).rejects.toMatchObject({ code: "storage/unauthorized" });
}

const PDF = new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

/**
 * A record as the adapter writes it for `uid` (at `version`, 1 for a create): its stored fields, and the
 * server's time for each of its times.
 */
function asWritten(
  name: TCollectionName,
  uid: string,
  fields: Record<string, unknown> & { id: string },
  version = 1,
): Record<string, unknown> {
  const record = { ...fields, version, createdBy: uid, updatedBy: uid, createdAt: "", updatedAt: "", archivedAt: null };
  return {
    ...toStoredData(getCollection(name), record),
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    _writtenAt: serverTimestamp(),
  };
}

/** Emergency contacts as a resident's document stores them, packed (unchecked: a test may pack a wrong one). */
const packed = (contacts: Record<string, unknown>[]) =>
  packList(getCollection("residents"), "emergencyContacts", contacts);

/** An extra rent charge (laundry, April 2026) of a Tull resident, as a client writes one. */
function extraCharge(residentId: string) {
  return {
    id: "charge",
    residentId,
    facilityId: "tull",
    month: "2026-04",
    kind: "extra",
    amountCents: 1500,
    periodStart: "2026-04-01",
    periodEnd: "2026-04-30",
    dueDate: "2026-04-01",
    description: "Laundry",
    reason: "Extra laundry",
  };
}

await runContract(
  "data",
  (ctx) => {
    let admin: TFirebaseSdk;

    beforeAll(async () => {
      if (!isFirebaseHarness(ctx.harness)) throw new Error("the rules' cases run on the firebase harness");
      admin = await ctx.harness.sdk(ctx.harness.admin);
    });

    /**
     * A referral agent's document as the adapter writes it (a group-wide record an administrator may
     * write), at `version`, with the server's time for every time unless `over` says otherwise.
     */
    function agentDocument(uid: string, version: number, over: Record<string, unknown> = {}) {
      const record = {
        id: "agent",
        name: `Agent ${unique("rules")}`,
        active: true,
      };
      return { ...asWritten("referralAgents", uid, record, version), ...over };
    }

    const agentRef = (db: Firestore) => doc(db, "referralAgents", crypto.randomUUID());

    it("refuses a record created with times the browser chose, and stores the server's", async () => {
      const ref = agentRef(admin.db);
      const clientNow = Timestamp.fromMillis(Date.now());
      await expectDenied(setDoc(ref, agentDocument(admin.uid, 1, { createdAt: clientNow, updatedAt: clientNow })));
      await expectDenied(setDoc(ref, agentDocument(admin.uid, 1, { createdAt: "2020-01-01T00:00:00.000Z" })));
      await expectDenied(setDoc(ref, agentDocument(admin.uid, 1, { updatedAt: Timestamp.fromMillis(0) })));
      await setDoc(ref, agentDocument(admin.uid, 1));
      const stored = (await getDocFromServer(ref)).data()!;
      expect(stored.createdAt).toBeInstanceOf(Timestamp);
      expect(stored.createdAt).toEqual(stored._writtenAt);
      expect(stored.updatedAt).toEqual(stored._writtenAt);
    });

    it("refuses an update or an archive whose times are not the server's, or that rewrites createdAt", async () => {
      const ref = agentRef(admin.db);
      await setDoc(ref, agentDocument(admin.uid, 1));
      const { createdAt } = (await getDocFromServer(ref)).data()!;
      await expectDenied(setDoc(ref, agentDocument(admin.uid, 2, { createdAt, updatedAt: Timestamp.now() })));
      await expectDenied(setDoc(ref, agentDocument(admin.uid, 2)));
      await expectDenied(setDoc(ref, agentDocument(admin.uid, 2, { createdAt, archivedAt: Timestamp.now() })));
      await setDoc(ref, agentDocument(admin.uid, 2, { createdAt, archivedAt: serverTimestamp() }));
      const archived = (await getDocFromServer(ref)).data()!;
      expect(archived.createdAt).toEqual(createdAt);
      expect(archived.archivedAt).toEqual(archived.updatedAt);
    });

    /** A view row as the adapter appends it for the admin, with `over` in place of its fields. */
    function viewRow(over: Record<string, unknown> = {}) {
      const facts = {
        action: "view",
        collection: "residents",
        recordId: "r1",
        facilityId: null,
        summary: null,
      } as const;
      const entry = clientAuditEntry("row", { id: admin.uid, email: ctx.harness.admin.email }, facts);
      return {
        ...toStoredData(getCollection("auditLog"), entry),
        at: serverTimestamp(),
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
        _writtenAt: serverTimestamp(),
        ...over,
      };
    }

    it("takes a view row only as the caller's own, now, of a client's action, within the limits", async () => {
      const row = () => doc(collection(admin.db, "auditLog"));
      const forged: Record<string, unknown>[] = [
        { actorEmail: "someone.else@contract.test" },
        { actorId: "someone-else" },
        { at: Timestamp.fromMillis(Date.now() - 3_600_000) },
        { action: "update" },
        { action: "login" },
        { collection: "secrets" },
        { ip: "203.0.113.7" },
        { recordId: "r".repeat(65) },
        { summary: "x".repeat(2001) },
      ];
      for (const over of forged) await expectDenied(setDoc(row(), viewRow(over)));
      await setDoc(row(), viewRow({ summary: "x".repeat(2000) }));
      await setDoc(row(), viewRow({ action: "export", recordId: null, summary: "list" }));
    });

    describe("an agent's papers and group-wide files", () => {
      let adminPorts: TPorts;
      let limited: TFirebaseSdk;
      let agentId: string;
      let groupFile: TStoredFile;
      let tullFile: TStoredFile;

      beforeAll(async () => {
        if (!isFirebaseHarness(ctx.harness)) throw new Error("the rules' cases run on the firebase harness");
        adminPorts = await ctx.signedIn();
        // An administrator of one home: every permission, but not every home.
        const account = await ctx.createUser(adminPorts, { role: "administrator", facilityIds: ["tull"] });
        limited = await ctx.harness.sdk(account);
        const limitedPorts = await ctx.signedIn(account);
        agentId = (await adminPorts.data.create("referralAgents", { name: `Agent ${unique("papers")}` })).id;
        groupFile = await adminPorts.files.upload(new Blob([PDF]), "w9.pdf", { facilityId: null });
        tullFile = await limitedPorts.files.upload(new Blob([PDF]), "w9.pdf", { facilityId: "tull" });
      });

      /** An agent's document as the adapter stores it, naming `file`, in `facilityId`. */
      function agentPaper(uid: string, file: TStoredFile, facilityId: string | null) {
        const record = {
          id: "paper",
          subject: "agent",
          subjectId: agentId,
          facilityId,
          title: "W-9",
          fileId: file.id,
          fileName: file.name,
          contentType: file.contentType,
          size: file.size,
          current: true,
        };
        return asWritten("documents", uid, record);
      }

      it("keeps group-wide files from an administrator of some homes, in Storage and in Firestore", async () => {
        await expectUnauthorized(getBytes(ref(limited.storage, `files/_group/${groupFile.id}`)));
        const id = crypto.randomUUID();
        await expectUnauthorized(
          uploadBytes(ref(limited.storage, `files/_group/${id}`), PDF, { contentType: "application/pdf" }),
        );
        await expectDenied(
          setDoc(doc(limited.db, "files", id), {
            name: "w9.pdf",
            contentType: "application/pdf",
            size: PDF.byteLength,
            facilityId: null,
            createdAt: serverTimestamp(),
            createdBy: limited.uid,
            _facility: null,
            _writtenAt: serverTimestamp(),
          }),
        );
        await expect(getBytes(ref(admin.storage, `files/_group/${groupFile.id}`))).resolves.toBeDefined();
      });

      it("takes an agent's document only as group-wide, written by a user of every home", async () => {
        // As the adapter writes a document: in one batch with its file marked in use (which the rules require).
        const filed = (sdk: TFirebaseSdk, file: TStoredFile, facilityId: string | null) => {
          const batch = writeBatch(sdk.db);
          batch.set(doc(collection(sdk.db, "documents")), agentPaper(sdk.uid, file, facilityId));
          batch.update(doc(sdk.db, "files", file.id), { inUse: true, subject: "agent" });
          return batch.commit();
        };
        // Filed in a home, an agent's paper would show to that home's staff and count for it.
        await expectDenied(filed(limited, tullFile, "tull"));
        await expectDenied(filed(admin, tullFile, "tull"));
        await filed(admin, groupFile, null);
      });
    });

    describe("files documents name, and who removes a file", () => {
      let adminPorts: TPorts;
      // A house manager of one home: Documents write there, but not an administrator.
      let manager: TFirebaseSdk;
      let managerPorts: TPorts;

      beforeAll(async () => {
        if (!isFirebaseHarness(ctx.harness)) throw new Error("the rules' cases run on the firebase harness");
        adminPorts = await ctx.signedIn();
        const account = await ctx.createUser(adminPorts, { role: "house-manager", facilityIds: ["tull"] });
        manager = await ctx.harness.sdk(account);
        managerPorts = await ctx.signedIn(account);
      });

      /** A document of the Tull home itself as the adapter stores it, naming `file`. */
      function homePaper(uid: string, file: TStoredFile) {
        const record = {
          id: "paper",
          subject: "facility",
          subjectId: "tull",
          facilityId: "tull",
          title: "Licence",
          fileId: file.id,
          fileName: file.name,
          contentType: file.contentType,
          size: file.size,
          current: true,
        };
        return asWritten("documents", uid, record);
      }

      it("lets only the uploader or an administrator remove a file, and nobody replace its bytes", async () => {
        const file = await adminPorts.files.upload(new Blob([PDF]), "licence.pdf", { facilityId: "tull" });
        const bytes = ref(manager.storage, `files/tull/${file.id}`);
        await expectDenied(deleteDoc(doc(manager.db, "files", file.id)));
        await expectUnauthorized(deleteObject(bytes));
        await expectUnauthorized(uploadBytes(bytes, PDF, { contentType: "application/pdf" }));
        await expectDenied(updateDoc(doc(manager.db, "files", file.id), { name: "other.pdf" }));
        await expectAppError(managerPorts.files.remove(file.id), "FORBIDDEN");
        const own = await managerPorts.files.upload(new Blob([PDF]), "own.pdf", { facilityId: "tull" });
        await managerPorts.files.remove(own.id);
        await adminPorts.files.remove(file.id);
        await expectAppError(adminPorts.files.describe(file.id), "NOT_FOUND");
      });

      it("takes a document only with its file marked in use, and then keeps the file from everyone", async () => {
        const file = await managerPorts.files.upload(new Blob([PDF]), "licence.pdf", { facilityId: "tull" });
        const paper = doc(collection(manager.db, "documents"));
        const description = doc(manager.db, "files", file.id);
        await expectDenied(setDoc(paper, homePaper(manager.uid, file)));
        const batch = writeBatch(manager.db);
        batch.set(paper, homePaper(manager.uid, file));
        batch.update(description, { inUse: true, subject: "facility" });
        await batch.commit();
        await expectDenied(updateDoc(description, { inUse: false }));
        for (const sdk of [manager, admin]) {
          await expectDenied(deleteDoc(doc(sdk.db, "files", file.id)));
          await expectUnauthorized(deleteObject(ref(sdk.storage, `files/tull/${file.id}`)));
        }
        await expectAppError(adminPorts.files.remove(file.id), "CONFLICT");
        expect((await adminPorts.files.describe(file.id)).id).toBe(file.id);
      });

      it("removes bytes that are not the accepted type declared, with their description (the checkUploadedFileBytes function)", async () => {
        const id = doc(collection(manager.db, "files")).id;
        const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
        // What the adapter writes for a PDF, then HTML bytes declared as one: the rules see only type and size.
        await setDoc(doc(manager.db, "files", id), {
          name: "scan.pdf",
          contentType: "application/pdf",
          size: html.length,
          facilityId: "tull",
          createdAt: serverTimestamp(),
          createdBy: manager.uid,
          _facility: "tull",
          _writtenAt: serverTimestamp(),
        });
        await uploadBytes(ref(manager.storage, `files/tull/${id}`), html, { contentType: "application/pdf" });
        const kept = await managerPorts.files.upload(new Blob([PDF]), "kept.pdf", { facilityId: "tull" });
        await vi.waitFor(
          async () => {
            const rows = await adminPorts.data.list("auditLog", { where: { action: "file_remove", recordId: id } });
            expect(rows.items).toHaveLength(1);
            expect(rows.items[0]).toMatchObject({ actorId: null, facilityId: "tull", collection: "files" });
            expect(rows.items[0]?.summary).toMatch(/^Removed on upload: the bytes are no file type the portal accepts/);
          },
          { timeout: 15_000, interval: 500 },
        );
        await expectAppError(adminPorts.files.describe(id), "NOT_FOUND");
        await expect(getBytes(ref(admin.storage, `files/tull/${id}`))).rejects.toMatchObject({
          code: "storage/object-not-found",
        });
        expect((await managerPorts.files.describe(kept.id)).contentType).toBe("application/pdf");
        expect(await getBytes(ref(admin.storage, `files/tull/${kept.id}`))).toBeDefined();
      });

      it("records who removed a file (the auditFileRemoval function)", async () => {
        const file = await managerPorts.files.upload(new Blob([PDF]), "gone.pdf", { facilityId: "tull" });
        await managerPorts.files.remove(file.id);
        await vi.waitFor(
          async () => {
            const rows = await adminPorts.data.list("auditLog", {
              where: { action: "file_remove", recordId: file.id },
            });
            expect(rows.items).toHaveLength(1);
            expect(rows.items[0]).toMatchObject({ actorId: manager.uid, facilityId: "tull", collection: "files" });
          },
          { timeout: 15_000, interval: 500 },
        );
      });
    });

    describe("ids that stand for a record's fields", () => {
      it("takes an extra charge only under a random id, never another home's month's rent id", async () => {
        const adminPorts = await ctx.signedIn();
        const ours = await adminPorts.data.create("residents", residentInput("tull", `Extra-${unique("ours")}`));
        const theirs = await adminPorts.data.create("residents", residentInput("newman", `Rent-${unique("theirs")}`));
        const stored = asWritten("rentCharges", admin.uid, extraCharge(ours.id));
        // Taken first, the other home's April rent line could never be generated.
        await expectDenied(setDoc(doc(admin.db, "rentCharges", `rent-${theirs.id}-2026-04`), stored));
        await setDoc(doc(collection(admin.db, "rentCharges")), stored);
      });

      it("takes a reminder state only under its own home's id, never the id of another home's state", async () => {
        if (!isFirebaseHarness(ctx.harness)) throw new Error("the rules' cases run on the firebase harness");
        const adminPorts = await ctx.signedIn();
        const account = await ctx.createUser(adminPorts, { role: "house-manager", facilityIds: ["tull"] });
        const manager = await ctx.harness.sdk(account);
        const ours = await adminPorts.data.create("residents", residentInput("tull", `State-${unique("ours")}`));
        const theirs = await adminPorts.data.create("residents", residentInput("newman", `State-${unique("theirs")}`));
        const key = `rent|${ours.id}|2026-04-01`;
        const state = { id: "state", facilityId: "tull", key, state: "snoozed", snoozedUntil: "2026-05-01" };
        const stored = asWritten("reminderStates", manager.uid, state);
        // A valid key of Tull under the id of Newman's state: taken first, Newman could never snooze it.
        const newmans = reminderStateId("newman", `rent|${theirs.id}|2026-04-01`);
        await expectDenied(setDoc(doc(manager.db, "reminderStates", newmans), stored));
        await expectDenied(setDoc(doc(manager.db, "reminderStates", reminderStateId("newman", key)), stored));
        await expectDenied(setDoc(doc(collection(manager.db, "reminderStates")), stored));
        await setDoc(doc(manager.db, "reminderStates", reminderStateId("tull", key)), stored);
        await adminPorts.data.create("reminderStates", {
          facilityId: "newman",
          key: `rent|${theirs.id}|2026-04-01`,
          state: "snoozed",
          snoozedUntil: "2026-05-01",
        });
        expect((await adminPorts.data.get("reminderStates", newmans)).facilityId).toBe("newman");
      });
    });

    describe("each field as its schema says", () => {
      let adminPorts: TPorts;

      beforeAll(async () => {
        adminPorts = await ctx.signedIn();
      });

      /**
       * A new resident of Tull as the adapter writes it (its schema's defaults applied, with `fields`), with
       * `over` in its stored document's place.
       */
      function residentDocument(over: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) {
        const input = { ...residentInput("tull", `Fields-${unique("rules")}`), ...fields };
        const parsed = getCollection("residents").schema.parse(input);
        return { ...asWritten("residents", admin.uid, { ...parsed, id: "resident" }), ...over };
      }
      const residentRef = () => doc(collection(admin.db, "residents"));

      it("refuses a value of another type, size, enum or form, or a required field missing; takes the record as written", async () => {
        const contact = {
          name: "Grace",
          relationship: "Daughter",
          phone: "(559) 555-0100",
          responsibleParty: false,
          powerOfAttorney: false,
        };
        const refused: Record<string, unknown>[] = [
          { notes: "x".repeat(1_000_000) },
          { firstName: "x".repeat(61) },
          { firstName: "" },
          { firstName: 7 },
          { lastName: null },
          { dateOfBirth: "01/02/1940" },
          { status: "gone" },
          { dementia: "no" },
          { emergencyContacts: [{ name: "Grace" }] },
          { emergencyContacts: [contact] },
          // Contacts are stored packed, one string each (packed-lists.ts): each field is checked all the same.
          ...[
            { name: "x".repeat(121) },
            { name: "" },
            { relationship: "x".repeat(61) },
            { phone: "" },
            { altPhone: "1".repeat(41) },
            { email: "not-an-address" },
            { email: `${"x".repeat(250)}@a.test` },
          ].map((wrong) => ({ emergencyContacts: packed([{ ...contact, ...wrong }]) })),
          { emergencyContacts: ["Grace|Daughter|(559) 555-0100"] },
          { emergencyContacts: ["Grace|Daughter|(559) 555-0100|||2|0"] },
          { emergencyContacts: [""] },
          { emergencyContacts: [7] },
          { emergencyContacts: packed(Array.from({ length: 11 }, () => contact)) },
        ];
        for (const over of refused) await expectDenied(setDoc(residentRef(), residentDocument(over)));
        await setDoc(residentRef(), residentDocument({ notes: "x".repeat(5000) }));
        // The most a resident's checks evaluate (ten contacts with every field), within the rules' expression limit.
        const full = { ...contact, altPhone: "(559) 555-0101", email: "grace@contract.test" };
        const ten = Array.from({ length: 10 }, (_, i) => ({ ...full, name: `Grace | ${i}; ~`.padEnd(120, "x") }));
        await setDoc(residentRef(), residentDocument({}, { emergencyContacts: ten }));
      });

      it("bounds forged search tokens, which rules cannot recompute from the record", async () => {
        await expectDenied(setDoc(residentRef(), residentDocument({ _search: ["x".repeat(MAX_TOKEN_LENGTH + 1)] })));
        const many = Array.from({ length: 1501 }, (_, i) => `t${i}`);
        await expectDenied(setDoc(residentRef(), residentDocument({ _search: many })));
        // Within the bounds, tokens of a client's choosing are taken: the adapter computes the real ones.
        await setDoc(residentRef(), residentDocument({ _search: ["any", "x"] }));
      });

      it("refuses money that is not whole cents within its floor, in a record and in its rate's own document", async () => {
        const resident = await adminPorts.data.create("residents", residentInput("tull", `Cents-${unique("rules")}`));
        const charge = (amountCents: unknown) => ({
          ...asWritten("rentCharges", admin.uid, extraCharge(resident.id)),
          amountCents,
        });
        for (const amount of ["x", 12.5, -1])
          await expectDenied(setDoc(doc(collection(admin.db, "rentCharges")), charge(amount)));
        await setDoc(doc(collection(admin.db, "rentCharges")), charge(1500));
        // A resident written with the rate in its sibling document, in one batch.
        const withRate = async (monthlyRateCents: unknown) => {
          const ref = residentRef();
          const batch = writeBatch(admin.db);
          batch.set(ref, residentDocument());
          batch.set(doc(admin.db, "residents__rent", ref.id), {
            monthlyRateCents,
            _id: ref.id,
            _facility: "tull",
            _writtenAt: serverTimestamp(),
          });
          await batch.commit();
        };
        await expectDenied(withRate("x"));
        await withRate(450_000);
      });

      it("changes a code status only with its source, date and reason written beside it, anew, in the same request", async () => {
        const input = getCollection("residents").schema.parse(residentInput("tull", `Code-${unique("rules")}`));
        const created = await adminPorts.data.create("residents", { ...input, codeStatus: "full_code" } as never);
        const ref = doc(admin.db, "residents", created.id);
        const { createdAt } = (await getDocFromServer(ref)).data()!;
        const basisRef = doc(admin.db, "residents__medical", created.id);
        const basis = {
          codeStatusSource: "physician_order",
          codeStatusSourceDate: "2026-01-05",
          codeStatusReason: "Physician's DNR order",
        };
        /** Writes the resident at `version` with `codeStatus`, and its basis document when given. */
        const change = (version: number, codeStatus: string, sibling?: Record<string, unknown>) => {
          const batch = writeBatch(admin.db);
          const fields = { ...input, codeStatus, id: created.id };
          batch.set(ref, { ...asWritten("residents", admin.uid, fields, version), createdAt });
          if (sibling)
            batch.set(basisRef, {
              codeStatusSource: null,
              codeStatusSourceDate: null,
              codeStatusReason: null,
              ...sibling,
              _id: created.id,
              _facility: "tull",
              _writtenAt: serverTimestamp(),
            });
          return batch.commit();
        };
        await expectDenied(change(2, "dnr"));
        await expectDenied(change(2, "dnr", { ...basis, codeStatusReason: null }));
        await change(2, "dnr", basis);
        // The next change needs a basis of its own: the last one written again does not do.
        await expectDenied(change(3, "polst", basis));
        await change(3, "polst", { ...basis, codeStatusSource: "polst_form", codeStatusReason: "POLST signed" });
      });

      it("keeps a code status's basis, rewritten alone, from a role without the action", async () => {
        if (!isFirebaseHarness(ctx.harness)) throw new Error("the rules' cases run on the firebase harness");
        const account = await ctx.createUser(adminPorts, { role: "caregiver", facilityIds: ["tull"] });
        const caregiver = await ctx.harness.sdk(account);
        const basis = {
          codeStatusSource: "physician_order",
          codeStatusSourceDate: "2026-01-05",
          codeStatusReason: "DNR",
        };
        const created = await adminPorts.data.create("residents", {
          ...residentInput("tull", `Basis-${unique("rules")}`),
          codeStatus: "dnr",
          ...basis,
        } as never);
        /** Writes the resident again as `sdk`, unchanged, with its basis document rewritten to `sibling`. */
        const rewrite = async (sdk: TFirebaseSdk, sibling: Record<string, unknown>) => {
          const ref = doc(sdk.db, "residents", created.id);
          const stored = (await getDocFromServer(ref)).data()!;
          const batch = writeBatch(sdk.db);
          batch.set(ref, {
            ...stored,
            version: stored.version + 1,
            updatedBy: sdk.uid,
            updatedAt: serverTimestamp(),
            _writtenAt: serverTimestamp(),
          });
          batch.set(doc(sdk.db, "residents__medical", created.id), {
            ...basis,
            ...sibling,
            _id: created.id,
            _facility: "tull",
            _writtenAt: serverTimestamp(),
          });
          return batch.commit();
        };
        await expectDenied(rewrite(caregiver, { codeStatusSource: "request", codeStatusReason: "rewritten" }));
        // The same basis written again is no change: the caregiver's everyday edit goes through.
        await rewrite(caregiver, {});
        await rewrite(admin, { codeStatusReason: "DNR, typo fixed" });
      });

      it("never changes a recorded payment's amount, date, resident or kind, an administrator's write neither", async () => {
        const resident = await adminPorts.data.create("residents", residentInput("tull", `Paid-${unique("rules")}`));
        const payment = await adminPorts.data.create("payments", {
          residentId: resident.id,
          facilityId: "tull",
          receivedOn: "2025-03-02",
          amountCents: 4000,
          method: "check",
        });
        const ref = doc(admin.db, "payments", payment.id);
        /** Writes the stored payment again as the administrator, with `over`. */
        const write = async (over: Record<string, unknown>) => {
          const stored = (await getDocFromServer(ref)).data()!;
          return setDoc(ref, {
            ...stored,
            ...over,
            version: stored.version + 1,
            updatedBy: admin.uid,
            updatedAt: serverTimestamp(),
            _writtenAt: serverTimestamp(),
          });
        };
        for (const over of [{ amountCents: 1 }, { receivedOn: "2025-03-09" }, { kind: "refund", reason: "Made up" }])
          await expectDenied(write(over));
        await write({ reference: "1044" });
      });

      it("checks each id a list of ids holds (a staff member's other homes)", async () => {
        const staffRef = () => doc(collection(admin.db, "staff"));
        const staff = (otherFacilityIds: string[]) => ({
          ...asWritten("staff", admin.uid, {
            ...getCollection("staff").schema.parse({
              facilityId: "tull",
              firstName: "Ids",
              lastName: unique("Rules"),
              position: "caregiver",
            }),
            id: "staff",
          }),
          otherFacilityIds,
          _facilities: ["tull", ...otherFacilityIds],
        });
        await expectDenied(setDoc(staffRef(), staff(["newman", "has space"])));
        await expectDenied(setDoc(staffRef(), staff(["x".repeat(65)])));
        await setDoc(staffRef(), staff(["newman"]));
      });

      it("refuses a staff member's other home added or taken off by a user who may not write that home", async () => {
        if (!isFirebaseHarness(ctx.harness)) throw new Error("the rules' cases run on the firebase harness");
        const adminPorts = await ctx.signedIn();
        const account = await ctx.createUser(adminPorts, { role: "house-manager", facilityIds: ["tull"] });
        const manager = await ctx.harness.sdk(account);
        const written = (uid: string, otherFacilityIds: string[], version = 1) => ({
          ...asWritten(
            "staff",
            uid,
            {
              ...getCollection("staff").schema.parse({
                facilityId: "tull",
                firstName: "Homes",
                lastName: unique("Rules"),
                position: "caregiver",
              }),
              id: "staff",
            },
            version,
          ),
          otherFacilityIds,
          _facilities: ["tull", ...otherFacilityIds],
        });
        const ref = doc(collection(admin.db, "staff"));
        await expectDenied(setDoc(doc(manager.db, "staff", ref.id), written(manager.uid, ["newman"])));
        await setDoc(ref, written(admin.uid, ["newman"]));
        const { createdAt } = (await getDocFromServer(ref)).data()!;
        const mine = doc(manager.db, "staff", ref.id);
        const kept = { createdAt, createdBy: admin.uid };
        await expectDenied(setDoc(mine, { ...written(manager.uid, [], 2), ...kept }));
        await expectDenied(setDoc(mine, { ...written(manager.uid, ["newman", "van-buren"], 2), ...kept }));
        await setDoc(mine, { ...written(manager.uid, ["newman"], 2), ...kept });
      });
    });

    describe("the rules' document reads per commit", () => {
      it("takes a week's copy split by shiftBatches, where one commit naming every person reads over 20 documents", async () => {
        const adminPorts = await ctx.signedIn();
        const people = await Promise.all(
          Array.from({ length: COPY_BATCH.maxPeople + 4 }, () =>
            adminPorts.data.create("staff", {
              facilityId: "tull",
              firstName: "Week",
              lastName: unique("Copy"),
              position: "caregiver",
            }),
          ),
        );
        const shifts = (date: string) =>
          people.map((person) => ({
            op: "create" as const,
            collection: "shifts" as const,
            data: {
              facilityId: "tull",
              staffId: person.id,
              date,
              start: "07:00",
              end: "15:00",
              position: "caregiver" as const,
            },
          }));
        // 2 role documents and 20 people's records: over the limit of a transaction.
        await expectAppError(adminPorts.data.commit(shifts("2026-06-01")), "FORBIDDEN");
        const batches = shiftBatches(shifts("2026-06-02"));
        expect(batches).toHaveLength(2);
        for (const batch of batches) await adminPorts.data.commit(batch);
      });

      it("transfers a resident with 20 documents in commits within 20 reads, their files following them", async () => {
        if (!isFirebaseHarness(ctx.harness)) throw new Error("the rules' cases run on the firebase harness");
        const adminPorts = await ctx.signedIn();
        // A manager of both homes moves the resident; a manager of the new home alone reads what came.
        const mover = await ctx.signedIn(
          await ctx.createUser(adminPorts, { role: "house-manager", facilityIds: ["van-buren", "tull"] }),
        );
        const reader = await ctx.signedIn(
          await ctx.createUser(adminPorts, { role: "house-manager", facilityIds: ["tull"] }),
        );
        const resident = await mover.data.create("residents", residentInput("van-buren", `Moves-${unique("docs")}`));
        const documents = [];
        for (let i = 0; i < 20; i++) {
          const file = await mover.files.upload(new Blob([PDF]), `paper-${i}.pdf`, { facilityId: "van-buren" });
          documents.push(
            await mover.data.create("documents", {
              subject: "resident",
              subjectId: resident.id,
              facilityId: "van-buren",
              title: `Paper ${i}`,
              fileId: file.id,
              fileName: file.name,
              contentType: file.contentType,
              size: file.size,
            }),
          );
        }
        // Each document's write reads its file: with the role documents and the resident, over 20 in one commit.
        const result = await mover.data.transfer({
          subject: "resident",
          id: resident.id,
          version: resident.version,
          toFacilityId: "tull",
          date: "2026-05-02",
        });
        expect(result.carried).toEqual({ documents: 20 });
        for (const document of documents) {
          expect((await reader.data.get("documents", document.id)).facilityId).toBe("tull");
          expect((await reader.files.describe(document.fileId)).facilityId).toBe("tull");
          // The bytes stay in the old home's folder; the new home reads them through the description.
          expect((await reader.files.download(document.fileId)).size).toBe(PDF.length);
        }
        // A file's home follows a document only: a plain move of a file of a home the writer lacks is refused.
        const sdk = await ctx.harness.sdk(
          await ctx.createUser(adminPorts, { role: "house-manager", facilityIds: ["tull"] }),
        );
        await expectDenied(
          updateDoc(doc(sdk.db, "files", documents[0]!.fileId), {
            facilityId: "newman",
            _facility: "newman",
            _folder: "van-buren",
          }),
        );
      });
    });

    describe("fee entries, the writeCheckedRecord function's to create", () => {
      it("refuses a fee entry written straight to Firestore, and a change of what its check reads", async () => {
        const adminPorts = await ctx.signedIn();
        const agent = await adminPorts.data.create("referralAgents", { name: `Ledger agent ${unique("fees")}` });
        const referral = await adminPorts.data.create("referrals", {
          facilityId: "tull",
          referredOn: "2026-11-02",
          source: "agent",
          agentId: agent.id,
          firstName: "Ines",
          lastName: unique("Ledger"),
        });
        const invoice = {
          referralId: referral.id,
          agentId: agent.id,
          facilityId: "tull",
          kind: "invoice",
          date: "2026-11-03",
          amountCents: 240_000,
          invoiceNumber: unique("INV"),
        } as const;
        // The payment the function refuses (the prospect has not moved in), and the invoice as the adapter stores it.
        const forged = doc(collection(admin.db, "referralFees"));
        await expectDenied(
          setDoc(
            forged,
            asWritten("referralFees", admin.uid, { ...invoice, id: forged.id, kind: "payment", method: "check" }),
          ),
        );
        await expectDenied(setDoc(forged, asWritten("referralFees", admin.uid, { ...invoice, id: forged.id })));
        // Through the adapter the function writes it, with one audit row naming the caller, in its commit.
        const entry = await adminPorts.data.create("referralFees", invoice);
        const rows = await adminPorts.data.list("auditLog", { where: { recordId: entry.id } });
        expect(rows.items.map((r) => [r.action, r.actorId])).toEqual([["create", admin.uid]]);
        const stored = doc(admin.db, "referralFees", entry.id);
        const kept = (await getDocFromServer(stored)).data()!;
        const edit = (over: Record<string, unknown>) =>
          setDoc(stored, {
            ...asWritten("referralFees", admin.uid, { ...invoice, id: entry.id, ...over }, 2),
            createdAt: kept.createdAt,
            createdBy: kept.createdBy,
          });
        await expectDenied(edit({ amountCents: 1 }));
        await expectDenied(edit({ invoiceNumber: unique("INV") }));
        // What the check does not read stays the browser's to change.
        await edit({ notes: "Sent by mail" });
        expect((await adminPorts.data.get("referralFees", entry.id)).notes).toBe("Sent by mail");
        // The auditChanges trigger records the browser's edit, and left the function's create to its own row.
        const actions = async () =>
          (await adminPorts.data.list("auditLog", { where: { recordId: entry.id } })).items.map((r) => r.action).sort();
        await vi.waitFor(async () => expect(await actions()).toContain("update"), { timeout: 15_000, interval: 500 });
        expect(await actions()).toEqual(["create", "update"]);
      });
    });

    describe("rent accounts, the deriveRentAccount function's alone", () => {
      let adminPorts: TPorts;

      beforeAll(async () => {
        adminPorts = await ctx.signedIn();
      });

      /** Waits for the function to have set the resident's account to `fields`. */
      async function accountBecomes(residentId: string, fields: Record<string, unknown>): Promise<void> {
        await vi.waitFor(
          async () => expect(await adminPorts.data.get("rentAccounts", residentId)).toMatchObject(fields),
          { timeout: 15_000, interval: 500 },
        );
      }

      it("refuses every client write of an account, an administrator's too", async () => {
        const resident = await adminPorts.data.create("residents", residentInput("tull", `Ledger-${unique("sdk")}`));
        const account = doc(admin.db, "rentAccounts", resident.id);
        const forged = {
          residentId: resident.id,
          facilityId: "tull",
          chargedCents: 0,
          paidCents: 0,
          balanceCents: -999999,
          oldestUnpaidDueDate: null,
          version: 1,
          createdBy: admin.uid,
          updatedBy: admin.uid,
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
          archivedAt: null,
          _facility: "tull",
          _writtenAt: serverTimestamp(),
        };
        await expectDenied(setDoc(account, forged));
        await adminPorts.data.create("payments", {
          residentId: resident.id,
          facilityId: "tull",
          receivedOn: "2025-03-02",
          amountCents: 4000,
          method: "check",
        });
        await accountBecomes(resident.id, { paidCents: 4000 });
        await expectDenied(updateDoc(account, { balanceCents: -999999 }));
        await expectDenied(deleteDoc(account));
      });

      it("derives both residents' accounts when a payment is voided and recorded for another, and moves an account with a transfer", async () => {
        const first = await adminPorts.data.create("residents", residentInput("tull", `Ledger-${unique("one")}`));
        const second = await adminPorts.data.create("residents", residentInput("tull", `Ledger-${unique("two")}`));
        const payment = await adminPorts.data.create("payments", {
          residentId: first.id,
          facilityId: "tull",
          receivedOn: "2025-03-02",
          amountCents: 2500,
          method: "check",
        });
        await accountBecomes(first.id, { paidCents: 2500 });
        await adminPorts.data.update(
          "payments",
          payment.id,
          { status: "voided", voidReason: "Wrong resident" },
          payment.version,
        );
        await adminPorts.data.create("payments", {
          residentId: second.id,
          facilityId: "tull",
          receivedOn: "2025-03-02",
          amountCents: 2500,
          method: "check",
        });
        await accountBecomes(second.id, { paidCents: 2500 });
        await accountBecomes(first.id, { paidCents: 0 });
        await adminPorts.data.transfer({
          subject: "resident",
          id: second.id,
          version: second.version,
          toFacilityId: "newman",
          date: "2026-05-02",
          reason: "Closer to family",
        });
        await accountBecomes(second.id, { facilityId: "newman", paidCents: 2500 });
      });
    });
  },
  "firebase",
);
