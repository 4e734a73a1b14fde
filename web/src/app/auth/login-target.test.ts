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
});
