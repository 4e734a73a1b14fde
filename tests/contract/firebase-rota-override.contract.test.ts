// The generated Firestore rules' side of publishing a rota over a missing clearance, written straight
// to Firestore past the adapter (which refuses the same before it writes): a published shift of someone
// without a clearance carries an override's reason, the reason needs the role's "Publish a rota over a
// clearance", and its signature names the caller. Firebase alone: the other backends have no rules.
import { beforeAll, expect, it } from "vitest";
import { doc, getDocFromServer, serverTimestamp, setDoc, type Firestore } from "firebase/firestore";
import { getCollection } from "@care/core/registry";
import { toStoredData } from "@care/adapter-firebase/firestore-records";
import { runContract, unique } from "./contract-runner.ts";
import type { TPorts } from "./harness.ts";
import { isFirebaseHarness, type TFirebaseSdk } from "./harnesses/firebase.harness.ts";

await runContract(
  "data",
  (ctx) => {
    let adminPorts: TPorts;
    let admin: TFirebaseSdk;
    let manager: TFirebaseSdk;
    let shiftId: string;

    beforeAll(async () => {
      if (!isFirebaseHarness(ctx.harness)) throw new Error("the rules' cases run on the firebase harness");
      adminPorts = await ctx.signedIn();
      admin = await ctx.harness.sdk(ctx.harness.admin);
      manager = await ctx.harness.sdk(
        await ctx.createUser(adminPorts, { role: "house-manager", facilityIds: ["tull"] }),
      );
      const pat = await adminPorts.data.create("staff", {
        facilityId: "tull",
        firstName: "Pat",
        lastName: unique("Uncleared"),
        position: "caregiver",
        clearanceStatus: "submitted",
      });
      shiftId = (
        await adminPorts.data.create("shifts", {
          facilityId: "tull",
          staffId: pat.id,
          date: "2026-12-01",
          start: "23:00",
          end: "07:00",
          position: "caregiver",
        })
      ).id;
    });

    /** The shift as the adapter would write it for `sdk`'s user at version 2, with `over` changed. */
    async function publish(sdk: TFirebaseSdk, db: Firestore, over: Record<string, unknown>) {
      const stored = (await getDocFromServer(doc(admin.db, "shifts", shiftId))).data()!;
      const current = await adminPorts.data.get("shifts", shiftId);
      const record = { ...current, ...over, version: current.version + 1, updatedBy: sdk.uid };
      return setDoc(doc(db, "shifts", shiftId), {
        ...toStoredData(getCollection("shifts"), { ...record, createdAt: "", updatedAt: "", archivedAt: null }),
        createdAt: stored.createdAt,
        createdBy: stored.createdBy,
        updatedAt: serverTimestamp(),
        _writtenAt: serverTimestamp(),
      });
    }

    const denied = async (write: Promise<unknown>) =>
      expect(write).rejects.toMatchObject({ code: "permission-denied" });

    it("refuses a shift of someone not cleared published without a reason, or with one by a role without the action", async () => {
      const me = adminPorts.auth.current()!;
      const signature = { overrideBy: me.displayName || me.email, overrideAt: new Date().toISOString() };
      await denied(publish(admin, admin.db, { published: true }));
      await denied(publish(manager, manager.db, { published: true, overrideReason: "Agency cover", ...signature }));
      // Signed by someone else than the caller: refused.
      await denied(
        publish(admin, admin.db, { published: true, overrideReason: "Agency cover", overrideBy: "Someone else" }),
      );
      await publish(admin, admin.db, { published: true, overrideReason: "Agency cover", ...signature });
      expect(await adminPorts.data.get("shifts", shiftId)).toMatchObject({
        published: true,
        overrideReason: "Agency cover",
        overrideBy: signature.overrideBy,
      });
    });
  },
  "firebase",
);
