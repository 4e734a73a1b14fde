import { describe, expect, it } from "vitest";
import { filtersFromAddress } from "./list-state.ts";

describe("filtersFromAddress", () => {
  const initial = { status: "", active: "true", agentId: "" };
  const choices = { status: ["", "active", "discharged"], active: ["", "true", "false"], agentId: "any" } as const;

  it("takes the filters the address names, over the defaults", () => {
    const params = new URLSearchParams("status=discharged&active=&agentId=a-17&q=garcia");
    expect(filtersFromAddress(params, initial, choices)).toEqual({ status: "discharged", active: "", agentId: "a-17" });
  });

  it("keeps the default of a filter the address leaves out or names with a value not among its choices", () => {
    const params = new URLSearchParams("status=everyone&active=maybe");
    expect(filtersFromAddress(params, initial, choices)).toEqual(initial);
  });
});
