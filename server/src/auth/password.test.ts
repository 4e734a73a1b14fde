import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_CONCURRENT_HASHES, oneHashAtATimePerCore } from "./password.ts";

describe("argon2 concurrency", () => {
  it("never runs more than one hash per core at once, runs every one, in order of arrival", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 30 }), async (delays) => {
        let now = 0;
        let most = 0;
        const started: number[] = [];
        const results = await Promise.all(
          delays.map((delay, index) =>
            oneHashAtATimePerCore(async () => {
              started.push(index);
              most = Math.max(most, ++now);
              await new Promise((r) => setTimeout(r, delay));
              now--;
              return index;
            }),
          ),
        );
        expect(results).toEqual(delays.map((_, index) => index));
        expect(most).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
        expect(started).toEqual(delays.map((_, index) => index));
      }),
      { numRuns: 30 },
    );
  });

  it("lets the next one run when one fails", async () => {
    const failing = Array.from({ length: MAX_CONCURRENT_HASHES }, () =>
      oneHashAtATimePerCore(() => Promise.reject(new Error("broken hash"))),
    );
    await Promise.allSettled(failing);
    await expect(oneHashAtATimePerCore(async () => "ran")).resolves.toBe("ran");
  });
});
