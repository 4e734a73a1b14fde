import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, validationError } from "./app-error.ts";

describe("AppError", () => {
  it("round-trips through the JSON body the server sends", () => {
    const original = new AppError("CONFLICT", "Changed by someone else", { current: { id: "a", version: 3 } });
    const parsed = AppError.fromBody(JSON.parse(JSON.stringify(original.toBody())));
    expect(parsed.code).toBe("CONFLICT");
    expect(parsed.message).toBe("Changed by someone else");
    expect(parsed.current).toEqual({ id: "a", version: 3 });
  });

  it("falls back to the given code for a body that is not an error body", () => {
    expect(AppError.fromBody("<html>", "UNAVAILABLE").code).toBe("UNAVAILABLE");
  });

  it("names each bad field of a zod error", () => {
    const result = z.object({ name: z.string().min(1, "Required"), n: z.number() }).safeParse({ name: "", n: "x" });
    const error = validationError(result.error!);
    expect(error.code).toBe("VALIDATION");
    expect(Object.keys(error.fields!)).toEqual(["name", "n"]);
    expect(error.fields!.name).toBe("Required");
  });
});
