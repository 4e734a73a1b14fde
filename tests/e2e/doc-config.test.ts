/**
 * Document configuration in Chromium against the built app and server: the California defaults are
 * listed with "Review for your home"; an administrator adds a type with validity, lead time and one
 * facility (field errors first), edits a default (the review badge goes), moves a type up with the
 * keyboard, a stale edit from a second window is refused with the newer values, retires a type (listed
 * under "Show retired"), and the empty state's default set. Screenshots at 1280×800 and 375×812.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

interface TTypeRow {
  id: string;
  name: string;
  version: number;
  sortOrder: number;
}

async function types(page: Page, subject: string): Promise<TTypeRow[]> {
  const where = encodeURIComponent(JSON.stringify({ subject }));
  const body = await api(page, "GET", `/documentTypes?where=${where}&sort=sortOrder:asc&limit=500`);
  return body.items as TTypeRow[];
}

/** The names in the table, in the order shown. */
async function names(page: Page): Promise<string[]> {
  return page.locator("main tbody tr td:nth-child(2) strong").allTextContents();
}

describe.skipIf(Boolean(chromiumMissing))("document configuration in Chromium", () => {
  const { signedInPage, newPage } = useBrowserSession();

  it("lists the California defaults with the review badge, searchable, at both widths", async () => {
    const page = await signedInPage();
    await page.goto("/admin/resident-doc-config");
    const table = page.getByRole("table", { name: "Resident document types" });
    const physician = table.getByRole("row").filter({ hasText: "Physician's Report" });
    await physician.waitFor();
    await physician.getByText("Review for your home").waitFor();
    expect(await physician.getByRole("cell").nth(2).textContent()).toBe("LIC 602A");
    await physician.getByRole("cell", { name: "12 months" }).waitFor();
    await physician.getByRole("cell", { name: "All facilities" }).waitFor();
    const shown = await names(page);
    const stored = await types(page, "resident");
    expect(shown).toEqual(stored.map((t) => t.name).slice(0, shown.length));
    await page.screenshot({ path: join(SCREENSHOTS, "doc-config-resident-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv.split("\r\n")[0]).toBe(
      "\uFEFFOrder,Name,Form code,Description,Required,Validity (months),Lead time (days),Applies to,Review for your home",
    );
    expect(csv).toContain("2,Physician's Report,LIC 602A,");
    expect(csv).toContain(",Required,12,30,All facilities,Yes");

    await page.getByRole("searchbox", { name: "Search" }).fill("602A");
    await page.waitForFunction(() => document.querySelectorAll("main tbody tr").length === 1);
    await page.getByRole("searchbox", { name: "Search" }).fill("no such form");
    await page.getByRole("heading", { name: "No document types match" }).waitFor();

    for (const path of ["/admin/staff-doc-config", "/admin/facility-doc-config"]) {
      await page.goto(path);
      await page.locator("main tbody tr").first().getByText("Review for your home").waitFor();
    }
    await page.screenshot({ path: join(SCREENSHOTS, "doc-config-facility-desktop.png"), fullPage: true });

    const phone = await signedInPage(PHONE);
    await phone.goto("/admin/staff-doc-config");
    await phone.locator("main tbody tr").first().waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "doc-config-staff-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousAxeViolations(phone);
  });

  it("adds a type with validity, lead time and a facility, then edits a default, clearing its review", async () => {
    const page = await signedInPage();
    await page.goto("/admin/resident-doc-config");
    await page.locator("main tbody tr").first().waitFor();
    await page.getByRole("button", { name: "Add document type" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a document type" });
    await dialog.getByRole("button", { name: "Add type" }).click();
    const name = dialog.getByLabel("Name");
    await dialog.getByText("Required", { exact: true }).first().waitFor();
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    await dialog.getByLabel("Valid for (months)").fill("0");
    await dialog.getByRole("button", { name: "Add type" }).click();
    await dialog.getByText("At least 1 month").waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "doc-config-dialog-errors-desktop.png") });

    await name.fill("Dementia care plan");
    await dialog.getByLabel("Form code").fill("DCP 1");
    await dialog.getByLabel("Valid for (months)").fill("6");
    await dialog.getByLabel("Remind (days ahead)").fill("14");
    await dialog.getByRole("checkbox", { name: "Tull" }).check();
    await dialog.getByRole("button", { name: "Add type" }).click();
    await page.getByText("Dementia care plan was added.").waitFor();
    const row = page.getByRole("row").filter({ hasText: "Dementia care plan" });
    // The toast comes before the list has reloaded: wait for the new row's cells.
    await row.getByRole("cell", { name: "6 months" }).waitFor();
    expect(await row.getByRole("cell").allTextContents()).toEqual([
      expect.any(String) as unknown as string,
      "Dementia care plan",
      "DCP 1",
      "Required",
      "6 months",
      "14 days before",
      "Tull",
      expect.stringContaining("Retire") as unknown as string,
    ]);
    expect(await row.getByText("Review for your home").count()).toBe(0);
    expect((await names(page)).at(-1)).toBe("Dementia care plan");

    // Editing a default: a shorter lead time, and the review badge goes.
    const physician = page.getByRole("row").filter({ hasText: "Physician's Report" });
    await physician.getByRole("button", { name: "Edit Physician's Report" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Physician's Report" });
    expect(await edit.getByLabel("Valid for (months)").inputValue()).toBe("12");
    await edit.getByLabel("Remind (days ahead)").fill("45");
    await page.screenshot({ path: join(SCREENSHOTS, "doc-config-dialog-edit-desktop.png") });
    await edit.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Physician's Report was saved.").waitFor();
    await physician.getByRole("cell", { name: "45 days before" }).waitFor();
    expect(await physician.getByText("Review for your home").count()).toBe(0);

    // "Mark reviewed" clears it without an edit.
    const appraisal = page.getByRole("row").filter({ hasText: "Preplacement Appraisal Information" });
    await appraisal.getByRole("button", { name: "Mark reviewed Preplacement Appraisal Information" }).click();
    await page.getByText("Preplacement Appraisal Information is marked reviewed.").waitFor();
    await page.waitForFunction(
      () =>
        ![...document.querySelectorAll("main tbody tr")].some(
          (tr) => tr.textContent?.includes("Preplacement Appraisal") && tr.textContent.includes("Review for your home"),
        ),
    );
  });

  it("warns, while typing, that a new type's name or form code is close to an existing one", async () => {
    const page = await signedInPage();
    await page.goto("/admin/resident-doc-config");
    await page.getByRole("button", { name: "Add document type" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a document type" });
    const warning = dialog.getByRole("status").filter({ hasText: "similar document type" });
    await dialog.getByLabel("Name").fill("Fire drill log");
    await dialog.getByLabel("Form code").fill("FD 1");
    expect(await warning.count()).toBe(0);
    // A typo and a different word order are the same name; the same code written differently is the same code.
    await dialog.getByLabel("Name").fill("Physicians Reprot");
    await warning.waitFor();
    expect(await warning.textContent()).toContain("LIC 602A Physician's Report (same or close name)");
    await dialog.getByLabel("Name").fill("Report, physician's");
    await dialog.getByLabel("Form code").fill("lic-602a");
    await warning.getByText("LIC 602A Physician's Report (same or close name and form code)").waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "doc-config-duplicate-desktop.png") });
    // A warning, not a refusal: a different form of the family is not flagged.
    await dialog.getByLabel("Name").fill("Physician's Report for hospice");
    await dialog.getByLabel("Form code").fill("LIC 602");
    await warning.getByText("LIC 602A Physician's Report (same or close name)").waitFor();
    await dialog.getByLabel("Name").fill("Hospice waiver");
    await warning.waitFor({ state: "detached" });
    await dialog.getByRole("button", { name: "Cancel" }).click();

    const phone = await signedInPage(PHONE);
    await phone.goto("/admin/resident-doc-config");
    await phone.getByRole("button", { name: "Add document type" }).click();
    const phoneDialog = phone.getByRole("dialog", { name: "Add a document type" });
    await phoneDialog.getByLabel("Form code").fill("LIC602A");
    await phoneDialog.getByRole("status").filter({ hasText: "similar document type" }).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "doc-config-duplicate-phone.png") });
  });

  it("moves a type up with the keyboard, keeping focus on its move button, in one commit", async () => {
    const page = await signedInPage();
    await page.goto("/admin/resident-doc-config");
    await page.getByRole("row").filter({ hasText: "Dementia care plan" }).waitFor();
    const before = await names(page);
    const last = before.length - 1;
    expect(before[last]).toBe("Dementia care plan");

    await page.getByRole("button", { name: "Move Dementia care plan up" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      (n) => document.querySelectorAll("main tbody tr")[n]?.textContent?.includes("Dementia care plan"),
      last - 1,
    );
    const after = await names(page);
    expect(after[last - 1]).toBe("Dementia care plan");
    expect(after[last]).toBe(before[last - 1]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Move Dementia care plan up",
    );
    // The stored order agrees.
    const stored = await types(page, "resident");
    expect(stored.map((t) => t.name)).toEqual(after);
    expect(await page.getByRole("button", { name: `Move ${after[0]!} up` }).isDisabled()).toBe(true);
  });

  it("refuses a stale edit from a second window and shows the newer values", async () => {
    const page = await signedInPage();
    await page.goto("/admin/resident-doc-config");
    const row = page.getByRole("row").filter({ hasText: "Dementia care plan" });
    await row.getByRole("button", { name: "Edit Dementia care plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Dementia care plan" });
    await dialog.getByLabel("Form code").fill("DCP 2");

    // Someone else saves the same field first: the panel lists it; their other change is in the form.
    const current = (await types(page, "resident")).find((t) => t.name === "Dementia care plan")!;
    await api(page, "PATCH", `/documentTypes/${current.id}`, {
      version: current.version,
      patch: { validityMonths: 3, formCode: "DCP 9" },
    });
    await dialog.getByRole("button", { name: "Save changes" }).click();
    const conflict = dialog.getByRole("alert").filter({ hasText: "saved this document type after you opened it" });
    await conflict.waitFor();
    expect(
      await conflict
        .getByRole("row", { name: /Form code/ })
        .getByRole("cell")
        .allTextContents(),
    ).toEqual(["DCP 9", "DCP 2"]);
    expect(await conflict.getByRole("row", { name: /Valid for/ }).count()).toBe(0);
    expect(await dialog.getByLabel("Valid for (months)").inputValue()).toBe("3");
    await page.screenshot({ path: join(SCREENSHOTS, "doc-config-conflict-desktop.png") });
    await dialog.getByRole("button", { name: "Save my version" }).click();
    await page.getByText("Dementia care plan was saved.").waitFor();
    await row.getByRole("cell", { name: "3 months" }).waitFor();
    await row.getByRole("cell", { name: "DCP 2" }).waitFor();
  });

  it("retires a type after a confirmation; it is listed under Show retired", async () => {
    const page = await signedInPage();
    await page.goto("/admin/resident-doc-config");
    const row = page.getByRole("row").filter({ hasText: "Dementia care plan" });
    await row.getByRole("button", { name: "Retire Dementia care plan" }).click();
    const confirm = page.getByRole("dialog", { name: "Retire Dementia care plan?" });
    await confirm.getByRole("button", { name: "Retire type" }).click();
    await page.getByText("Dementia care plan was retired.").waitFor();
    await page.waitForFunction(() => !document.querySelector("main tbody")?.textContent?.includes("Dementia care"));
    await page.getByLabel("Show retired").check();
    const retired = page.getByRole("region", { name: "Retired resident document types" });
    await retired.getByText(/Dementia care plan \(DCP 2\) — retired \d{4}-\d{2}-\d{2}/).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "doc-config-retired-desktop.png"), fullPage: true });
  });

  it("offers the California default set when a subject has no types; the taken ids are not created twice", async () => {
    const page = await signedInPage();
    // Retire every facility type, then the page is empty and offers the defaults.
    for (const t of await types(page, "facility")) {
      const response = await page.request.delete(`/api/v1/documentTypes/${t.id}?version=${t.version}`, {
        headers: { "X-Requested-With": "care-portal" },
      });
      expect(response.status(), await response.text()).toBe(204);
    }
    // The defaults' stable ids are taken (by the retired types), so loading creates none and says so.
    await page.goto("/admin/facility-doc-config");
    await page.getByRole("heading", { name: "No facility document types configured" }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "doc-config-empty-desktop.png"), fullPage: true });
    await page.getByRole("button", { name: "Load the California default set" }).click();
    await page.getByText("The California defaults were already loaded; retired ones stay retired.").waitFor();
    expect(await types(page, "facility")).toEqual([]);

    const phone = await signedInPage(PHONE);
    await phone.goto("/admin/facility-doc-config");
    await phone.getByRole("button", { name: "Load the California default set" }).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "doc-config-empty-phone.png"), fullPage: true });
  });

  it("shows a caregiver (documents to read) the list read-only", async () => {
    const admin = await signedInPage();
    const email = "caregiver@example.com";
    const { oneTimePassword } = (await api(admin, "POST", "/auth/users", { email, role: "caregiver" })) as {
      oneTimePassword: string;
    };
    const page = await newPage();
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(oneTimePassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByLabel("One-time password").fill(oneTimePassword);
    await page.locator('input[name="newPassword"]').fill("caregiver own passphrase 1");
    await page.getByLabel("Repeat the new password").fill("caregiver own passphrase 1");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.waitForURL((url) => url.pathname === "/reminders");
    // The password form is shown at /reminders itself: the page is there once the change is saved.
    await page.getByRole("heading", { name: "Reminders", level: 1 }).waitFor();
    await page.goto("/admin/resident-doc-config");
    await page.getByText("Only administrators change this list; you can read and export it.").waitFor();
    await page.getByRole("row").filter({ hasText: "Physician's Report" }).waitFor();
    expect(await page.getByRole("button", { name: "Add document type" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^(Edit|Retire|Mark reviewed|Move) / }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Export CSV" }).isEnabled()).toBe(true);
  });
});
