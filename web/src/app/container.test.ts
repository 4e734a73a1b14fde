import { describe, expect, it } from "vitest";
import { createRecordsClient } from "../lib/records/records-client.ts";
import { resolve, TOKENS } from "../lib/tokens.ts";
import { buildContainer, MEMORY_DEMO_ACCOUNT } from "./container.ts";

const records = () => createRecordsClient(() => undefined);

describe("composition root", () => {
  it("builds one container whose ports talk to the configured backend", async () => {
    const container = await buildContainer({ backend: "memory", portalTitle: "Sunrise Homes" }, records());
    const auth = resolve(container, TOKENS.auth);
    const data = resolve(container, TOKENS.data);
    expect(resolve(container, TOKENS.portal).title).toBe("Sunrise Homes");
    expect(resolve(container, TOKENS.auth)).toBe(auth);
    await auth.signIn({ ...MEMORY_DEMO_ACCOUNT });
    const page = await data.list("facilities");
    expect(page.items.map((f) => f.id)).toEqual(["van-buren", "tull", "duvali", "ashwood", "edgemont", "newman"]);
    expect(resolve(container, TOKENS.files)).toBeDefined();
  });

  it("uses the default portal title and the http adapter for {backend: http}", async () => {
    const container = await buildContainer({ backend: "http", apiBaseUrl: "http://127.0.0.1:9/api/v1" }, records());
    expect(resolve(container, TOKENS.portal).title).toBe("Care Portal");
    expect(resolve(container, TOKENS.auth).constructor.name).toBe("HttpAuthAdapter");
  });
});
