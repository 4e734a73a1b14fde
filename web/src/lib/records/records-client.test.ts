import { describe, expect, it } from "vitest";
import { AppError } from "@care/core/app-error";
import type { DataPort } from "@care/core/ports/data.port";
import type { TSessionUser } from "@care/core/ports/auth.port";
import { testSessionUser } from "@care/core/rules/access.test-support";
import { createRecordsClient, followSession, invalidatingDataPort, recordsKey } from "./records-client.ts";

/** A DataPort whose writes succeed, or fail with `failWith`. */
function fakeData(failWith?: AppError): DataPort {
  const write = async () => {
    if (failWith) throw failWith;
    return {} as never;
  };
  return {
    list: async () => ({ items: [], nextCursor: null }),
    count: async () => 0,
    get: async () => ({}) as never,
    create: write,
    update: write,
    remove: write,
    commit: write,
  } as unknown as DataPort;
}

/** Puts an answered query in the cache under `key`, reading `reads`. */
async function seed(client: ReturnType<typeof createRecordsClient>, key: unknown[], reads?: string[]) {
  await client.fetchQuery({ queryKey: key, queryFn: async () => 1, ...(reads ? { meta: { reads } } : {}) } as never);
}

const stale = (client: ReturnType<typeof createRecordsClient>, key: unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

describe("the records cache", () => {
  it("a write marks stale the reads of the collections it touched, and only those", async () => {
    const client = createRecordsClient(() => undefined);
    const residents = recordsKey("residents", "page", {});
    const staff = recordsKey("staff", "page", {});
    const insight = ["insights", "compliance"];
    await seed(client, residents);
    await seed(client, staff);
    await seed(client, insight, ["residents", "documents"]);
    const data = invalidatingDataPort(fakeData(), client);

    await data.commit([{ op: "create", collection: "documents", data: {} as never }]);
    await new Promise((r) => setTimeout(r, 0));
    expect([stale(client, residents), stale(client, staff), stale(client, insight)]).toEqual([false, false, true]);

    await data.update("residents", "r1", {}, 1);
    await new Promise((r) => setTimeout(r, 0));
    expect([stale(client, residents), stale(client, staff)]).toEqual([true, false]);
  });

  it("a payment marks stale the balances the backend derives from it; a discharge, the month's charges", async () => {
    const client = createRecordsClient(() => undefined);
    const balances = recordsKey("rentAccounts", "page", {});
    const grid = ["rent", "grid"];
    await seed(client, balances);
    await seed(client, grid, ["rentCharges"]);
    const data = invalidatingDataPort(fakeData(), client);
    await data.create("payments", {} as never);
    await new Promise((r) => setTimeout(r, 0));
    expect([stale(client, balances), stale(client, grid)]).toEqual([true, false]);
    await data.update("residents", "r1", {}, 1);
    await new Promise((r) => setTimeout(r, 0));
    expect(stale(client, grid)).toBe(true);
  });

  it("the record a write answered is what its record page shows at once", async () => {
    const client = createRecordsClient(() => undefined);
    const saved = { id: "f1", version: 2, name: "Tull House" };
    const data = { ...fakeData(), update: async () => saved } as unknown as DataPort;
    await invalidatingDataPort(data, client).update("facilities", "f1", {}, 1);
    expect(client.getQueryData(recordsKey("facilities", "get", "f1"))).toEqual(saved);
  });

  it("a write refused as stale refreshes too (what the cache holds is out of date); a refused one for another reason does not", async () => {
    const client = createRecordsClient(() => undefined);
    const key = recordsKey("staff", "get", "s1");
    await seed(client, key);
    await expect(
      invalidatingDataPort(fakeData(new AppError("VALIDATION", "bad")), client).update("staff", "s1", {}, 1),
    ).rejects.toThrow("bad");
    await new Promise((r) => setTimeout(r, 0));
    expect(stale(client, key)).toBe(false);
    await expect(
      invalidatingDataPort(fakeData(new AppError("CONFLICT", "newer")), client).update("staff", "s1", {}, 1),
    ).rejects.toThrow("newer");
    await new Promise((r) => setTimeout(r, 0));
    expect(stale(client, key)).toBe(true);
  });

  it("reports failed reads once, except the codes a query handles itself", async () => {
    const reported: unknown[] = [];
    const client = createRecordsClient((error) => reported.push(error));
    const missing = new AppError("NOT_FOUND", "gone");
    await client
      .fetchQuery({ queryKey: ["a"], queryFn: () => Promise.reject(missing), meta: { quiet: ["NOT_FOUND"] } })
      .catch(() => undefined);
    const down = new AppError("UNAVAILABLE", "down");
    await client.fetchQuery({ queryKey: ["b"], queryFn: () => Promise.reject(down) }).catch(() => undefined);
    expect(reported).toEqual([down]);
  });

  it("follows the session: emptied when nobody is signed in, read again when the same user's role changes", async () => {
    const records = createRecordsClient(() => {});
    let tell: (session: TSessionUser | null) => void = () => {};
    followSession({ onChange: (listener) => ((tell = listener), () => {}) }, records);
    const key = recordsKey("residents", "all", {});
    const cached = () => records.getQueryState(key);
    const caregiver = testSessionUser("caregiver", ["tull"], { id: "u1" });
    tell(caregiver);
    records.setQueryData(key, ["Ana"]);
    tell({ ...caregiver }); // the same session read again: nothing to do
    expect(cached()?.isInvalidated).toBe(false);
    tell({ ...caregiver, role: "office", roleName: "Office" });
    expect(cached()?.isInvalidated).toBe(true);
    tell(null);
    expect(cached()).toBeUndefined();
  });
});
