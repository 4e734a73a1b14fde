// What the import trusts of an archive no more than a write would: a file's type (sniffed from its
// bytes as an upload's), the homes of the records a record links to (as every write checks them), and
// rent balances (derived from the imported charges and payments, as the write path derives them).
// Each archive here is an honest export edited with its checksums recomputed, as anyone could.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_HEAD, JSON_TAIL, recordLine } from "@care/core/data-export/export-format";
import { buildTestApp, type TestApp } from "../test/build-test-app.ts";
import { residentInput } from "../test/fixtures.ts";
import { injectApi } from "../test/inject-api.ts";
import { uploadFile } from "../test/multipart-upload.ts";
import { SAMPLE_PDF, SAMPLE_PNG } from "../test/upload-checks.ts";
import { exportAs, importAs, manifestOf, recordsOf, sha256, zipOf } from "./data-export.test-support.ts";

let source: TestApp;
let target: TestApp;
let sourceCookie: string;
let targetCookie: string;
let tullId: string;
let newmanId: string;
let fileId: string;
let exported: Map<string, Buffer>;

beforeAll(async () => {
  source = await buildTestApp();
  sourceCookie = await source.login(source.admin.email, source.admin.password);
  const api = injectApi(() => source.app);
  const tull = await api.call(sourceCookie, "POST", "/residents", {
    data: residentInput("tull", "Rent", { monthlyRateCents: 450_000 }),
  });
  tullId = tull.body.id as string;
  newmanId = (await api.call(sourceCookie, "POST", "/residents", { data: residentInput("newman", "Other") })).body
    .id as string;
  fileId = (await uploadFile(source.app, sourceCookie, "tull", "face-sheet.pdf", SAMPLE_PDF)).body.id as string;
  exported = (await exportAs(source.app, sourceCookie)).entries!;
  target = await buildTestApp();
  targetCookie = await target.login(target.admin.email, target.admin.password);
});

afterAll(async () => {
  await target?.cleanup();
  await source?.cleanup();
});

/** Records as an export's JSON entry holds them, one a line. */
const jsonOf = (records: Record<string, unknown>[]) =>
  Buffer.from(`${JSON_HEAD}${records.map((r, i) => recordLine(r, i === records.length - 1)).join("")}${JSON_TAIL}`);

/** The export with these collections' records replaced, its manifest's checksums and counts recomputed. */
function withRecords(changes: Record<string, Record<string, unknown>[]>, entries = new Map(exported)) {
  const manifest = manifestOf(entries);
  for (const [name, records] of Object.entries(changes)) {
    const json = jsonOf(records);
    entries.set(`collections/${name}.json`, json);
    const entry = manifest.collections[name as keyof typeof manifest.collections];
    entry.json.sha256 = sha256(json);
    entry.count = records.length;
  }
  entries.set("manifest.json", Buffer.from(JSON.stringify(manifest)));
  return entries;
}

/** The export with the stored file's bytes replaced, its index and manifest recomputed to match. */
function withFileBytes(bytes: Buffer) {
  const entries = new Map(exported);
  entries.set(`files/${fileId}`, bytes);
  const index = (JSON.parse(entries.get("files/index.json")!.toString("utf8")) as Record<string, unknown>[]).map(
    (file) => (file.id === fileId ? { ...file, size: bytes.length, sha256: sha256(bytes) } : file),
  );
  const indexJson = jsonOf(index);
  entries.set("files/index.json", indexJson);
  const manifest = manifestOf(entries);
  manifest.files.index.sha256 = sha256(indexJson);
  manifest.files.bytes = bytes.length;
  entries.set("manifest.json", Buffer.from(JSON.stringify(manifest)));
  return entries;
}

async function refusal(entries: Map<string, Buffer>): Promise<string[]> {
  const refused = await importAs(target.app, targetCookie, await zipOf(entries));
  expect(refused.status).toBe(400);
  expect(await target.database.prisma.resident.count()).toBe(0);
  expect(await target.database.prisma.storedFile.count()).toBe(0);
  return Object.values(refused.body.error.fields as Record<string, string>);
}

describe("POST /data-import checks what a write would", () => {
  it("refuses a file whose bytes are not an accepted type, or not the type its index declares", async () => {
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    expect(await refusal(withFileBytes(html))).toEqual([
      `files/${fileId}: its bytes are not a PDF or an image of an accepted type`,
    ]);
    expect(await refusal(withFileBytes(SAMPLE_PNG))).toEqual([
      `files/${fileId}: its bytes are image/png, the index says application/pdf`,
    ]);
  });

  it("refuses a record linking to a record of another home, naming the record", async () => {
    const charges = recordsOf(exported, "rentCharges");
    const moved = charges.find((c) => c.residentId === tullId)!;
    expect(moved.facilityId).toBe("tull");
    const line = charges.indexOf(moved) + 2;
    const changed = charges.map((c) => (c === moved ? { ...c, residentId: newmanId } : c));
    expect(await refusal(withRecords({ rentCharges: changed }))).toEqual([
      `collections/rentCharges.json, line ${line}: rent charge ${moved.id as string}: facilityId: Must be the resident's facility`,
    ]);
  });

  it("imports what stays at a home a resident moved from (their charges there), as writes left it", async () => {
    const [from, into] = [await buildTestApp(), await buildTestApp()];
    try {
      const cookie = await from.login(from.admin.email, from.admin.password);
      const api = injectApi(() => from.app);
      const resident = (
        await api.call(cookie, "POST", "/residents", {
          data: residentInput("tull", "Mover", { monthlyRateCents: 300_000 }),
        })
      ).body;
      const moved = await api.call(cookie, "POST", "/transfers", {
        subject: "resident",
        id: resident.id,
        version: resident.version,
        toFacilityId: "newman",
        date: "2026-05-02",
      });
      expect(moved.status).toBe(200);
      const entries = (await exportAs(from.app, cookie)).entries!;
      const charges = recordsOf(entries, "rentCharges").filter((c) => c.residentId === resident.id);
      expect(charges.some((c) => c.facilityId === "tull")).toBe(true);
      const imported = await importAs(into.app, await into.login(into.admin.email, into.admin.password), await zipOf(entries)); // prettier-ignore
      expect(imported.status).toBe(200);
    } finally {
      await into.cleanup();
      await from.cleanup();
    }
  });

  it("derives rent accounts from the imported charges and payments, not from the balances given", async () => {
    const accounts = recordsOf(exported, "rentAccounts");
    const account = accounts.find((a) => a.id === tullId)!;
    expect(account.balanceCents).toBeGreaterThan(0);
    const forged = accounts.map((a) =>
      a === account ? { ...a, chargedCents: 0, paidCents: 450_000_00, balanceCents: -450_000_00 } : a,
    );
    const imported = await importAs(target.app, targetCookie, await zipOf(withRecords({ rentAccounts: forged })));
    expect(imported.status).toBe(200);
    const now = await injectApi(() => target.app).get(targetCookie, `/rentAccounts/${tullId}`);
    expect(now.body).toMatchObject({
      chargedCents: account.chargedCents,
      paidCents: account.paidCents,
      balanceCents: account.balanceCents,
      oldestUnpaidDueDate: account.oldestUnpaidDueDate,
    });
  });
});
