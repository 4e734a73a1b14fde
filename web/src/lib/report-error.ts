/**
 * The one place backend errors become words for the user: `describeError` for inline messages (the
 * sign-in form), `reportError` for everything else (one toast per error kind, never a pile of them),
 * and `formFieldErrors` / `applyFieldErrors` to put VALIDATION messages next to a form's fields.
 */
import toast from "react-hot-toast";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { defaultMessages, isAppError } from "@care/core/app-error";

/** "45 seconds", "2 minutes", "1 hour 5 minutes": a wait time a person can act on. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? "" : "s"}`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${hours} hour${hours === 1 ? "" : "s"}${rest ? ` ${rest} minute${rest === 1 ? "" : "s"}` : ""}`;
}

function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/** The message for any thrown value; AppErrors keep the backend's message where it is meant for users. */
export function describeError(error: unknown): string {
  if (!isAppError(error)) {
    if (isOffline()) return "You are offline. Check the network connection and try again.";
    return defaultMessages.INTERNAL;
  }
  switch (error.code) {
    case "RATE_LIMITED":
      return error.retryAfterSeconds !== undefined
        ? `Too many attempts. Please wait ${formatWait(error.retryAfterSeconds)} and try again.`
        : defaultMessages.RATE_LIMITED;
    case "UNAVAILABLE":
      return isOffline() ? "You are offline. Check the network connection and try again." : defaultMessages.UNAVAILABLE;
    case "INTERNAL":
      return defaultMessages.INTERNAL;
    default:
      return error.message || defaultMessages[error.code];
  }
}

/** Shows one toast for the error; the same kind of error replaces its earlier toast instead of stacking. */
export function reportError(error: unknown): void {
  const id = isAppError(error) ? `error-${error.code}` : "error-unexpected";
  if (!isAppError(error)) console.error(error);
  toast.error(describeError(error), { id });
}

/**
 * A VALIDATION error's messages for the fields the form shows, to put beside them. The messages of any
 * other field (one the form does not offer, or shows as text) are reported in one toast, so none is
 * lost. Null for any other error, which the caller reports as a whole (`reportError`).
 */
export function formFieldErrors(error: unknown, fieldNames: readonly string[]): Record<string, string> | null {
  if (!isAppError(error) || error.code !== "VALIDATION" || !error.fields) return null;
  const shown: Record<string, string> = {};
  const others: string[] = [];
  for (const [field, message] of Object.entries(error.fields)) {
    if (fieldNames.includes(field)) shown[field] = message;
    else others.push(/[.!?]$/.test(message) ? message : `${message}.`);
  }
  if (others.length > 0) toast.error(others.join(" "), { id: `error-${error.code}` });
  return shown;
}

/**
 * Puts a VALIDATION error's field messages next to the form's fields (and the others in one toast, as
 * `formFieldErrors` does); returns true when it did, so the caller reports any other error through
 * `reportError`.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): boolean {
  const shown = formFieldErrors(error, fieldNames);
  if (shown === null) return false;
  for (const [field, message] of Object.entries(shown)) setError(field as Path<T>, { type: "server", message });
  return true;
}
