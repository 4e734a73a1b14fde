import { beforeEach, describe, expect, it, vi } from "vitest";
import { permissionsAt } from "@care/core/collections/roles.collection";
import { getCollection } from "@care/core/registry";
import { testSessionUser } from "@care/core/rules/access.test-support";
import { toStoredData } from "./firestore-records.ts";
import { RECORD_META } from "./record-meta.test-support.ts";

// The SDK stands in for Firestore here: one document, written by `setDoc` or a transaction, read back
// with the timestamps the server gave it.
const sdk = vi.hoisted(() => {
  /** What `serverTimestamp()` returns: the SDK's sentinel, resolved by the server at the write. */
  const SERVER = { sentinel: "serverTimestamp" };
  class Timestamp {
    constructor(
      readonly seconds: number,
      readonly nanoseconds: number,
    ) {}
    toMillis() {
      return this.seconds * 1000 + this.nanoseconds / 1e6;
    }
  }
  const store = {
    /** The document as the SDK was asked to write it (sentinels included). */
    written: null as Record<string, unknown> | null,
    /** The document as the server holds it after the write. */
    stored: null as Record<string, unknown> | null,
  };
  /** Resolves sentinels the way the server does, at `at`. */
  const commit = (data: Record<string, unknown>, at: InstanceType<typeof Timestamp>) => {
    store.written = data;
    store.stored = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v === SERVER ? at : v]));
  };
  const snap = () => ({
    id: "agent-1",
    exists: () => store.stored !== null,
    data: () => store.stored ?? undefined,
    get: (field: string) => store.stored?.[field],
  });
  return { SERVER, Timestamp, store, commit, snap, writeTime: new Timestamp(0, 0) };
});
vi.mock("firebase/firestore", () => ({
  collection: vi.fn(() => ({})),
  doc: vi.fn(() => ({ id: "agent-1", parent: { id: "referralAgents" } })),
  documentId: vi.fn(),
  getCountFromServer: vi.fn(),
  getDocFromServer: vi.fn(async () => sdk.snap()),
  getDocsFromServer: vi.fn(),
  limit: vi.fn(),
  orderBy: vi.fn(),
  query: vi.fn(),
  runTransaction: vi.fn(async (_db: unknown, work: (tx: unknown) => Promise<unknown>) =>
    work({
      get: async () => sdk.snap(),
      set: (_ref: unknown, data: Record<string, unknown>) => sdk.commit(data, sdk.writeTime),
    }),
  ),
  serverTimestamp: vi.fn(() => sdk.SERVER),
  setDoc: vi.fn(async (_ref: unknown, data: Record<string, unknown>) => sdk.commit(data, sdk.writeTime)),
  startAfter: vi.fn(),
  Timestamp: sdk.Timestamp,
  where: vi.fn(),
}));
const { createFirestoreDataAdapter } = await import("./firestore-data.adapter.ts");
const firestore = await import("firebase/firestore");

const user = testSessionUser("office", null, { permissions: permissionsAt("write") });
const adapter = createFirestoreDataAdapter(
  {} as never,
  () => user,
  () => Promise.reject(new Error("no functions")),
);
const agent = { name: "Bay Area Senior Advisors" };

describe("the Firestore data adapter's record times", () => {
  beforeEach(() => {
    sdk.store.written = null;
    sdk.store.stored = null;
    // 2026-11-27T10:00:00.123456Z, as the server's clock says at the first write.
    sdk.writeTime = new sdk.Timestamp(Date.parse("2026-11-27T10:00:00Z") / 1000, 123_456_000);
  });

  it("creates a record with the server's time as createdAt and updatedAt, and answers with it (to the millisecond)", async () => {
    const created = await adapter.create("referralAgents", agent);
    expect(sdk.store.written).toMatchObject({
      createdAt: sdk.SERVER,
      updatedAt: sdk.SERVER,
      archivedAt: null,
      _writtenAt: sdk.SERVER,
    });
    expect(created).toMatchObject({
      createdAt: "2026-11-27T10:00:00.123Z",
      updatedAt: "2026-11-27T10:00:00.123Z",
      archivedAt: null,
    });
  });

  it("keeps the stored createdAt on an update and sets updatedAt, then archivedAt, to the server's time", async () => {
    await adapter.create("referralAgents", agent);
    const createdAt = sdk.store.stored!.createdAt;
    sdk.writeTime = new sdk.Timestamp(Date.parse("2026-11-27T11:00:00Z") / 1000, 5_000);
    const updated = await adapter.update("referralAgents", "agent-1", { phone: "(559) 555-0110" }, 1);
    // The kept time is written back as the very timestamp the server stored, microseconds and all (the rules compare them).
    expect(sdk.store.written!.createdAt).toEqual(createdAt);
    expect(sdk.store.written!.updatedAt).toBe(sdk.SERVER);
    expect(updated).toMatchObject({
      createdAt: "2026-11-27T10:00:00.123Z",
      updatedAt: "2026-11-27T11:00:00.000Z",
    });

    sdk.writeTime = new sdk.Timestamp(Date.parse("2026-11-27T12:00:00Z") / 1000, 0);
    await adapter.remove("referralAgents", "agent-1", 2);
    expect(sdk.store.written).toMatchObject({ createdAt, updatedAt: sdk.SERVER, archivedAt: sdk.SERVER });
    expect(await adapter.get("referralAgents", "agent-1")).toMatchObject({
      version: 3,
      createdAt: "2026-11-27T10:00:00.123Z",
      archivedAt: "2026-11-27T12:00:00.000Z",
      updatedAt: "2026-11-27T12:00:00.000Z",
    });
  });
});

describe("the Firestore data adapter's view audit rows", () => {
  it("appends the row of a viewed record as the signed-in account, at the server's time", async () => {
    const diagnosis = {
      id: "agent-1",
      residentId: "r1",
      facilityId: "tull",
      name: "Hypertension",
      ...RECORD_META,
    };
    sdk.store.stored = toStoredData(getCollection("diagnoses"), diagnosis);
    await adapter.get("diagnoses", "agent-1");
    expect(sdk.store.written).toMatchObject({
      action: "view",
      collection: "diagnoses",
      recordId: "agent-1",
      facilityId: "tull",
      _facility: "tull",
      actorId: user.id,
      actorEmail: user.email,
      ip: null,
      at: sdk.SERVER,
      createdAt: sdk.SERVER,
      updatedAt: sdk.SERVER,
    });
  });
});

describe("the Firestore data adapter's reading of malformed documents", () => {
  /** An agent's document as the adapter stores it, with `over` in place of its fields. */
  function agentSnap(id: string, over: Record<string, unknown> = {}) {
    const record = {
      id,
      name: "Bay Area Senior Advisors",
      active: true,
      ...RECORD_META,
    };
    const data = { ...toStoredData(getCollection("referralAgents"), record), ...over };
    return { id, exists: () => true, data: () => data, get: (field: string) => data[field] };
  }

  it("skips a record whose fields its schema refuses, and reports it by collection, id and field, not value", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.mocked(firestore.getDocsFromServer).mockResolvedValueOnce({
      docs: [agentSnap("agent-good"), agentSnap("agent-bad", { name: "x".repeat(121), duplicateReportDays: "x" })],
    } as never);
    const page = await adapter.list("referralAgents");
    expect(page.items.map((item) => item.id)).toEqual(["agent-good"]);
    expect(warn).toHaveBeenCalledWith(
      "Skipped referralAgents/agent-bad: name, duplicateReportDays not as the schema says.",
    );
    expect(JSON.stringify(warn.mock.calls)).not.toContain("xxx");
    warn.mockRestore();
  });

  it("answers a get of such a record as not found, with the reason, instead of handing it to the page", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    sdk.store.stored = agentSnap("agent-1", { active: "yes" }).data();
    await expect(adapter.get("referralAgents", "agent-1")).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "That referral agent is stored in a form the portal cannot show.",
    });
    expect(warn).toHaveBeenCalledWith("Skipped referralAgents/agent-1: active not as the schema says.");
    warn.mockRestore();
  });
});
