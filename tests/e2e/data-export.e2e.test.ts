/**
 * Settings › Export and import in Chromium against the built app and server: the administrator reaches
 * the page from the Settings hub and downloads the export (a ZIP with its manifest, every collection
 * and the files, its CSVs with times in the homes' zone and labels instead of codes); on the new, empty instance the import form is offered and a file that is no export is
 * refused beside the upload, writing nothing; another portal's export (built by the memory backend)
 * imports, showing the imported accounts' one-time passwords once while the administrator stays signed
 * in; then the portal holds data, and the form is no longer offered: the page says what it holds.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { createMemoryBackend } from "@care/adapter-memory/memory-backend";
import { memoryClient } from "@care/adapter-memory/memory-client";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { SCREENSHOTS, useBrowserSession } from "./support/session.ts";

describe.skipIf(Boolean(chromiumMissing))("export and import in Chromium", () => {
  const session = useBrowserSession();

  it("downloads the export; the import is offered only on an empty portal and refuses a wrong file", async () => {
    const page = await session.signedInPage();
    await page.goto("/settings");
    await page.getByRole("link", { name: "Export and import" }).first().click();
    await page.getByRole("heading", { name: "Export and import", level: 1 }).waitFor();
    const main = page.getByRole("main");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      main.getByRole("button", { name: "Export everything" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^care-portal-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = readFileSync(await download.path());
    expect(zip.subarray(0, 4).toString("latin1")).toBe("PK\u0003\u0004");
    // The central directory names every entry in plain text.
    const names = zip.toString("latin1");
    for (const name of ["manifest.json", "collections/residents.json", "csv/residents.csv", "files/index.json"])
      expect(names).toContain(name);
    await page.getByText(/^The export was saved as care-portal-export-/).waitFor();
    // The roles CSV an office manager opens: times in the homes' zone, named in the header; actions by their labels.
    const roles = strFromU8(unzipSync(new Uint8Array(zip))["csv/roles.csv"]!);
    expect(roles).toContain("Created (America/Los_Angeles)");
    expect(roles).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
    expect(roles).toContain("Record a death");
    expect(roles).not.toContain("recordDeath");

    // The first start's portal is empty: the import form is offered; a file that is no export is refused.
    const upload = main.getByLabel("Export file (ZIP)");
    await upload.setInputFiles({ name: "notes.zip", mimeType: "application/zip", buffer: Buffer.from("not a zip") });
    await main.getByRole("button", { name: "Import" }).click();
    const problems = main.getByRole("alert");
    await problems.getByText("This file is not a Care Portal export.").waitFor();
    await problems.getByText(/^The ZIP cannot be read/).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "settings-export-import-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);
    expect((await api(page, "GET", "/data-import/status")).empty).toBe(true);
  }, 120_000);

  it("imports another portal's export: the imported accounts' one-time passwords once, then no second import", async () => {
    // The group's export, built by the memory backend (its administrator has this portal's e-mail).
    const backend = createMemoryBackend({ admin: { ...session.server.admin }, seedFacilities: true });
    const group = memoryClient(backend);
    await group.auth.signIn(session.server.admin);
    await group.data.create("residents", {
      facilityId: "tull",
      firstName: "Ada",
      lastName: "Moved",
      dateOfBirth: "1940-01-01",
      gender: "female",
      admissionDate: "2025-01-01",
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
    });
    await group.auth.createUser({ email: "carla@example.test", role: "caregiver", facilityIds: ["tull"] });
    const zip = Buffer.from(await (await group.transfer.exportAll()).arrayBuffer());

    const page = await session.signedInPage();
    await page.goto("/settings/export-import");
    const main = page.getByRole("main");
    await main.getByLabel("Export file (ZIP)").setInputFiles({ name: "group.zip", mimeType: "application/zip", buffer: zip }); // prettier-ignore
    await main.getByRole("button", { name: "Import" }).click();
    await main.getByRole("heading", { name: "Imported" }).waitFor();
    const carla = main.getByRole("row", { name: /carla@example\.test/ });
    expect(await carla.getByTestId("imported-password").textContent()).toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);
    await main.getByRole("row", { name: new RegExp(session.server.admin.email) }).getByText("You: your own password").waitFor(); // prettier-ignore
    await page.screenshot({ path: join(SCREENSHOTS, "settings-import-done-desktop.png"), fullPage: true });
    await main.getByRole("button", { name: "Done" }).click();

    // Still signed in (as the imported account), and the portal now holds the group: no second import.
    await main.getByText("The instance has taken an import already.").waitFor();
    await main.getByText(/^The instance holds .*\b1 resident records\b/).waitFor();
    expect(await main.getByLabel("Export file (ZIP)").count()).toBe(0);
    const residents = await api(page, "GET", "/residents");
    expect((residents.items as { lastName: string }[]).map((r) => r.lastName)).toEqual(["Moved"]);
  }, 120_000);
});
