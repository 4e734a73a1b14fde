/**
 * Documents on a resident in Chromium against the built app and server: a document type configured
 * through the API (valid 12 months, reminded 30 days ahead; the seeded defaults retired so it alone
 * decides), the resident "missing" on the checklist and in All Residents; a non-PDF and an oversize
 * file refused in the dialog with a message; a PDF dropped on the dialog with a 10-day expiry → "expiring"
 * on the checklist, the face sheet and the list; view in a new tab, download, replace (the older version
 * stays listed), archive; another document with a title, and a replacement from a stale second window
 * refused. Axe checks and screenshots at 1280×800 and 375×812.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "@care/core/rules/date-only.rules";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

const TYPE_LABEL = "LIC 602A Physician's Report";
/** Each test walks a whole flow (several uploads and page loads) on a shared two-core machine. */
const LONG_TEST_MS = 150_000;

/** A small valid-looking PDF of about `kb` kilobytes (the server checks only the magic bytes). */
function pdf(kb = 4): Buffer {
  return Buffer.concat([Buffer.from("%PDF-1.4\n% care portal e2e\n"), Buffer.alloc(kb * 1024, 0x20)]);
}

/** Drops a PDF of about `bytes` bytes, made in the page, on the upload dialog's drop zone. */
async function dropFile(page: Page, name: string, bytes: number) {
  const transfer = await page.evaluateHandle(
    ([fileName, size]) => {
      const data = new DataTransfer();
      data.items.add(new File(["%PDF-1.4\n", new Uint8Array(size)], fileName, { type: "application/pdf" }));
      return data;
    },
    [name, bytes] as const,
  );
  await page.getByRole("dialog").getByTestId("document-drop").dispatchEvent("drop", { dataTransfer: transfer });
}

describe.skipIf(Boolean(chromiumMissing))("resident documents in Chromium", () => {
  const session = useBrowserSession();
  /** Closes pages a test is done with, so their polling does not slow the next test on a loaded machine. */
  async function closePages(...pages: Page[]) {
    for (const page of pages) await page.context().close();
  }

  /** A signed-in page that waits longer than the default: uploads and replacements run several requests. */
  async function signedInPage(viewport?: typeof PHONE) {
    const page = await session.signedInPage(viewport);
    page.setDefaultTimeout(30_000);
    return page;
  }
  let residentId = "";
  // The seed homes' today (America/Los_Angeles): pages count days from the home's date.
  const today = todayIn("America/Los_Angeles");

  const row = (page: Page) => page.getByRole("listitem", { name: TYPE_LABEL, exact: true });
  const dialog = (page: Page) => page.getByRole("dialog");

  it(
    "configures a type through the API; the new resident is missing it on the checklist and the list",
    async () => {
      const page = await signedInPage();
      // Retire the seeded California set for residents, so the one type below decides the status.
      const seeded = (
        await api(page, "GET", `/documentTypes?where=${encodeURIComponent('{"subject":"resident"}')}&limit=500`)
      ).items as { id: string; version: number }[];
      for (const t of seeded) {
        const response = await page.request.delete(`/api/v1/documentTypes/${t.id}?version=${t.version}`, {
          headers: { "X-Requested-With": "care-portal" },
        });
        expect(response.status(), await response.text()).toBe(204);
      }
      await api(page, "POST", "/documentTypes", {
        data: {
          subject: "resident",
          name: "Physician's Report",
          formCode: "LIC 602A",
          required: true,
          validityMonths: 12,
          leadTimeDays: 30,
        },
      });
      const created = await api(page, "POST", "/residents", {
        data: {
          facilityId: "van-buren",
          firstName: "Eleanor",
          lastName: "Whitcombe",
          dateOfBirth: "1936-11-02",
          gender: "female",
          room: "3",
          admissionDate: "2025-01-15",
          ambulatoryStatus: "ambulatory",
          codeStatus: "full_code",
        },
      });
      residentId = String(created.id);

      await page.goto("/residents");
      const listRow = page.getByRole("row").filter({ hasText: "Whitcombe, Eleanor" });
      expect(await listRow.locator(".compliance-badge").textContent()).toBe("Missing — 1 missing of 1 required");

      await page.goto(`/residents/${residentId}`);
      await page.getByRole("navigation", { name: "Resident record" }).getByRole("link", { name: "Documents" }).click();
      await page.waitForURL((url) => url.pathname === `/residents/${residentId}/documents`);
      await page.locator("main h1", { hasText: "Eleanor Whitcombe: documents" }).waitFor();
      await row(page).getByText("No document on file.").waitFor();
      expect(await row(page).locator(".compliance-badge").textContent()).toBe("Missing");
      await page.getByText("None. Paperwork outside the checklist").waitFor();
      await expectNoSeriousAxeViolations(page);
      await closePages(page);
    },
    LONG_TEST_MS,
  );

  it(
    "refuses a non-PDF and an oversize file in the dialog, then uploads a dropped PDF with progress",
    async () => {
      const page = await signedInPage();
      await page.goto(`/residents/${residentId}/documents`);
      await row(page)
        .getByRole("button", { name: /^Upload/ })
        .click();
      const d = dialog(page);
      await d.getByRole("heading", { name: "Upload a document" }).waitFor();
      expect(await d.getByLabel("Document type").inputValue()).not.toBe("");
      // The issue date starts empty (it is the date on the paper); the type's validity fills the expiry
      // from it: twelve months on.
      expect(await d.getByLabel("Issue date").inputValue()).toBe("");
      const expiry = d.getByLabel("Expiry date");
      await d.getByLabel("Issue date").fill("2025-03-31");
      expect(await expiry.inputValue()).toBe("2026-03-31");

      // A text file named .pdf is refused by its bytes, before any upload.
      const file = d.getByLabel("File");
      await file.setInputFiles({
        name: "notes.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("just some text"),
      });
      await d.getByText("This file is not a PDF or an image.").waitFor();
      expect(await file.getAttribute("aria-invalid")).toBe("true");
      // So is a PDF over the 20 MB limit, dropped on the dialog (made in the page: no 21 MB over the wire).
      await dropFile(page, "scan.pdf", 21 * 1024 * 1024);
      await d.getByText("This file is 21 MB; files can be at most 20 MB.").waitFor();
      await d.getByRole("button", { name: "Upload", exact: true }).click();
      await d.getByText("This file is 21 MB; files can be at most 20 MB.").waitFor();
      await page.screenshot({ path: join(SCREENSHOTS, "documents-upload-errors-desktop.png") });
      await expectNoSeriousAxeViolations(page);

      // Dropped on the dialog: a 1 MB PDF, with an expiry ten days from today.
      await dropFile(page, "physician-report.pdf", 1024 * 1024);
      await d.getByText("physician-report.pdf").waitFor();
      expect(await d.locator(".form-field__error").count()).toBe(0);
      await d.getByLabel("Issue date").fill(addDays(today, -355));
      await expiry.fill(addDays(today, 10));
      await d.getByLabel("Notes").fill("Dr. Osei, annual exam");
      await page.evaluate(() => {
        const w = window as unknown as { sawProgress: boolean };
        w.sawProgress = false;
        new MutationObserver(() => {
          if (document.querySelector(".document-upload progress")) w.sawProgress = true;
        }).observe(document.body, { subtree: true, childList: true });
      });
      const navCount = page.getByRole("navigation", { name: "Main" }).locator(".nav-count");
      const dueBefore = Number(await navCount.getAttribute("data-count"));
      expect(dueBefore).toBeGreaterThan(0);
      await d.getByRole("button", { name: "Upload", exact: true }).click();
      await page.getByText(`${TYPE_LABEL} uploaded for Eleanor Whitcombe.`).waitFor();
      // The missing document's reminder gives way to the expiring one: renewal is due 30 days before the
      // expiry, already passed, so the navigation's count of due reminders stays the same.
      await page.waitForFunction(
        (expected) => document.querySelector(".top-nav .nav-count")?.getAttribute("data-count") === String(expected),
        dueBefore,
      );
      expect(await page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)).toBe(true);

      await row(page).getByText("physician-report.pdf").waitFor();
      expect(await row(page).locator(".compliance-badge").textContent()).toBe("Expiring in 10 days");
      await row(page)
        .getByText(`Expires ${addDays(today, 10)}`)
        .waitFor();
      await row(page).getByText("Dr. Osei, annual exam").waitFor();
      await page.screenshot({ path: join(SCREENSHOTS, "documents-panel-desktop.png"), fullPage: true });

      await page.goto(`/residents/${residentId}`);
      const summary = page.locator(".resident-detail__documents");
      expect(await summary.locator(".compliance-badge").textContent()).toBe(
        "Expiring soon — 1 expiring soon of 1 required",
      );
      await page.goto("/residents");
      const listRow = page.getByRole("row").filter({ hasText: "Whitcombe, Eleanor" });
      expect(await listRow.locator(".compliance-badge").textContent()).toBe(
        "Expiring soon — 1 expiring soon of 1 required",
      );
      await page.screenshot({ path: join(SCREENSHOTS, "documents-residents-list-desktop.png"), fullPage: true });
      await closePages(page);
    },
    LONG_TEST_MS,
  );

  it(
    "views the document in a new tab, downloads it, replaces it keeping the older version, and archives",
    async () => {
      const page = await signedInPage();
      await page.goto(`/residents/${residentId}/documents`);
      await row(page).getByText("physician-report.pdf").waitFor();

      // A new tab asks for the file inline (headless Chromium may save a PDF instead of showing it).
      const [tab, request] = await Promise.all([
        page.context().waitForEvent("page"),
        page.context().waitForEvent("request", (r) => /\/api\/v1\/files\/[^/]+\/content\?inline=1$/.test(r.url())),
        row(page).getByRole("button", { name: /^View/ }).click(),
      ]);
      const response = await request.response();
      expect(response?.status()).toBe(200);
      expect(response?.headers()["content-type"]).toBe("application/pdf");
      await tab.close();

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        row(page)
          .getByRole("button", { name: /^Download/ })
          .click(),
      ]);
      expect(download.suggestedFilename()).toBe("physician-report.pdf");

      await row(page)
        .getByRole("button", { name: /^Replace/ })
        .click();
      const d = dialog(page);
      await d.getByRole("heading", { name: `Replace ${TYPE_LABEL}` }).waitFor();
      await d
        .getByLabel("File")
        .setInputFiles({ name: "physician-report-new.pdf", mimeType: "application/pdf", buffer: pdf() });
      // Issued today: the expiry defaults to a year on, so the type is complete again.
      await d.getByLabel("Issue date").fill(today);
      expect(await d.getByLabel("Expiry date").inputValue()).not.toBe("");
      await d.getByRole("button", { name: "Upload new version" }).click();
      await page.getByText(`${TYPE_LABEL} replaced for Eleanor Whitcombe.`).waitFor();
      await row(page).getByText("physician-report-new.pdf").waitFor();
      expect(await row(page).locator(".compliance-badge").textContent()).toBe("Complete");
      // One commit made the new version and retired the old one.
      const listed = (await api(
        page,
        "GET",
        `/documents?where=${encodeURIComponent(JSON.stringify({ subjectId: residentId }))}&limit=10`,
      )) as { items: { fileName: string; current: boolean; replacesId?: string; id: string }[] };
      const byName = new Map(listed.items.map((doc) => [doc.fileName, doc]));
      expect(listed.items.length, JSON.stringify(listed.items)).toBe(2);
      expect(byName.get("physician-report.pdf")?.current).toBe(false);
      expect(byName.get("physician-report-new.pdf")?.current).toBe(true);
      expect(byName.get("physician-report-new.pdf")?.replacesId).toBe(byName.get("physician-report.pdf")?.id);

      const versions = row(page).getByRole("button", { name: /^Versions \(1\)/ });
      expect(await versions.getAttribute("aria-expanded")).toBe("false");
      await versions.click();
      const older = row(page).getByRole("list", { name: `Older versions of ${TYPE_LABEL}` });
      await older.getByText("physician-report.pdf").waitFor();
      expect(await older.getByRole("button", { name: /^View/ }).count()).toBe(1);
      await page.screenshot({ path: join(SCREENSHOTS, "documents-versions-desktop.png"), fullPage: true });
      await expectNoSeriousAxeViolations(page);

      // On a phone: the checklist stacks and nothing scrolls sideways.
      const phone = await signedInPage(PHONE);
      await phone.goto(`/residents/${residentId}/documents`);
      await row(phone).getByText("physician-report-new.pdf").waitFor();
      await phone.screenshot({ path: join(SCREENSHOTS, "documents-panel-phone.png"), fullPage: true });
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await row(phone)
        .getByRole("button", { name: /^Replace/ })
        .click();
      await dialog(phone).getByLabel("File").waitFor();
      await phone.screenshot({ path: join(SCREENSHOTS, "documents-upload-phone.png") });
      await expectNoSeriousAxeViolations(phone);
      await dialog(phone).getByRole("button", { name: "Cancel" }).click();
      await closePages(phone);

      await row(page)
        .getByRole("button", { name: /^Archive/ })
        .click();
      await dialog(page).getByRole("heading", { name: "Archive this document?" }).waitFor();
      await dialog(page).getByRole("button", { name: "Archive" }).click();
      await page.getByText(`${TYPE_LABEL} was archived.`).waitFor();
      await row(page).getByText("No document on file.").waitFor();
      expect(await row(page).locator(".compliance-badge").textContent()).toBe("Missing");
      await row(page)
        .getByRole("button", { name: /^Versions \(1\)/ })
        .waitFor();
      await closePages(page);
    },
    LONG_TEST_MS,
  );
  it(
    "uploads another document with a title, and refuses a replacement made from a stale page",
    async () => {
      const first = await signedInPage();
      const second = await signedInPage();
      await first.goto(`/residents/${residentId}/documents`);
      await first.getByRole("button", { name: "Upload document" }).click();
      const d = dialog(first);
      await d.getByLabel("Document type").selectOption("");
      await d.getByLabel("File").setInputFiles({ name: "discharge.pdf", mimeType: "application/pdf", buffer: pdf() });
      // Other paperwork needs a title: the schema's message, next to the field, before any upload.
      await d.getByRole("button", { name: "Upload", exact: true }).click();
      await d.getByText("Give a title or pick a document type").waitFor();
      expect(await d.getByLabel("Title").getAttribute("aria-invalid")).toBe("true");
      await d.getByLabel("Title").fill("Hospital discharge summary");
      await d.getByRole("button", { name: "Upload", exact: true }).click();
      await first.getByText("Hospital discharge summary uploaded for Eleanor Whitcombe.").waitFor();
      const other = (page: Page) => page.getByRole("listitem", { name: "Hospital discharge summary", exact: true });
      await other(first).getByText("discharge.pdf").waitFor();

      // A second window opened now, then the first replaces the document: the second's replace is refused.
      await second.goto(`/residents/${residentId}/documents`);
      await other(second).getByText("discharge.pdf").waitFor();
      await other(first)
        .getByRole("button", { name: /^Replace/ })
        .click();
      await dialog(first)
        .getByLabel("File")
        .setInputFiles({ name: "discharge-corrected.pdf", mimeType: "application/pdf", buffer: pdf() });
      await dialog(first).getByRole("button", { name: "Upload new version" }).click();
      await first.getByText("Hospital discharge summary replaced for Eleanor Whitcombe.").waitFor();
      await other(first).getByText("discharge-corrected.pdf").waitFor();
      await other(first)
        .getByRole("button", { name: /^Versions \(1\)/ })
        .waitFor();

      await other(second)
        .getByRole("button", { name: /^Replace/ })
        .click();
      await dialog(second)
        .getByLabel("File")
        .setInputFiles({ name: "discharge-other.pdf", mimeType: "application/pdf", buffer: pdf() });
      await dialog(second).getByRole("button", { name: "Upload new version" }).click();
      await dialog(second).getByText("Someone else changed this document meanwhile", { exact: false }).waitFor();
      await second.screenshot({ path: join(SCREENSHOTS, "documents-stale-replace-desktop.png") });
      await dialog(second).getByRole("button", { name: "Cancel" }).click();
      await other(second).getByText("discharge-corrected.pdf").waitFor();
      expect(await second.getByText("discharge-other.pdf").count()).toBe(0);
      await closePages(first, second);
    },
    LONG_TEST_MS,
  );
});
