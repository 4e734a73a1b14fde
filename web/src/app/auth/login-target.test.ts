import { describe, expect, it } from "vitest";
import { loginTarget } from "./login-target.ts";

describe("where sign-in leads", () => {
  it("returns to the page asked for, else Reminders", () => {
    expect(loginTarget({ from: "/staff/schedules?week=2026-01-05" })).toBe("/staff/schedules?week=2026-01-05");
    expect(loginTarget(null)).toBe("/reminders");
    expect(loginTarget({ from: 42 })).toBe("/reminders");
    expect(loginTarget({ from: "/login" })).toBe("/reminders");
    expect(loginTarget({ from: "/login/" })).toBe("/reminders");
  });

  it("never leaves the portal", () => {
    expect(loginTarget({ from: "//evil.example/x" })).toBe("/reminders");
    expect(loginTarget({ from: "/\\evil.example" })).toBe("/reminders");
    expect(loginTarget({ from: "https://evil.example" })).toBe("/reminders");
  });

  it("offers the page a session ended on only to the same user (a shared computer)", () => {
    const left = { from: "/residents/r-1", userId: "u-admin" };
    expect(loginTarget(left, "u-admin")).toBe("/residents/r-1");
    expect(loginTarget(left, "u-caregiver")).toBe("/reminders");
    // A visitor who opened a link before signing in had no session: any user goes there.
    expect(loginTarget({ from: "/residents/r-1" }, "u-caregiver")).toBe("/residents/r-1");
  });
});
