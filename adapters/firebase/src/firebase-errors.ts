/**
 * Firebase's error codes (Auth, Firestore, Storage, Functions) translated into AppError, so nothing
 * vendor-specific crosses a port. Unknown errors become INTERNAL without leaking the vendor message.
 */
import { AppError, defaultMessages, isAppError } from "@care/core/app-error";

/** The one message for a wrong e-mail or password, so neither reveals which accounts exist. */
export const WRONG_CREDENTIALS_MESSAGE = "The e-mail or password is not correct.";

/** Firebase does not say how long to wait after too many attempts; this is what the UI is told. */
export const RATE_LIMIT_RETRY_SECONDS = 60;

function codeOf(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : null;
}

/** Reads an AppError body that our Cloud Functions put into an HttpsError's `details`. */
function appErrorFromDetails(error: unknown): AppError | null {
  if (typeof error !== "object" || error === null) return null;
  const details = (error as { details?: unknown }).details;
  if (typeof details !== "object" || details === null || !("error" in details)) return null;
  return AppError.fromBody(details);
}

/** Maps any error a Firebase SDK call threw to an AppError (AppErrors pass through unchanged). */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const fromFunction = appErrorFromDetails(error);
  if (fromFunction) return fromFunction;
  const code = codeOf(error);
  // Auth uses "auth/…", Storage "storage/…", Functions "functions/…", Firestore the bare gRPC name.
  const bare = code?.replace(/^(auth|storage|functions|firestore)\//, "") ?? "";
  switch (code) {
    case "auth/wrong-password":
    case "auth/user-not-found":
    case "auth/invalid-credential":
    case "auth/invalid-login-credentials":
    case "auth/invalid-email":
    case "auth/missing-password":
      return new AppError("UNAUTHENTICATED", WRONG_CREDENTIALS_MESSAGE, { cause: error });
    case "auth/user-disabled":
      // A deactivated account is refused as a wrong password is, as on the server.
      return new AppError("UNAUTHENTICATED", WRONG_CREDENTIALS_MESSAGE, { cause: error });
    case "auth/too-many-requests":
      return new AppError("RATE_LIMITED", defaultMessages.RATE_LIMITED, {
        retryAfterSeconds: RATE_LIMIT_RETRY_SECONDS,
        cause: error,
      });
    case "auth/network-request-failed":
    case "storage/retry-limit-exceeded":
      return new AppError("UNAVAILABLE", defaultMessages.UNAVAILABLE, { cause: error });
    case "auth/requires-recent-login":
    case "auth/user-token-expired":
    case "auth/invalid-user-token":
    case "storage/unauthenticated":
      return new AppError("UNAUTHENTICATED", defaultMessages.UNAUTHENTICATED, { cause: error });
    case "auth/weak-password":
    case "auth/password-does-not-meet-requirements":
      return new AppError("VALIDATION", defaultMessages.VALIDATION, {
        fields: { newPassword: "Choose a stronger password" },
        cause: error,
      });
    case "auth/email-already-in-use":
      return new AppError("CONFLICT", "A user with this e-mail already exists.", {
        fields: { email: "This e-mail is already in use" },
        cause: error,
      });
    case "storage/unauthorized":
      return new AppError("FORBIDDEN", defaultMessages.FORBIDDEN, { cause: error });
    case "storage/object-not-found":
      return new AppError("NOT_FOUND", defaultMessages.NOT_FOUND, { cause: error });
    case "storage/quota-exceeded":
      return new AppError("UNAVAILABLE", defaultMessages.UNAVAILABLE, { cause: error });
  }
  switch (bare) {
    case "permission-denied":
      return new AppError("FORBIDDEN", defaultMessages.FORBIDDEN, { cause: error });
    case "unauthenticated":
      return new AppError("UNAUTHENTICATED", defaultMessages.UNAUTHENTICATED, { cause: error });
    case "not-found":
      return new AppError("NOT_FOUND", defaultMessages.NOT_FOUND, { cause: error });
    case "already-exists":
      return new AppError("CONFLICT", "A record with this id already exists.", { cause: error });
    case "aborted":
    case "failed-precondition":
      return new AppError("CONFLICT", defaultMessages.CONFLICT, { cause: error });
    case "invalid-argument":
    case "out-of-range":
      return new AppError("VALIDATION", defaultMessages.VALIDATION, { cause: error });
    case "resource-exhausted":
      return new AppError("RATE_LIMITED", defaultMessages.RATE_LIMITED, {
        retryAfterSeconds: RATE_LIMIT_RETRY_SECONDS,
        cause: error,
      });
    case "unavailable":
    case "deadline-exceeded":
    case "cancelled":
      return new AppError("UNAVAILABLE", defaultMessages.UNAVAILABLE, { cause: error });
  }
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) {
    return new AppError("UNAVAILABLE", defaultMessages.UNAVAILABLE, { cause: error });
  }
  return new AppError("INTERNAL", defaultMessages.INTERNAL, { cause: error });
}

/**
 * Was this error (or one it was caused by) a refusal of Firestore's or Storage's security rules? After
 * one, the ports ask whether the session has ended (user-sessions.ts).
 */
export function deniedByRules(error: unknown): boolean {
  for (let cause = error, depth = 0; cause !== undefined && depth < 5; depth += 1) {
    const code = codeOf(cause);
    if (code === "permission-denied" || code === "firestore/permission-denied" || code === "storage/unauthorized")
      return true;
    cause = typeof cause === "object" && cause !== null ? (cause as { cause?: unknown }).cause : undefined;
  }
  return false;
}

/** Runs a Firebase call and rethrows its failure as an AppError. */
export async function guard<T>(call: () => Promise<T>): Promise<T> {
  // Firestore answers `unavailable` when it did not hear from the backend in time (a busy or briefly
  // unreachable server) and advises a retry: twice, after 1 and 2 s, before the user is told to try again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt < 3 && (code === "unavailable" || code === "firestore/unavailable")) {
        await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
        continue;
      }
      throw toAppError(error);
    }
  }
}
