// The weights of the rules' cost estimate (adapters/firebase/src/rules-cost.ts), measured again on the
// running Cloud Firestore emulator, whose rules engine is production's: for each measured term, a rule of
// as many copies as the estimate allows is accepted and one more copy is refused. Under a project id of
// its own, so the portal's rules in the shared emulator are not touched.
import { expect, it } from "vitest";
import { MEASURED_TERMS, measuredRules } from "@care/adapter-firebase/rules-cost.test-support";
import { runContract } from "./contract-runner.ts";

const PROJECT = "demo-rules-cost";

await runContract(
  "data",
  () => {
    const base = () => `http://${process.env.FIRESTORE_EMULATOR_HOST}`;

    /** Whether the emulator lets a signed-out client create a document of `/t` under `rules`. */
    async function accepts(rules: string): Promise<boolean> {
      const loaded = await fetch(`${base()}/emulator/v1/projects/${PROJECT}:securityRules`, {
        method: "PUT",
        body: JSON.stringify({ rules: { files: [{ name: "cost.rules", content: rules }] } }),
      });
      if (!loaded.ok) throw new Error(`the emulator refused the rules: ${await loaded.text()}`);
      // { a: 1, b: { c: 1 } }: the fields the measured terms read.
      const fields = { a: { integerValue: "1" }, b: { mapValue: { fields: { c: { integerValue: "1" } } } } };
      const written = await fetch(`${base()}/v1/projects/${PROJECT}/databases/(default)/documents/t`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ fields }),
      });
      await written.body?.cancel();
      return written.ok;
    }

    it("accepts as many copies of each measured term as the estimate allows, and refuses one more", async () => {
      for (const [term, fits] of MEASURED_TERMS) {
        expect(await accepts(measuredRules(term, fits)), `${term} × ${fits}`).toBe(true);
        expect(await accepts(measuredRules(term, fits + 1)), `${term} × ${fits + 1}`).toBe(false);
      }
    });
  },
  "firebase",
);
