/**
 * Settings › Export and import in Chromium against the built app and server: the administrator reaches
 * the page from the Settings hub and downloads the export (a ZIP with its manifest, every collection
 * and the files); on the new, empty instance the import form is offered and a file that is no export is
 * refused beside the upload, writing nothing; once the portal holds a resident, the form is no longer
 * offered and the page says what the portal holds.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
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

    // Once the portal holds a resident, the form is gone and the page says why.
    await api(page, "POST", "/residents", {
      data: {
        facilityId: "tull",
        firstName: "Ada",
        lastName: "Export",
        dateOfBirth: "1940-01-01",
        gender: "female",
        admissionDate: "2025-01-01",
        ambulatoryStatus: "ambulatory",
        codeStatus: "full_code",
      },
    });
    await page.reload();
    await main.getByText("The instance holds 1 resident records.").waitFor();
    expect(await main.getByLabel("Export file (ZIP)").count()).toBe(0);
  }, 120_000);
});
