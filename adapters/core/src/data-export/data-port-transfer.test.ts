import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ACTIONS, permissionsAt } from "../collections/roles.collection.ts";
import type { TListQuery, TPage } from "../list-query.ts";
import type { AuthPort, TSessionUser } from "../ports/auth.port.ts";
import type { DataPort } from "../ports/data.port.ts";
import type { FilePort } from "../ports/file.port.ts";
import { collectionNames, type TCollectionName } from "../registry.ts";
import { createDataPortTransfer } from "./data-port-transfer.ts";

const admin: TSessionUser = {
  id: "u1",
  email: "admin@example.test",
  displayName: null,
  role: "administrator",
  roleName: "Administrator",
  permissions: permissionsAt("write"),
  actions: [...ACTIONS],
  facilityIds: null,
};

/** A data port holding `perCollection` group-wide records in every collection, paged by an index cursor. */
function pagedData(perCollection: number) {
  const asked: { collection: TCollectionName; limit: number | undefined }[] = [];
  let reading = 0;
  let mostAtOnce = 0;
  const list = async (collection: TCollectionName, query: TListQuery = {}): Promise<TPage<never>> => {
    asked.push({ collection, limit: query.limit });
    reading += 1;
    mostAtOnce = Math.max(mostAtOnce, reading);
    await new Promise((resolve) => setTimeout(resolve, 1));
    reading -= 1;
    const from = Number(query.cursor ?? 0);
    const to = Math.min(perCollection, from + (query.limit ?? perCollection));
    // Group-wide records of every kind the export may read (a history row names a readable collection).
    const items = Array.from({ length: to - from }, (_, i) => ({
      id: `${collection}-${String(from + i).padStart(3, "0")}`,
      facilityId: null,
      facilityIds: null,
      collection: "residents",
    }));
    return { items: items as never[], nextCursor: to < perCollection ? String(to) : null };
  };
  return { data: { list } as unknown as DataPort, asked, mostAtOnce: () => mostAtOnce };
}

describe("createDataPortTransfer's export", () => {
  const auth = { current: () => admin } as unknown as AuthPort;
  const files = {} as FilePort;

  it("reads every collection in pages of the backend's size, one query at a time, and exports every record", async () => {
    const { data, asked, mostAtOnce } = pagedData(7);
    const zip = await createDataPortTransfer({ auth, data, files }, "firebase", { pageSize: 3 }).exportAll();
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const manifest = JSON.parse(new TextDecoder().decode(entries["manifest.json"])) as {
      collections: Record<string, { count: number }>;
    };
    for (const name of collectionNames) expect(manifest.collections[name]?.count, name).toBe(7);
    // 7 records in pages of 3: three pages per collection, none larger.
    expect(asked.every((a) => a.limit === 3)).toBe(true);
    expect(asked).toHaveLength(collectionNames.length * 3);
    expect(mostAtOnce()).toBe(1);
  });
});
