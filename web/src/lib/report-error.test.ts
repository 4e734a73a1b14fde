import toast from "react-hot-toast";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "@care/core/app-error";
import { applyFieldErrors, describeError, formatWait, formFieldErrors } from "./report-error.ts";

vi.mock("react-hot-toast", () => ({ default: { error: vi.fn() } }));

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
});

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

  it("puts VALIDATION messages on the form's fields, and the others in one toast", () => {
    const setError = vi.fn();
    const error = new AppError("VALIDATION", "Bad", {
      fields: { email: "Enter a valid e-mail address", role: "You cannot change your own role" },
    });
    expect(applyFieldErrors(error, setError, ["email", "password"])).toBe(true);
    expect(setError).toHaveBeenCalledExactlyOnceWith("email", {
      type: "server",
      message: "Enter a valid e-mail address",
    });
    expect(toast.error).toHaveBeenCalledExactlyOnceWith("You cannot change your own role.", { id: "error-VALIDATION" });
    expect(applyFieldErrors(new AppError("CONFLICT", "c"), setError, ["email"])).toBe(false);
  });

  it("never drops a field message the form does not show", () => {
    const error = new AppError("VALIDATION", "The user is not valid.", {
      fields: { role: "You cannot change your own role", active: "You cannot deactivate your own account" },
    });
    expect(formFieldErrors(error, ["email", "facilityIds"])).toEqual({});
    expect(toast.error).toHaveBeenCalledExactlyOnceWith(
      "You cannot change your own role. You cannot deactivate your own account.",
      { id: "error-VALIDATION" },
    );
    expect(formFieldErrors(error, ["role", "active"])).toEqual(error.fields);
    expect(toast.error).toHaveBeenCalledOnce();
    expect(formFieldErrors(new AppError("FORBIDDEN", "No"), ["role"])).toBeNull();
  });
});
