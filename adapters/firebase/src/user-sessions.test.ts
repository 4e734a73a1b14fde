import { describe, expect, it } from "vitest";
import { sessionLive } from "./user-sessions.ts";

const at = (millis: number) => ({ toMillis: () => millis });

describe("a session's end, as the users record says", () => {
  it("keeps every session while nothing ended them", () => {
    expect(sessionLive({}, { auth_time: 1 })).toBe(true);
    expect(sessionLive({ _sessionsFrom: null }, {})).toBe(true);
  });

  it("ends sessions signed in at or before the time, the second of it included", () => {
    const stored = { _sessionsFrom: at(1_700_000_000_500) };
    expect(sessionLive(stored, { auth_time: 1_700_000_000 })).toBe(false);
    expect(sessionLive(stored, { auth_time: 1_700_000_001 })).toBe(true);
    expect(sessionLive(stored, { auth_time: "1700000001" })).toBe(true);
    expect(sessionLive(stored, {})).toBe(false);
  });

  it("keeps the one session named when the others ended, and fails closed on a malformed time", () => {
    const stored = { _sessionsFrom: at(1_700_000_000_500), _keptSession: "s-1" };
    expect(sessionLive(stored, { auth_time: 1, keptSession: "s-1" })).toBe(true);
    expect(sessionLive(stored, { auth_time: 1, keptSession: "s-2" })).toBe(false);
    expect(sessionLive({ _sessionsFrom: "2026-01-01T00:00:00Z" }, { auth_time: 2_000_000_000 })).toBe(false);
  });
});
