// The hourly rent schedule's stop: a shutdown waits for a run in progress, so the database is never
// closed under the start-up run (which once left the process unable to exit after SIGTERM).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { startRentSchedule } from "./rent-schedule.ts";

describe("startRentSchedule", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it("runs at once, and its stop resolves only after that run has finished", { timeout: 60_000 }, async () => {
    const logs: string[] = [];
    const stop = startRentSchedule(test.database, (message) => logs.push(message));
    // Stopped straight away, as a SIGTERM during start-up does: the run already begun completes first.
    await stop();
    expect(logs).toEqual([expect.stringMatching(/^rent schedule: billed the current month of \d+ homes/)]);
    // And nothing runs after the stop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logs).toHaveLength(1);
  });
});
