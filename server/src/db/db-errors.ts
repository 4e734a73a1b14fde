// Translates what Prisma, its driver adapters, node-postgres and PGlite throw into AppError codes.
// Messages are fixed sentences: no SQL, table or constraint text ever reaches a user.
import { AppError, defaultMessages } from "@care/core/app-error";

export const UNAVAILABLE_MESSAGE = "The database is not reachable right now. Please try again in a moment.";
const DUPLICATE_MESSAGE = "A record with the same value already exists.";

/** Prisma error codes (https://www.prisma.io/docs/orm/reference/error-reference). */
const PRISMA_UNAVAILABLE = new Set(["P1001", "P1002", "P1008", "P1011", "P1017", "P2024", "P2037"]);
/** Driver adapter error kinds meaning the database cannot be used right now. */
const KIND_UNAVAILABLE = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "TlsConnectionError",
]);
/** Node socket error codes. */
const NODE_UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
/** SQLSTATEs: connection exceptions (08…), shutdown/cannot connect (57P0x), canceled by timeout, too many connections. */
const SQLSTATE_UNAVAILABLE = /^(08...|57P0[1-4]|57014|53300|53400)$/;
/** node-postgres and pg-pool messages for dead or missing connections. */
const MESSAGE_UNAVAILABLE =
  /connection terminated|terminating connection|timeout exceeded when trying to connect|connection timeout|query read timeout|client has encountered a connection error|cannot use a pool after calling end|econnrefused|the database system is (starting up|shutting down)|pglite is closed/i;

interface Facts {
  codes: Set<string>;
  kinds: Set<string>;
  messages: string[];
  uniqueFields?: string[];
}

/** Looks through the error, its causes and Prisma's wrapped driver error. */
function collect(error: unknown, facts: Facts, depth = 0): void {
  if (depth > 6 || error === null || typeof error !== "object") return;
  const record = error as Record<string, unknown>;
  if (typeof record.code === "string") facts.codes.add(record.code);
  if (typeof record.errorCode === "string") facts.codes.add(record.errorCode);
  if (typeof record.kind === "string") facts.kinds.add(record.kind);
  if (typeof record.originalCode === "string") facts.codes.add(record.originalCode);
  if (typeof record.message === "string") facts.messages.push(record.message);
  if (record.kind === "UniqueConstraintViolation") {
    const constraint = record.constraint as { fields?: unknown; index?: unknown } | undefined;
    if (Array.isArray(constraint?.fields)) facts.uniqueFields = constraint.fields.map(String);
    else if (typeof constraint?.index === "string" && typeof record.table === "string") {
      // node-postgres names only the index; Prisma names unique indexes `<table>_<column>_key`.
      const match = constraint.index.match(new RegExp(`^${record.table}_([A-Za-z0-9]+)_key$`));
      if (match?.[1]) facts.uniqueFields = [match[1]];
    }
  }
  const meta = record.meta as Record<string, unknown> | undefined;
  if (meta && typeof meta === "object") {
    if (Array.isArray(meta.target) && !facts.uniqueFields) facts.uniqueFields = meta.target.map(String);
    collect(meta.driverAdapterError, facts, depth + 1);
  }
  if (Array.isArray(record.errors)) for (const inner of record.errors) collect(inner, facts, depth + 1);
  collect(record.cause, facts, depth + 1);
}

/** The AppError for a database failure, or null when the error is not one this module recognises. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error === null || typeof error !== "object") return null;
  const facts: Facts = { codes: new Set(), kinds: new Set(), messages: [] };
  collect(error, facts);
  const codes = [...facts.codes];
  const kinds = [...facts.kinds];
  const name = (error as { name?: unknown }).name;

  if (
    name === "PrismaClientInitializationError" ||
    codes.some((c) => PRISMA_UNAVAILABLE.has(c) || NODE_UNAVAILABLE.has(c) || SQLSTATE_UNAVAILABLE.test(c)) ||
    kinds.some((k) => KIND_UNAVAILABLE.has(k)) ||
    facts.messages.some((m) => MESSAGE_UNAVAILABLE.test(m))
  ) {
    return new AppError("UNAVAILABLE", UNAVAILABLE_MESSAGE, { cause: error, retryAfterSeconds: 5 });
  }
  if (codes.includes("P2002") || codes.includes("23505") || kinds.includes("UniqueConstraintViolation")) {
    const fields = facts.uniqueFields?.length
      ? Object.fromEntries(facts.uniqueFields.map((field) => [field, "Already in use."]))
      : undefined;
    return new AppError("CONFLICT", DUPLICATE_MESSAGE, { cause: error, ...(fields ? { fields } : {}) });
  }
  if (
    codes.some((c) => c === "P2034" || c === "40001" || c === "40P01") ||
    kinds.includes("TransactionWriteConflict")
  ) {
    return new AppError("CONFLICT", defaultMessages.CONFLICT, { cause: error });
  }
  // SQLSTATE class 22 (data exception: a NUL byte in text, a number out of range …) is bad input, not a fault.
  if (codes.some((c) => /^22[0-9A-Z]{3}$/.test(c))) {
    return new AppError("VALIDATION", "The request contains a value that cannot be stored.", { cause: error });
  }
  if (codes.includes("P2025")) {
    return new AppError("NOT_FOUND", defaultMessages.NOT_FOUND, { cause: error });
  }
  return null;
}
