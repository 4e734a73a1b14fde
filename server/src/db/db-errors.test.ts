import { AppError } from "@care/core/app-error";
import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import { describe, expect, it } from "vitest";
import { toAppError, UNAVAILABLE_MESSAGE } from "./db-errors.ts";

function prismaError(code: string, meta: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`Invalid \`prisma.user.create()\` invocation: select * from "users"`), {
    name: "PrismaClientKnownRequestError",
    code,
    meta,
  });
}

describe("toAppError", () => {
  it.each([
    ["connection refused", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["connection terminated", new Error("Connection terminated unexpectedly")],
    ["pool connect timeout", new Error("timeout exceeded when trying to connect")],
    ["query read timeout", new Error("Query read timeout")],
    [
      "admin shutdown",
      Object.assign(new Error("terminating connection due to administrator command"), {
        code: "57P01",
        severity: "FATAL",
      }),
    ],
    [
      "statement timeout",
      Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014", severity: "ERROR" }),
    ],
    ["prisma P1001", prismaError("P1001")],
    ["prisma pool timeout P2024", prismaError("P2024")],
    ["adapter DatabaseNotReachable", new DriverAdapterError({ kind: "DatabaseNotReachable" })],
    [
      "adapter ConnectionClosed in meta",
      prismaError("P2010", { driverAdapterError: new DriverAdapterError({ kind: "ConnectionClosed" }) }),
    ],
    [
      "initialization error",
      Object.assign(new Error("Can't reach database server"), { name: "PrismaClientInitializationError" }),
    ],
    ["wrapped in cause", new Error("query failed", { cause: Object.assign(new Error("x"), { code: "ECONNRESET" }) })],
  ])("maps %s to UNAVAILABLE", (_, error) => {
    const mapped = toAppError(error);
    expect(mapped?.code).toBe("UNAVAILABLE");
    expect(mapped?.message).toBe(UNAVAILABLE_MESSAGE);
  });

  it("maps unique violations to CONFLICT naming the fields, without SQL", () => {
    const mapped = toAppError(prismaError("P2002", { target: ["email"] }));
    expect(mapped?.code).toBe("CONFLICT");
    expect(mapped?.fields).toEqual({ email: "Already in use." });
    expect(mapped?.message).not.toMatch(/select|users|prisma/i);
    const viaAdapter = toAppError(
      new DriverAdapterError({ kind: "UniqueConstraintViolation", constraint: { fields: ["id"] } }),
    );
    expect(viaAdapter?.code).toBe("CONFLICT");
    expect(toAppError(Object.assign(new Error("duplicate key"), { code: "23505", severity: "ERROR" }))?.code).toBe(
      "CONFLICT",
    );
  });

  it("maps serialization failures and deadlocks to CONFLICT", () => {
    expect(toAppError(prismaError("P2034"))?.code).toBe("CONFLICT");
    expect(
      toAppError(Object.assign(new Error("could not serialize"), { code: "40001", severity: "ERROR" }))?.code,
    ).toBe("CONFLICT");
    expect(toAppError(new DriverAdapterError({ kind: "TransactionWriteConflict" }))?.code).toBe("CONFLICT");
  });

  it("maps a missing record to NOT_FOUND", () => {
    expect(toAppError(prismaError("P2025"))?.code).toBe("NOT_FOUND");
  });

  it("passes AppErrors through and returns null for anything else", () => {
    const own = new AppError("VALIDATION", "bad");
    expect(toAppError(own)).toBe(own);
    expect(toAppError(new TypeError("x is undefined"))).toBeNull();
    expect(toAppError(prismaError("P2003"))).toBeNull();
    expect(toAppError("text")).toBeNull();
    expect(toAppError(undefined)).toBeNull();
  });
});
