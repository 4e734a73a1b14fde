// Moving a group between backends: an export the memory backend builds in the browser imports into
// the portal's own server (a fresh http harness), and the server then exports the same records.
import { unzipSync } from "fflate";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ZExportManifest } from "@care/core/data-export/export-format";
import { collectionNames } from "@care/core/registry";
import type { ContractHarness, TPorts } from "./harness.ts";
import { createHarness as httpHarness } from "./harnesses/http.harness.ts";
import { createHarness as memoryHarness } from "./harnesses/memory.harness.ts";

const memory: ContractHarness = memoryHarness();
const http: ContractHarness = httpHarness();
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

async function signedIn(harness: ContractHarness): Promise<TPorts> {
  const ports = harness.client();
  await ports.auth.signIn(harness.admin);
  return ports;
}

const manifestOf = async (zip: Blob) =>
  ZExportManifest.parse(
    JSON.parse(new TextDecoder().decode(unzipSync(new Uint8Array(await zip.arrayBuffer()))["manifest.json"])),
  );

beforeAll(async () => {
  await Promise.all([memory.start(), http.start()]);
}, 180_000);
afterAll(async () => {
  await Promise.all([memory.stop(), http.stop()]);
});

it("imports the memory backend's export into the server, which exports the same records and files", async () => {
  const source = await signedIn(memory);
  const resident = await source.data.create("residents", {
    facilityId: "tull",
    firstName: "Moves",
    lastName: "Along",
    dateOfBirth: "1938-05-02",
    gender: "male",
    admissionDate: "2024-06-01",
    ambulatoryStatus: "non_ambulatory",
    codeStatus: "dnr",
  });
  const type = await source.data.create("documentTypes", { subject: "resident", name: "Photo" }, { id: "photo" });
  const file = await source.files.upload(new Blob([PNG.slice()]), "photo.png", { facilityId: "tull" });
  await source.data.create("documents", {
    subject: "resident",
    subjectId: resident.id,
    facilityId: "tull",
    typeId: type.id,
    fileId: file.id,
    fileName: file.name,
    contentType: file.contentType,
    size: file.size,
    issueDate: "2025-02-01",
  });
  const exported = await source.transfer.exportAll();
  const before = await manifestOf(exported);

  const target = await signedIn(http);
  expect(await target.transfer.importStatus()).toEqual({ empty: true, problems: [] });
  const imported = await target.transfer.importAll(exported);
  expect(imported.counts.residents).toBe(1);
  expect(imported.files).toBe(1);
  // The same administrator (the same e-mail on both) carries on, signed in.
  expect(await target.data.get("residents", resident.id)).toEqual(resident);
  expect(new Uint8Array(await (await target.files.download(file.id)).arrayBuffer())).toEqual(PNG);

  const after = await manifestOf(await target.transfer.exportAll());
  expect(after.backend).toBe("http");
  for (const name of collectionNames)
    if (name !== "auditLog") expect(after.collections[name], name).toEqual(before.collections[name]);
  expect(after.files).toEqual(before.files);
}, 120_000);
