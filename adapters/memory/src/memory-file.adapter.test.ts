import { describe, expect, it } from "vitest";
import { createMemoryBackend } from "./memory-backend.ts";
import { memoryClient } from "./memory-client.ts";
import { cleanFileName } from "./memory-file.adapter.ts";

const admin = { email: "admin@example.test", password: "admin-password-1" };
const PDF = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");

async function signedIn() {
  const backend = createMemoryBackend({ admin });
  const ports = memoryClient(backend);
  await ports.auth.signIn(admin);
  return { backend, ...ports };
}

describe("memory file adapter", () => {
  it("keeps only the last segment of a file name", () => {
    expect(cleanFileName("../../etc/passwd", "file.pdf")).toBe("passwd");
    expect(cleanFileName("C:\\Users\\me\\scan.pdf", "file.pdf")).toBe("scan.pdf");
    expect(cleanFileName("  ", "file.pdf")).toBe("file.pdf");
    expect(cleanFileName("a".repeat(300), "file.pdf")).toHaveLength(255);
  });

  it("gives a data URL to view the file", async () => {
    const { files } = await signedIn();
    const stored = await files.upload(new Blob([PDF]), "a.pdf", { facilityId: "tull" });
    const url = await files.viewUrl(stored.id);
    expect(url.startsWith("data:application/pdf;base64,")).toBe(true);
    expect(atob(url.split(",")[1]!)).toBe("%PDF-1.4\n%%EOF\n");
  });

  it("refuses an unknown facility and audits upload, download and removal", async () => {
    const { files, backend } = await signedIn();
    await expect(files.upload(new Blob([PDF]), "a.pdf", { facilityId: "nowhere" })).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { facilityId: "Unknown facility" },
    });
    const stored = await files.upload(new Blob([PDF]), "a.pdf", { facilityId: "tull" });
    const copy = new Uint8Array(await (await files.download(stored.id)).arrayBuffer());
    copy[0] = 0;
    expect(new Uint8Array(await (await files.download(stored.id)).arrayBuffer())[0]).toBe(0x25);
    await files.remove(stored.id);
    const actions = [...backend.table("auditLog").values()]
      .filter((r) => r.recordId === stored.id)
      .map((r) => r.action);
    expect(actions).toEqual(["file_upload", "file_download", "file_download", "file_remove"]);
  });
});
