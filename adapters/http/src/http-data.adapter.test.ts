import { describe, expect, it } from "vitest";
import { createHttpPorts } from "./http-ports.ts";
import { fakeFetch, json, noContent } from "./fake-fetch.test-support.ts";

const facility = { id: "tull", name: "Tull", active: true, sortOrder: 1, version: 2 };
const page = (items: unknown[]) => json(200, { items, nextCursor: null });

function query(url: string | undefined): Record<string, string> {
  return Object.fromEntries(new URL(url ?? "", "http://x").searchParams);
}

describe("HttpDataAdapter", () => {
  it("encodes a list query: where as JSON, sort as field:direction, limit, cursor, archived", async () => {
    const { fetch, requests } = fakeFetch(page([facility]));
    const { data } = createHttpPorts({ fetch });
    const result = await data.list("facilities", {
      where: { active: true },
      search: "  tu ",
      orderBy: { field: "name", direction: "desc" },
      limit: 10,
      cursor: "abc",
      includeArchived: true,
    });
    expect(result).toEqual({ items: [facility], nextCursor: null });
    expect(requests[0]?.url.split("?")[0]).toBe("/api/v1/facilities");
    expect(query(requests[0]?.url)).toEqual({
      where: '{"active":true}',
      search: "tu",
      sort: "name:desc",
      limit: "10",
      cursor: "abc",
      includeArchived: "true",
    });
  });

  it("leaves the collection's default sort and page size to the server when the query names none", async () => {
    const { fetch, requests } = fakeFetch(page([]));
    await createHttpPorts({ fetch }).data.list("users");
    expect(query(requests[0]?.url)).toEqual({});
  });

  it("passes a query the collection does not allow on to the server, whose refusal names the field", async () => {
    const refusal = json(400, {
      error: {
        code: "VALIDATION",
        message: "The list request is not valid.",
        fields: { "where.address": "Cannot filter facilities by address" },
      },
    });
    const { fetch } = fakeFetch(refusal);
    await expect(createHttpPorts({ fetch }).data.list("facilities", { where: { address: "x" } })).rejects.toMatchObject(
      {
        code: "VALIDATION",
        fields: { "where.address": "Cannot filter facilities by address" },
      },
    );
  });

  it("counts with filters only", async () => {
    const { fetch, requests } = fakeFetch(json(200, { count: 6 }));
    await expect(
      createHttpPorts({ fetch }).data.count("facilities", { where: { active: [true, false] } }),
    ).resolves.toBe(6);
    expect(requests[0]?.url.split("?")[0]).toBe("/api/v1/facilities/count");
    expect(query(requests[0]?.url)).toEqual({ where: '{"active":[true,false]}' });
  });

  it("gets, creates, updates and removes through the record routes", async () => {
    const { fetch, requests } = fakeFetch(
      json(200, facility),
      json(201, facility),
      json(201, facility),
      json(200, { ...facility, version: 3 }),
      noContent(),
    );
    const { data } = createHttpPorts({ fetch });
    await data.get("facilities", "tull");
    await data.create("facilities", { name: "Tull" }, { id: "tull" });
    await data.create("facilities", { name: "Tull" });
    await expect(data.update("facilities", "tull", { name: "Tull House" }, 2)).resolves.toMatchObject({ version: 3 });
    await data.remove("facilities", "a b/c", 3);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /api/v1/facilities/tull",
      "POST /api/v1/facilities",
      "POST /api/v1/facilities",
      "PATCH /api/v1/facilities/tull",
      "DELETE /api/v1/facilities/a%20b%2Fc?version=3",
    ]);
    expect(requests.slice(1).every((r) => r.headers["x-requested-with"] === "care-portal")).toBe(true);
    expect(JSON.parse(String(requests[1]?.body))).toEqual({ id: "tull", data: { name: "Tull" } });
    expect(JSON.parse(String(requests[2]?.body))).toEqual({ data: { name: "Tull" } });
    expect(JSON.parse(String(requests[3]?.body))).toEqual({ version: 2, patch: { name: "Tull House" } });
  });

  it("commits all writes in one request", async () => {
    const { fetch, requests } = fakeFetch(noContent());
    const ops = [
      { op: "create", collection: "facilities", id: "x", data: { name: "X" } },
      { op: "remove", collection: "facilities", id: "y", version: 1 },
    ] as const;
    await createHttpPorts({ fetch }).data.commit([...ops]);
    expect(`${requests[0]?.method} ${requests[0]?.url}`).toBe("POST /api/v1/commit");
    expect(JSON.parse(String(requests[0]?.body))).toEqual({ ops });
  });
});
