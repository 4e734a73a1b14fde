import { describe, expect, it } from "vitest";
import { staffQuery } from "./staff-queries.ts";

describe("staff queries", () => {
  it("lists by home facility, status and position, searching trimmed text", () => {
    expect(
      staffQuery({
        facilityId: "tull",
        status: "active",
        position: "cook",
        search: "  del ",
        orderBy: { field: "hireDate", direction: "desc" },
      }),
    ).toEqual({
      where: { facilityId: "tull", status: "active", position: "cook" },
      orderBy: { field: "hireDate", direction: "desc" },
      search: "del",
    });
    expect(
      staffQuery({
        facilityId: "",
        status: "",
        position: "",
        search: " ",
        orderBy: { field: "lastName", direction: "asc" },
      }),
    ).toEqual({ where: {}, orderBy: { field: "lastName", direction: "asc" } });
  });
});
