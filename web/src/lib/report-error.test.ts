import { describe, expect, it, vi } from "vitest";
import { AppError } from "@care/core/app-error";
import { applyFieldErrors, describeError, formatWait } from "./report-error.ts";

describe("error messages", () => {
  it("gives the wait time of a rate limit", () => {
    expect(describeError(new AppError("RATE_LIMITED", "Too many", { retryAfterSeconds: 90 }))).toBe(
      "Too many attempts. Please wait 2 minutes and try again.",
    );
    expect(formatWait(1)).toBe("1 second");
    expect(formatWait(45)).toBe("45 seconds");
    expect(formatWait(3900)).toBe("1 hour 5 minutes");
  });

  it("keeps the backend's message for a wrong password and hides internals", () => {
    expect(describeError(new AppError("UNAUTHENTICATED", "Wrong e-mail or password."))).toBe(
      "Wrong e-mail or password.",
    );
    expect(describeError(new AppError("INTERNAL", "TypeError at line 3"))).toMatch(/went wrong on our side/);
    expect(describeError(new Error("boom"))).toMatch(/went wrong on our side/);
    expect(describeError(new AppError("UNAVAILABLE", "x"))).toMatch(/temporarily unavailable/);
  });

  it("puts VALIDATION messages on the form's known fields only", () => {
    const setError = vi.fn();
    const error = new AppError("VALIDATION", "Bad", { fields: { email: "Enter a valid e-mail address", other: "x" } });
    expect(applyFieldErrors(error, setError, ["email", "password"])).toBe(true);
    expect(setError).toHaveBeenCalledExactlyOnceWith("email", {
      type: "server",
      message: "Enter a valid e-mail address",
    });
    expect(applyFieldErrors(new AppError("CONFLICT", "c"), setError, ["email"])).toBe(false);
    expect(applyFieldErrors(new AppError("VALIDATION", "Bad", { fields: { other: "x" } }), setError, ["email"])).toBe(
      false,
    );
  });
});
