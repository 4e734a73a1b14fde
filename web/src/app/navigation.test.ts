import { describe, expect, it } from "vitest";
import { DEFAULT_ROLES } from "@care/core/collections/roles.collection";
import { facilitiesRoutes } from "../features/facilities/facilities.routes.ts";
import { accessWords, allows } from "../lib/access.ts";
import { paths } from "../lib/paths.ts";
import { currentMarker, entryOf, normalizePath, QUICK_LINKS, sectionOf, TOP_NAV } from "./navigation.ts";

describe("navigation", () => {
  it("has the seed's top entries in order, with their exact routes", () => {
    expect(TOP_NAV.map((s) => [s.label, s.to])).toEqual([
      ["Reminders", "/reminders"],
      ["Residents", "/residents/"],
      ["Staff", "/staff/"],
      ["Referral Agents", "/agencies/"],
      ["Facilities", "/facilities/"],
      ["Settings", "/admin/resident-doc-config"],
    ]);
    expect(QUICK_LINKS.map((l) => [l.label, l.to])).toEqual([
      ["Reports", "/reports"],
      ["Settings", "/settings"],
      ["Help", "/help"],
    ]);
  });

  it("puts both /agencies/ and /referral-agents pages in the Referral Agents area", () => {
    expect(sectionOf("/agencies/")?.id).toBe("referral-agents");
    expect(sectionOf("/referral-agents/logs")?.id).toBe("referral-agents");
    expect(sectionOf("/residents")?.id).toBe("residents");
    expect(sectionOf("/admin/staff-doc-config")?.id).toBe("settings");
    expect(sectionOf("/residentsx")).toBeUndefined();
    expect(sectionOf("/reports")).toBeUndefined();
  });

  it("leads both Settings entries into one area whose menu holds every Settings page, the hub once", () => {
    for (const path of ["/settings", "/settings/users", "/settings/account", "/admin/resident-doc-config"])
      expect(sectionOf(path)?.id).toBe("settings");
    const menu = TOP_NAV.find((s) => s.id === "settings")!.submenu.map((l) => l.to);
    // The hub is the quick link "Settings", shown beside the area's menu: not listed a second time in it.
    expect(menu).not.toContain("/settings");
    expect(QUICK_LINKS.map((l) => l.to)).toContain("/settings");
    expect(menu).toEqual(
      expect.arrayContaining([
        "/settings/users",
        "/admin/resident-doc-config",
        "/admin/facility-doc-config",
        "/admin/staff-doc-config",
        "/settings/portal-title",
        "/settings/account",
      ]),
    );
  });

  it("marks the page's own link as current, and its area's top entry", () => {
    const residents = TOP_NAV[1]!;
    expect(currentMarker("/residents/", "/residents")).toBe("page");
    expect(currentMarker("/residents", "/residents/")).toBe("page");
    expect(currentMarker(residents.to, "/residents/add", residents)).toBe("true");
    expect(currentMarker("/residents", "/residents/add")).toBeUndefined();
    expect(currentMarker("/referral-agents", "/agencies/")).toBe("page");
    expect(currentMarker("/staff/", "/residents/", TOP_NAV[2])).toBeUndefined();
  });

  it("offers Facilities, entry and list, only to roles that may read facilities", () => {
    const entry = TOP_NAV.find((s) => s.id === "facilities")!;
    const list = facilitiesRoutes.find((r) => r.path === paths.facilities.list.path)!;
    const caregiver = DEFAULT_ROLES.caregiver!;
    for (const access of [entry.access, list.access]) {
      expect(allows(caregiver, access)).toBe(false);
      expect(allows({ permissions: { ...caregiver.permissions, facilities: "read" } }, access)).toBe(true);
      expect(allows(DEFAULT_ROLES.administrator, access)).toBe(true);
      expect(accessWords(access ?? [])).toBe("facilities");
    }
  });

  it("opens Staff on Schedules for a caregiver, who reads the rota but not the staff records", () => {
    const staff = TOP_NAV.find((s) => s.id === "staff")!;
    const caregiver = DEFAULT_ROLES.caregiver!;
    expect(allows(caregiver, staff.access)).toBe(true);
    expect(entryOf(staff, caregiver)).toBe(paths.staff.schedules.href());
    expect(staff.submenu.filter((l) => allows(caregiver, l.access)).map((l) => l.label)).toEqual(["Schedules"]);
    expect(entryOf(staff, DEFAULT_ROLES.administrator)).toBe("/staff/");
  });

  it("treats a trailing slash as the same path", () => {
    expect(normalizePath("/residents/")).toBe("/residents");
    expect(normalizePath("/")).toBe("/");
  });
});
