import { describe, expect, it } from "vitest";
import { SEED_FACILITIES } from "@care/core/collections/facility-seed";
import { RCFE_DEFAULT_DOCUMENT_TYPES } from "@care/core/collections/rcfe-document-types";
import { createMemoryBackend } from "./memory-backend.ts";

describe("memory backend", () => {
  it("seeds the six facilities in order and the admin account", () => {
    const backend = createMemoryBackend({ admin: { email: "Admin@Example.test", password: "admin-password-1" } });
    const facilities = [...backend.table("facilities").values()].sort(
      (a, b) => (a.sortOrder as number) - (b.sortOrder as number),
    );
    expect(facilities.map((f) => ({ id: f.id, name: f.name }))).toEqual(SEED_FACILITIES);
    expect(facilities.every((f) => f.version === 1 && f.active === true)).toBe(true);
    const user = backend.findUserByEmail("admin@example.test");
    expect(user).toMatchObject({ email: "admin@example.test", role: "administrator", facilityIds: null, active: true });
    expect(backend.sessionUser(user!.id)).toMatchObject({ role: "administrator", facilityIds: null });
  });

  it("seeds the RCFE default document types with their stable ids and defaults applied", () => {
    const types = createMemoryBackend().table("documentTypes");
    expect([...types.keys()]).toEqual(RCFE_DEFAULT_DOCUMENT_TYPES.map((t) => t.id));
    expect(types.get("rcfe-resident-lic-602a")).toMatchObject({
      subject: "resident",
      formCode: "LIC 602A",
      validityMonths: 12,
      needsReview: true,
      facilityIds: [],
      version: 1,
      archivedAt: null,
    });
  });

  it("starts empty when asked, and validates accounts added directly", () => {
    const backend = createMemoryBackend({ seedFacilities: false, seedDocumentTypes: false });
    expect(backend.table("facilities").size).toBe(0);
    expect(backend.table("documentTypes").size).toBe(0);
    expect(backend.table("users").size).toBe(0);
    expect(() => backend.addUser({ email: "x", password: "short", role: "house-manager" })).toThrow(
      expect.objectContaining({ code: "VALIDATION" }),
    );
  });

  it("issues increasing ids", () => {
    const backend = createMemoryBackend();
    const ids = [backend.newId(), backend.newId(), backend.newId()];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
  });
});
