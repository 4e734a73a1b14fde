import { beforeEach, describe, expect, it, vi } from "vitest";
import type { TSessionUser } from "@care/core/ports/auth.port";

// The SDK stands in for Firebase here: the file's description from Firestore, its bytes from Storage.
const sdk = vi.hoisted(() => ({
  getBytes: vi.fn(),
  getDownloadURL: vi.fn(),
  description: {} as Record<string, unknown>,
}));
vi.mock("firebase/firestore", () => ({
  collection: vi.fn(),
  deleteDoc: vi.fn(),
  doc: vi.fn(() => ({})),
  getDocFromServer: vi.fn(async () => ({ data: () => sdk.description })),
  getDocs: vi.fn(),
  limit: vi.fn(),
  query: vi.fn(),
  serverTimestamp: vi.fn(),
  setDoc: vi.fn(),
  updateDoc: vi.fn(),
  where: vi.fn(),
}));
vi.mock("firebase/storage", () => ({
  deleteObject: vi.fn(),
  getBytes: sdk.getBytes,
  getDownloadURL: sdk.getDownloadURL,
  ref: vi.fn(() => ({})),
  uploadBytesResumable: vi.fn(),
}));
const { createStorageFileAdapter, mayRemoveFile } = await import("./storage-file.adapter.ts");
const firestore = await import("firebase/firestore");
const storageSdk = await import("firebase/storage");

const id = "6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60";
const user = { id: "u1", email: "a@example.org", facilityIds: null } as unknown as TSessionUser;
const adapter = createStorageFileAdapter({} as never, {} as never, () => user);

describe("viewing a file on Firebase", () => {
  beforeEach(() => {
    sdk.description = {
      name: "tb-test.pdf",
      contentType: "application/pdf",
      size: 8,
      facilityId: "tull",
      createdAt: "2026-11-01T10:00:00.000Z",
      createdBy: "u1",
    };
    sdk.getBytes.mockResolvedValue(new TextEncoder().encode("%PDF-1.7").buffer);
  });

  it("reads the bytes as the signed-in user and shows them from a blob: URL, never a bearer download link", async () => {
    const url = await adapter.viewUrl(id);
    expect(url).toMatch(/^blob:/);
    expect(sdk.getBytes).toHaveBeenCalledTimes(1);
    expect(sdk.getDownloadURL).not.toHaveBeenCalled();
    const shown = await fetch(url).then((response) => response.blob());
    expect(shown.type).toBe("application/pdf");
    expect(await shown.text()).toBe("%PDF-1.7");
  });
});

describe("a file's description on Firebase", () => {
  it("gives the upload time the server stored (a timestamp) as an ISO string", async () => {
    sdk.description = {
      name: "tb-test.pdf",
      contentType: "application/pdf",
      size: 8,
      facilityId: "tull",
      createdAt: { seconds: Date.parse("2026-11-01T10:00:00Z") / 1000, nanoseconds: 42_000_000, toMillis: () => 0 },
      createdBy: "u1",
    };
    expect(await adapter.describe(id)).toMatchObject({ id, createdAt: "2026-11-01T10:00:00.042Z" });
  });
});

describe("removing a file on Firebase", () => {
  const calls: string[] = [];
  const as = (who: Partial<TSessionUser>) =>
    createStorageFileAdapter({} as never, {} as never, () => ({ ...user, ...who }) as TSessionUser);

  beforeEach(() => {
    calls.length = 0;
    sdk.description = {
      name: "tb-test.pdf",
      contentType: "application/pdf",
      size: 8,
      facilityId: "tull",
      createdAt: "2026-11-01T10:00:00.000Z",
      createdBy: "uploader",
    };
    vi.mocked(firestore.getDocs).mockResolvedValue({ empty: true } as never);
    vi.mocked(firestore.updateDoc)
      .mockReset()
      .mockImplementation(async () => void calls.push("remover"));
    vi.mocked(firestore.deleteDoc)
      .mockReset()
      .mockImplementation(async () => void calls.push("description"));
    vi.mocked(storageSdk.deleteObject)
      .mockReset()
      .mockImplementation(async () => void calls.push("bytes"));
  });

  it("is for the uploader or an administrator only, not any user who may change documents", async () => {
    const writer = { role: "house-manager", permissions: { documents: "write" } } as unknown as Partial<TSessionUser>;
    expect(mayRemoveFile({ ...user, id: "uploader" }, { createdBy: "uploader" })).toBe(true);
    expect(mayRemoveFile({ ...user, role: "administrator" }, { createdBy: "uploader" })).toBe(true);
    expect(mayRemoveFile({ ...user, ...writer } as TSessionUser, { createdBy: "uploader" })).toBe(false);
    await expect(as({ id: "someone", ...writer }).remove(id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(calls).toEqual([]);
  });

  // Documents to read, the residents' papers but not the staff's (the removal's check asks for those alone).
  const caregiver = {
    role: "caregiver",
    permissions: { documents: "read", residents: "write" },
  } as unknown as Partial<TSessionUser>;

  it("marks the remover, then deletes the description, which the Storage rules require before the bytes go", async () => {
    await as({ id: "uploader", ...caregiver }).remove(id);
    expect(calls).toEqual(["remover", "description", "bytes"]);
    expect(firestore.updateDoc).toHaveBeenCalledWith(expect.anything(), { _removedBy: "uploader" });
  });

  it("answers CONFLICT when the rules keep a file a document once named, and leaves its bytes", async () => {
    vi.mocked(firestore.deleteDoc).mockRejectedValue(Object.assign(new Error("denied"), { code: "permission-denied" }));
    await expect(as({ id: "uploader", ...caregiver }).remove(id)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(storageSdk.deleteObject).not.toHaveBeenCalled();
  });
});
