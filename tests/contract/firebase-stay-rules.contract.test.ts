// The generated Firestore rules of a resident's stay history against what a browser's own Firebase SDK
// can write beside the adapter (which checks the same first): an undo of a status event only by a role
// holding the action, under the undoer's name, within the window of the event's recording (the
// server's time), kept once done; a readmission only after the discharge. Firebase alone.
import { beforeAll, expect } from "vitest";
import { doc, serverTimestamp, setDoc, updateDoc } from "firebase/firestore";
import { getCollection, type TRecordOf } from "@care/core/registry";
import { todayIn } from "@care/core/rules/date-only.rules";
import { UNDO_WINDOW_DAYS } from "@care/core/rules/status-undo.rules";
import { toStoredData } from "@care/adapter-firebase/firestore-records";
import { residentInput } from "../../server/src/test/fixtures.ts";
import { runContract, unique } from "./contract-runner.ts";
import type { TPorts } from "./harness.ts";
import { isFirebaseHarness, type TFirebaseSdk } from "./harnesses/firebase.harness.ts";

async function expectDenied(write: Promise<unknown>): Promise<void> {
  await expect(write).rejects.toMatchObject({ code: "permission-denied" });
}

await runContract(
  "data",
  (ctx) => {
    let admin: TFirebaseSdk;
    let manager: TFirebaseSdk;
    let adminPorts: TPorts;
    let today: string;
    let managerEmail: string;

    beforeAll(async () => {
      if (!isFirebaseHarness(ctx.harness)) throw new Error("the rules' cases run on the firebase harness");
      admin = await ctx.harness.sdk(ctx.harness.admin);
      adminPorts = await ctx.signedIn();
      const account = await ctx.createUser(adminPorts, { role: "house-manager", facilityIds: null });
      manager = await ctx.harness.sdk(account);
      managerEmail = account.email;
      today = todayIn((await adminPorts.data.get("facilities", "tull")).timeZone);
    });

    const it = ctx.itUsing(["auth", "data"]);

    /** A resident discharged today through the adapter, and the discharge event. */
    async function discharged(): Promise<{ resident: TRecordOf<"residents">; event: TRecordOf<"residentEvents"> }> {
      const created = await adminPorts.data.create("residents", residentInput("tull", `Stay-${unique("rules")}`));
      await adminPorts.data.commit([
        {
          op: "create",
          collection: "residentEvents",
          data: { residentId: created.id, facilityId: "tull", type: "discharge", date: today },
        },
        {
          op: "update",
          collection: "residents",
          id: created.id,
          version: created.version,
          patch: { status: "discharged", statusDate: today, dischargeDate: today },
        },
      ]);
      const [event] = (await adminPorts.data.list("residentEvents", { where: { residentId: created.id } })).items;
      return { resident: await adminPorts.data.get("residents", created.id), event: event! };
    }

    /** The SDK update that undoes `event` as `sdk`'s user named `name`. */
    const undo = (sdk: TFirebaseSdk, event: TRecordOf<"residentEvents">, name: string) =>
      updateDoc(doc(sdk.db, "residentEvents", event.id), {
        undoReason: "Entered by mistake",
        undoneBy: name,
        undoneOn: today,
        version: event.version + 1,
        updatedBy: sdk.uid,
        updatedAt: serverTimestamp(),
        _writtenAt: serverTimestamp(),
      });

    it("takes an undo only from a role holding the action, under the undoer's name, within the window, once", async () => {
      const { event } = await discharged();
      // A House manager does not hold "Undo a status event" by default.
      await expectDenied(undo(manager, event, managerEmail));
      await expectDenied(undo(admin, event, "Someone Else"));
      await undo(admin, event, ctx.harness.admin.email);
      // Undone, it is kept as it was.
      await expectDenied(
        updateDoc(doc(admin.db, "residentEvents", event.id), {
          date: "2020-01-01",
          version: event.version + 2,
          updatedBy: admin.uid,
          updatedAt: serverTimestamp(),
          _writtenAt: serverTimestamp(),
        }),
      );

      const late = (await discharged()).event;
      await ctx.harness.age("residentEvents", late.id, UNDO_WINDOW_DAYS + 1);
      await expectDenied(undo(admin, late, ctx.harness.admin.email));
    });

    it("refuses a readmission dated on the discharge's day, and an event created as undone", async () => {
      const { resident } = await discharged();
      const event = (over: Record<string, unknown>) => {
        const record = {
          id: crypto.randomUUID(),
          residentId: resident.id,
          facilityId: "tull",
          type: "readmission",
          date: today,
          version: 1,
          createdBy: admin.uid,
          updatedBy: admin.uid,
          createdAt: "",
          updatedAt: "",
          archivedAt: null,
          ...over,
        };
        return setDoc(doc(admin.db, "residentEvents", record.id), {
          ...toStoredData(getCollection("residentEvents"), record),
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
          _writtenAt: serverTimestamp(),
        });
      };
      await expectDenied(event({}));
      await expectDenied(event({ type: "leave", undoReason: "Mistake", undoneBy: "x", undoneOn: today }));
      await event({ type: "leave" });
    });
  },
  "firebase",
);
