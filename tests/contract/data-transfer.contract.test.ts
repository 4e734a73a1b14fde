// DataTransferPort contract: every backend exports the same format (the server streams it, memory and
// Firebase build it from their ports): a manifest naming every collection, whose counts and checksums
// hold, the records exactly as the DataPort answers them, and the files the documents name.
import { createHash } from "node:crypto";
import { unzipSync } from "fflate";
import Papa from "papaparse";
import { beforeAll, expect, it } from "vitest";
import { exportSchemaVersion, ZExportManifest } from "@care/core/data-export/export-format";
import { collectionNames } from "@care/core/registry";
import type { TPorts } from "./harness.ts";
import { expectAppError, runContract, RUN, unique } from "./contract-runner.ts";

const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

await runContract("data", (ctx) => {
  let admin: TPorts;
  let residentId: string;
  let documentId: string;
  let fileId: string;

  /** The rows of a CSV entry, its header and byte order mark left out. */
  const csvRows = (bytes: Uint8Array | undefined) => Papa.parse<string[]>(text(bytes).trim()).data.slice(1);

  beforeAll(async () => {
    admin = await ctx.signedIn();
    const resident = await admin.data.create("residents", {
      facilityId: "tull",
      firstName: "Ada",
      lastName: `Export ${RUN}`,
      dateOfBirth: "1940-01-01",
      gender: "female",
      admissionDate: "2025-01-01",
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
      monthlyRateCents: 450_000,
    });
    residentId = resident.id;
  });

  ctx.itUsing(["files"])(
    "exports every collection with a manifest whose counts and checksums hold, records as the data port answers them, and the documents' files",
    async () => {
      const typeId = unique("type-export");
      await admin.data.create("documentTypes", { subject: "resident", name: `Face sheet ${RUN}` }, { id: typeId });
      const file = await admin.files.upload(new Blob([PDF.slice()]), "face-sheet.pdf", { facilityId: "tull" });
      fileId = file.id;
      const document = await admin.data.create("documents", {
        subject: "resident",
        subjectId: residentId,
        facilityId: "tull",
        typeId,
        fileId: file.id,
        fileName: file.name,
        contentType: file.contentType,
        size: file.size,
        issueDate: "2025-01-31",
      });
      documentId = document.id;

      let received = 0;
      const zip = await admin.transfer.exportAll({ onProgress: (bytes) => (received = bytes) });
      expect(received).toBeGreaterThan(0);
      const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
      const manifest = ZExportManifest.parse(JSON.parse(text(entries["manifest.json"])));
      expect(manifest).toMatchObject({
        schemaVersion: exportSchemaVersion(),
        backend: ctx.harness.name,
        facilityIds: null,
      });
      for (const name of collectionNames) {
        const entry = manifest.collections[name];
        expect(sha256(entries[entry.json.path]!), name).toBe(entry.json.sha256);
        expect(sha256(entries[entry.csv.path]!), name).toBe(entry.csv.sha256);
        const records = JSON.parse(text(entries[entry.json.path])) as { id: string }[];
        expect(records, name).toHaveLength(entry.count);
        expect(records.map((r) => r.id)).toEqual(records.map((r) => r.id).sort());
      }
      const residents = JSON.parse(text(entries["collections/residents.json"])) as { id: string }[];
      expect(residents.find((r) => r.id === residentId)).toEqual(await admin.data.get("residents", residentId));
      const documents = JSON.parse(text(entries["collections/documents.json"])) as { id: string }[];
      expect(documents.find((d) => d.id === documentId)).toEqual(await admin.data.get("documents", documentId));
      expect(entries[`files/${fileId}`]).toEqual(PDF);
      const index = JSON.parse(text(entries["files/index.json"])) as { id: string; sha256: string }[];
      expect(index.find((f) => f.id === fileId)).toMatchObject({ ...(await admin.files.describe(fileId)), sha256: sha256(PDF) }); // prettier-ignore
      // A byte order mark, then the labels as headers.
      expect([...entries["csv/residents.csv"]!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(text(entries["csv/residents.csv"])).toMatch(/^Id,Facility,Facility name,First name,/);
      // For a spreadsheet, the same on every backend (the server's export and the browser's): the
      // linked records' names beside their ids, codes in words, lists as text, never JSON.
      const tull = await admin.data.get("facilities", "tull");
      const residentRow = csvRows(entries["csv/residents.csv"]).find((row) => row[0] === residentId)!;
      expect(residentRow.slice(0, 3)).toEqual([residentId, "tull", tull.name]);
      expect(residentRow).toContain("Full code");
      expect(residentRow.some((cell) => cell.startsWith("{") || cell.startsWith("["))).toBe(false);
      const documentRow = csvRows(entries["csv/documents.csv"]).find((row) => row[0] === documentId)!;
      expect(documentRow).toEqual(
        expect.arrayContaining([residentId, `Export ${RUN}, Ada`, typeId, `Face sheet ${RUN}`]),
      );
    },
  );

  it("is refused to a role without the export permission", async () => {
    const account = await ctx.createUser(admin, { role: "house-manager", facilityIds: ["tull"] });
    const manager = await ctx.signedIn(account);
    await expectAppError(manager.transfer.exportAll(), "FORBIDDEN");
  });
});
