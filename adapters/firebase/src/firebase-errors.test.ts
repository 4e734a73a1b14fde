import { describe, expect, it } from "vitest";
import { FirebaseError } from "firebase/app";
import { AppError } from "@care/core/app-error";
import { RATE_LIMIT_RETRY_SECONDS, toAppError, WRONG_CREDENTIALS_MESSAGE } from "./firebase-errors.ts";

const fb = (code: string) => new FirebaseError(code, `Firebase: internal text (${code}).`);

describe("Firebase error mapping", () => {
  it("gives one message for wrong password, unknown user and invalid credential", () => {
    for (const code of ["auth/wrong-password", "auth/user-not-found", "auth/invalid-credential"]) {
      const error = toAppError(fb(code));
      expect(error.code).toBe("UNAUTHENTICATED");
      expect(error.message).toBe(WRONG_CREDENTIALS_MESSAGE);
    }
  });

  it("maps rate limits, network failures and the gRPC codes", () => {
    const limited = toAppError(fb("auth/too-many-requests"));
    expect(limited.code).toBe("RATE_LIMITED");
    expect(limited.retryAfterSeconds).toBe(RATE_LIMIT_RETRY_SECONDS);
    expect(toAppError(fb("auth/network-request-failed")).code).toBe("UNAVAILABLE");
    expect(toAppError(fb("permission-denied")).code).toBe("FORBIDDEN");
    expect(toAppError(fb("not-found")).code).toBe("NOT_FOUND");
    expect(toAppError(fb("unavailable")).code).toBe("UNAVAILABLE");
    expect(toAppError(fb("aborted")).code).toBe("CONFLICT");
    expect(toAppError(fb("storage/unauthorized")).code).toBe("FORBIDDEN");
    expect(toAppError(fb("storage/object-not-found")).code).toBe("NOT_FOUND");
    expect(toAppError(fb("functions/permission-denied")).code).toBe("FORBIDDEN");
    expect(toAppError(fb("auth/email-already-in-use")).fields).toEqual({ email: "This e-mail is already in use" });
  });

  it("keeps AppErrors, reads AppErrors sent by our functions and hides unknown vendor messages", () => {
    const own = new AppError("CONFLICT", "x");
    expect(toAppError(own)).toBe(own);
    const fromFunction = Object.assign(fb("functions/already-exists"), {
      details: new AppError("CONFLICT", "Taken", { fields: { email: "used" } }).toBody(),
    });
    expect(toAppError(fromFunction)).toMatchObject({ code: "CONFLICT", message: "Taken", fields: { email: "used" } });
    const unknown = toAppError(new Error("grpc internals"));
    expect(unknown.code).toBe("INTERNAL");
    expect(unknown.message).not.toContain("grpc");
  });
});
