// Single-flight: concurrent identical keys share one computation (and its failure); different keys and
// later calls compute on their own (no caching after a computation settles).
import { describe, expect, it } from "vitest";
import { createSingleFlight } from "./single-flight.ts";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("createSingleFlight", () => {
  it("shares one running computation between identical keys", async () => {
    const flights = createSingleFlight<number>();
    const gate = deferred<number>();
    let calls = 0;
    const compute = () => ((calls += 1), gate.promise);
    const a = flights.run("k", compute);
    const b = flights.run("k", compute);
    expect(flights.running).toBe(1);
    gate.resolve(42);
    expect(await Promise.all([a, b])).toEqual([42, 42]);
    expect(calls).toBe(1);
    expect(flights.running).toBe(0);
  });

  it("computes different keys separately", async () => {
    const flights = createSingleFlight<string>();
    const results = await Promise.all([flights.run("a", async () => "A"), flights.run("b", async () => "B")]);
    expect(results).toEqual(["A", "B"]);
  });

  it("does not cache: a call after the computation settled computes again", async () => {
    const flights = createSingleFlight<number>();
    let calls = 0;
    const compute = async () => (calls += 1);
    expect(await flights.run("k", compute)).toBe(1);
    expect(await flights.run("k", compute)).toBe(2);
  });

  it("gives every waiter the failure, then forgets it", async () => {
    const flights = createSingleFlight<number>();
    const gate = deferred<number>();
    const a = flights.run("k", () => gate.promise);
    const b = flights.run("k", () => gate.promise);
    gate.reject(new Error("database down"));
    await expect(a).rejects.toThrow("database down");
    await expect(b).rejects.toThrow("database down");
    expect(flights.running).toBe(0);
    expect(await flights.run("k", async () => 7)).toBe(7);
  });
});
