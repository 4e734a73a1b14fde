import { describe, expect, it, vi } from "vitest";
import {
  createFacilityStore,
  currentSelection,
  reconcileSelection,
  SELECTED_FACILITY_KEY,
} from "./selected-facility.ts";

function fakeStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    values,
  };
}

describe("selected facility store", () => {
  it("holds no choice at first (no fixed home) and keeps a choice, including the empty one (all facilities)", () => {
    const storage = fakeStorage();
    const store = createFacilityStore(storage, null);
    expect(store.get()).toBeNull();
    store.set("tull");
    expect(storage.values.get(SELECTED_FACILITY_KEY)).toBe("tull");
    expect(createFacilityStore(storage, null).get()).toBe("tull");
    store.set("");
    expect(createFacilityStore(storage, null).get()).toBe("");
  });

  it("tells subscribers about changes, also from another tab", () => {
    const target = new EventTarget();
    const store = createFacilityStore(fakeStorage(), target as unknown as Window);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set("ashwood");
    target.dispatchEvent(Object.assign(new Event("storage"), { key: SELECTED_FACILITY_KEY }));
    target.dispatchEvent(Object.assign(new Event("storage"), { key: "other" }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.set("tull");
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("still works when storage is blocked", () => {
    const blocked = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
    };
    const store = createFacilityStore(blocked, null);
    expect(store.get()).toBeNull();
    store.set("newman");
    expect(store.get()).toBe("newman");
  });
});

describe("reconcileSelection", () => {
  it("keeps all facilities and any home the user can pick", () => {
    expect(reconcileSelection("", ["tull"])).toBe("");
    expect(reconcileSelection("tull", ["van-buren", "tull"])).toBe("tull");
  });

  it("moves off a deactivated or unreachable home to the first one the user may see", () => {
    expect(reconcileSelection("van-buren", ["tull", "newman"])).toBe("tull");
    expect(reconcileSelection("gone", [])).toBe("");
  });
});

describe("currentSelection", () => {
  it("with no choice stored, is van-buren where the group has it, else the first home, or none", () => {
    expect(currentSelection(null, ["ashwood", "van-buren", "tull"], null)).toBe("van-buren");
    expect(currentSelection(null, ["tull", "newman"], null)).toBe("tull");
    expect(currentSelection(null, [], null)).toBe("");
  });

  it("while the list loads, asks for no home that may not exist: a limited user's van-buren or first, else all", () => {
    expect(currentSelection(null, null, null)).toBe("");
    expect(currentSelection(null, null, ["newman", "tull"])).toBe("newman");
    expect(currentSelection(null, null, ["tull", "van-buren"])).toBe("van-buren");
  });

  it("keeps a stored choice, within a limited user's homes", () => {
    expect(currentSelection("ashwood", ["tull"], null)).toBe("ashwood");
    expect(currentSelection("ashwood", null, ["tull"])).toBe("tull");
  });
});
