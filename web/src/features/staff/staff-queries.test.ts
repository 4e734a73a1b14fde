import { describe, expect, it } from "vitest";
import { staffQuery } from "./staff-queries.ts";

describe("staff queries", () => {
  it("lists by home facility, status and role, searching trimmed text", () => {
    expect(
      staffQuery({
        facilityId: "tull",
        status: "active",
        role: "cook",
        search: "  del ",
        orderBy: { field: "hireDate", direction: "desc" },
      }),
    ).toEqual({
      where: { facilityId: "tull", status: "active", role: "cook" },
      orderBy: { field: "hireDate", direction: "desc" },
      search: "del",
    });
    expect(
      staffQuery({
        facilityId: "",
        status: "",
        role: "",
        search: " ",
        orderBy: { field: "lastName", direction: "asc" },
      }),
    ).toEqual({ where: {}, orderBy: { field: "lastName", direction: "asc" } });
  });
});
