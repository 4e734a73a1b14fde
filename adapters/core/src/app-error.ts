/**
 * The one error type that crosses a port. Adapters translate vendor errors into these codes; only the
 * server edge maps codes to HTTP statuses, and the web app turns them into field errors or one toast.
 */
import { z } from "zod";

export const ERROR_CODES = [
  "VALIDATION",
  "NOT_FOUND",
  "CONFLICT",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "UNAVAILABLE",
  "INTERNAL",
] as const;

export const ZErrorCode = z.enum(ERROR_CODES);
export type TErrorCode = z.infer<typeof ZErrorCode>;

/** Field path (dot-joined, e.g. `contacts.0.phone`) to a human message. */
export type TFieldErrors = Record<string, string>;

/** The JSON body of every error response of the server, and what the http adapter parses back. */
export const ZErrorBody = z.object({
  error: z.object({
    code: ZErrorCode,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    retryAfterSeconds: z.number().int().nonnegative().optional(),
    /** For CONFLICT: the record as it is now, so the UI can show the newer data. */
    current: z.unknown().optional(),
    /** For CONFLICT: who saved that newer version (their name, or e-mail), when the backend knows. */
    savedBy: z.string().optional(),
    /** Why a FORBIDDEN answer refuses, when a client acts on it: `PASSWORD_CHANGE_REQUIRED`. */
    reason: z.string().max(64).optional(),
  }),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

export interface AppErrorOptions {
  fields?: TFieldErrors;
  retryAfterSeconds?: number;
  current?: unknown;
  savedBy?: string;
  reason?: string;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly fields?: TFieldErrors;
  readonly retryAfterSeconds?: number;
  readonly current?: unknown;
  readonly savedBy?: string;
  readonly reason?: string;

  constructor(code: TErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    if (options.fields) this.fields = options.fields;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
    if (options.current !== undefined) this.current = options.current;
    if (options.savedBy !== undefined) this.savedBy = options.savedBy;
    if (options.reason !== undefined) this.reason = options.reason;
  }

  toBody(): TErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.retryAfterSeconds !== undefined ? { retryAfterSeconds: this.retryAfterSeconds } : {}),
        ...(this.current !== undefined ? { current: this.current } : {}),
        ...(this.savedBy !== undefined ? { savedBy: this.savedBy } : {}),
        ...(this.reason !== undefined ? { reason: this.reason } : {}),
      },
    };
  }

  static fromBody(body: unknown, fallback: TErrorCode = "INTERNAL"): AppError {
    const parsed = ZErrorBody.safeParse(body);
    if (!parsed.success) return new AppError(fallback, defaultMessages[fallback]);
    const { code, message, ...rest } = parsed.data.error;
    return new AppError(code, message, rest);
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

export const defaultMessages: Record<TErrorCode, string> = {
  VALIDATION: "Some fields need attention.",
  NOT_FOUND: "That record does not exist or was removed.",
  CONFLICT: "Someone else saved this record after you opened it. Review their changes and try again.",
  UNAUTHENTICATED: "Please sign in again.",
  FORBIDDEN: "You do not have access to this.",
  RATE_LIMITED: "Too many attempts. Please wait and try again.",
  PAYLOAD_TOO_LARGE: "The file is too large.",
  UNSUPPORTED_MEDIA_TYPE: "This file type is not accepted. Upload a PDF or an image.",
  UNAVAILABLE: "The service is temporarily unavailable. Please try again in a moment.",
  INTERNAL: "Something went wrong on our side. Please try again.",
};

/** Turns a zod error into a VALIDATION AppError naming each bad field. */
export function validationError(error: z.ZodError, message = defaultMessages.VALIDATION): AppError {
  const fields: TFieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    if (!(key in fields)) fields[key] = issue.message;
  }
  return new AppError("VALIDATION", message, { fields });
}
