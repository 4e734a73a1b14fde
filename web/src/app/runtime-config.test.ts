import { describe, expect, it } from "vitest";
import { BOOT_BLOCK_ID } from "@care/core/runtime-config.schema";
import { readBootBlock } from "./boot-block.ts";
import { BootError, loadRuntimeConfig, parseRuntimeConfig } from "./runtime-config.ts";

const answer =
  (body: string, status = 200) =>
  async () =>
    new Response(body, { status, headers: { "content-type": "application/json" } });

describe("runtime config", () => {
  it("accepts the server's http config and a firebase config", () => {
    expect(parseRuntimeConfig({ backend: "http" })).toEqual({ backend: "http" });
    const firebase = {
      backend: "firebase",
      firebase: { apiKey: "k", authDomain: "a", projectId: "p", storageBucket: "b", appId: "i" },
      portalTitle: "Sunrise Homes",
    };
    expect(parseRuntimeConfig(firebase)).toMatchObject({ backend: "firebase", portalTitle: "Sunrise Homes" });
  });

  it("names each bad field of an invalid config", () => {
    try {
      parseRuntimeConfig({ backend: "firebase", firebase: { apiKey: "k" } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BootError);
      expect((error as BootError).details.some((d) => d.startsWith("firebase.projectId"))).toBe(true);
    }
    expect(() => parseRuntimeConfig({ backend: "ftp" })).toThrow(BootError);
  });

  it("explains an unreachable server, an error status and a body that is not JSON", async () => {
    await expect(loadRuntimeConfig(async () => Promise.reject(new TypeError("Failed to fetch")))).rejects.toThrow(
      /cannot be reached/,
    );
    await expect(loadRuntimeConfig(answer("missing", 404))).rejects.toThrow(/answered 404/);
    await expect(loadRuntimeConfig(answer("<html>"))).rejects.toThrow(/not JSON/);
    await expect(loadRuntimeConfig(answer('{"backend":"http"}'))).resolves.toEqual({ backend: "http" });
  });

  it("takes the page's boot block config without fetching, and validates it the same way", async () => {
    const unused = async () => Promise.reject(new Error("fetched"));
    await expect(loadRuntimeConfig(unused, { backend: "http" })).resolves.toEqual({ backend: "http" });
    await expect(loadRuntimeConfig(unused, { backend: "ftp" })).rejects.toThrow(BootError);
  });

  it("reads the boot block, and an empty one when it is missing or broken", () => {
    const page = (text: string | null) => ({
      getElementById: (id: string) => (id === BOOT_BLOCK_ID && text !== null ? ({ textContent: text } as HTMLElement) : null), // prettier-ignore
    });
    expect(readBootBlock(page('{"config":{"backend":"http"},"me":{"user":null}}'))).toEqual({
      config: { backend: "http" },
      me: { user: null },
    });
    expect(readBootBlock(page(null))).toEqual({});
    expect(readBootBlock(page("{not json"))).toEqual({});
    expect(readBootBlock(page("42"))).toEqual({});
  });
});
