// What a one-time password's second sign-in gets on Firebase, where Firebase Auth itself lets it in
// (no blocking functions): through the bare SDK, as someone bypassing the portal would, it may neither
// claim the password nor choose a new one, reads nothing but its own record, and ends with the change.
import { expect, it } from "vitest";
import { doc, getDocFromServer } from "firebase/firestore";
import { httpsCallable } from "firebase/functions";
import { runContract, unique } from "./contract-runner.ts";
import { isFirebaseHarness } from "./harnesses/firebase.harness.ts";

await runContract(
  "auth",
  (ctx) => {
    it("gives a second sign-in with a one-time password nothing, and ends it when the password is chosen", async () => {
      if (!isFirebaseHarness(ctx.harness)) throw new Error("this case runs on the firebase harness");
      const admin = await ctx.signedIn();
      const email = `${unique("second")}@contract.test`;
      const { oneTimePassword } = await admin.auth.createUser({ email, role: "house-manager", facilityIds: ["tull"] });
      const first = ctx.client();
      await first.auth.signIn({ email, password: oneTimePassword });
      // Past the second of the claim, so the second session is not ended by that alone.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const second = await ctx.harness.sdk({ email, password: oneTimePassword });
      const unauthenticated = { code: "functions/unauthenticated" };
      await expect(httpsCallable(second.functions, "claimOneTimePassword")({})).rejects.toMatchObject(unauthenticated);
      const newPassword = `mine-${unique("password")}`;
      await expect(
        httpsCallable(second.functions, "changeOneTimePassword")({ currentPassword: oneTimePassword, newPassword }),
      ).rejects.toMatchObject(unauthenticated);
      const denied = { code: "permission-denied" };
      await expect(getDocFromServer(doc(second.db, "facilities", "tull"))).rejects.toMatchObject(denied);
      await expect(getDocFromServer(doc(second.db, "oneTimePasswords", second.uid))).rejects.toMatchObject(denied);
      await first.auth.changePassword({ currentPassword: oneTimePassword, newPassword });
      expect((await first.data.get("facilities", "tull")).id).toBe("tull");
      await expect(getDocFromServer(doc(second.db, "facilities", "tull"))).rejects.toMatchObject(denied);
    });
  },
  "firebase",
);
