/**
 * Issue 5's journey in one go, through the UI as an administrator preparing for an inspection would
 * walk it: configure a resident document type in Settings, upload the resident's document with an
 * expiry through the upload dialog, see the badge in All Residents and the reminder on the home page
 * (in the resident's group, due when action is due: expiry − lead time), snooze that reminder, then add
 * a manual reminder due today and mark it done. Only the resident is made through the API (its form
 * has its own suite).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "@care/core/rules/date-only.rules";
import { chromiumMissing } from "./support/chromium.ts";
import { api } from "./support/page-checks.ts";
import { useBrowserSession } from "./support/session.ts";

const TYPE_NAME = "Hearing assessment";
const TYPE_LABEL = `HA-1 ${TYPE_NAME}`;
const RESIDENT = "Fairweather, Odile";

/** The reminder rows of one group (a person's, or "Your own reminders"), opened first. */
async function group(page: Page, label: string) {
  const item = page.locator("main li.reminder-group", {
    has: page.getByRole("button", { name: new RegExp(`^${label}`) }),
  });
  const toggle = item.locator("button.reminder-group__toggle");
  await toggle.waitFor();
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  return item.locator("li.reminder-row");
}

describe.skipIf(Boolean(chromiumMissing))("the compliance journey in Chromium", () => {
  const session = useBrowserSession();
  // The seed homes' today (America/Los_Angeles): pages count days from the home's date.
  const today = todayIn("America/Los_Angeles");

  it("configures a type, uploads a document with an expiry, sees the badge and the reminder, snoozes it, and completes a manual reminder", async () => {
    const page = await session.signedInPage();
    page.setDefaultTimeout(30_000);
    // Only Newman's types are in play: the seeded California set applies everywhere, so retire the
    // resident ones here and let the configured type alone decide the resident's status.
    const seeded = (
      await api(page, "GET", `/documentTypes?where=${encodeURIComponent('{"subject":"resident"}')}&limit=500`)
    ).items as { id: string; version: number }[];
    for (const t of seeded) {
      const response = await page.request.delete(`/api/v1/documentTypes/${t.id}?version=${t.version}`, {
        headers: { "X-Requested-With": "care-portal" },
      });
      expect(response.status(), await response.text()).toBe(204);
    }
    const resident = await api(page, "POST", "/residents", {
      data: {
        facilityId: "newman",
        firstName: "Odile",
        lastName: "Fairweather",
        dateOfBirth: "1938-04-09",
        gender: "female",
        room: "7",
        admissionDate: "2025-06-01",
        ambulatoryStatus: "ambulatory",
        codeStatus: "full_code",
      },
    });
    await page.getByRole("banner").getByRole("combobox", { name: "Facility" }).selectOption("newman");

    // 1. Settings → Resident Document Configuration: a required type, valid 12 months, reminded 30 days ahead.
    await page.goto("/admin/resident-doc-config");
    await page.getByRole("button", { name: "Add document type" }).first().click();
    const typeDialog = page.getByRole("dialog", { name: "Add a document type" });
    await typeDialog.getByLabel("Name").fill(TYPE_NAME);
    await typeDialog.getByLabel("Form code").fill("HA-1");
    await typeDialog.getByLabel("Valid for (months)").fill("12");
    await typeDialog.getByLabel("Remind (days ahead)").fill("30");
    await typeDialog.getByRole("checkbox", { name: "Newman" }).check();
    await typeDialog.getByRole("button", { name: "Add type" }).click();
    await page.getByText(`${TYPE_NAME} was added.`).waitFor();

    // 2. The resident's Documents tab: missing, then a PDF uploaded with an expiry five days ahead.
    await page.goto(`/residents/${String(resident.id)}/documents`);
    const checklistRow = page.getByRole("listitem", { name: TYPE_LABEL, exact: true });
    expect(await checklistRow.locator(".compliance-badge").textContent()).toBe("Missing");
    await checklistRow.getByRole("button", { name: /^Upload/ }).click();
    const upload = page.getByRole("dialog");
    await upload.getByLabel("File").setInputFiles({
      name: "hearing.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(8 * 1024, 0x20)]),
    });
    await upload.getByLabel("Issue date").fill(addDays(today, -360));
    await upload.getByLabel("Expiry date").fill(addDays(today, 5));
    await upload.getByRole("button", { name: "Upload", exact: true }).click();
    // Headings and messages name the resident as people say it (the list name is "Fairweather, Odile").
    await page.getByText(`${TYPE_LABEL} uploaded for Odile Fairweather.`).waitFor();
    await checklistRow.getByText("hearing.pdf").waitFor();
    expect(await checklistRow.locator(".compliance-badge").textContent()).toBe("Expiring in 5 days");

    // 3. All Residents shows the badge.
    await page.goto("/residents");
    const listRow = page.getByRole("row").filter({ hasText: RESIDENT });
    await listRow.locator(".compliance-badge").waitFor();
    expect(await listRow.locator(".compliance-badge").textContent()).toMatch(/^Expiring soon/);

    // 4. The home page lists the reminder in the resident's group, due 30 days before the expiry (25 days
    // ago): to renew by then, not overdue while the paper is still valid, showing the expiry; snoozing it
    // moves it under "Snoozed, waived and done".
    await page.goto("/reminders");
    const reminder = (await group(page, RESIDENT)).filter({ hasText: `${TYPE_LABEL} expiring — ${RESIDENT}` });
    await reminder.waitFor();
    expect(await reminder.textContent()).toContain(`Renew by ${addDays(today, -25)}`);
    expect(await reminder.textContent()).not.toContain("overdue");
    expect(await reminder.textContent()).toContain(`Expires ${addDays(today, 5)}`);
    await reminder.getByRole("button", { name: "Snooze" }).click();
    const snooze = page.getByRole("dialog", { name: "Snooze reminder" });
    await snooze.getByLabel("Snooze until").fill(addDays(today, 3));
    await snooze.getByRole("button", { name: "Snooze" }).click();
    await reminder.waitFor({ state: "detached" });
    await page.getByRole("combobox", { name: "Show" }).selectOption("settled");
    const snoozed = (await group(page, RESIDENT)).filter({ hasText: `${TYPE_LABEL} expiring` });
    expect(await snoozed.textContent()).toContain(`Snoozed until ${addDays(today, 3)}`);
    await page.getByRole("combobox", { name: "Show" }).selectOption("open");

    // 5. A manual reminder due today, marked done.
    await page.getByRole("button", { name: "New reminder" }).first().click();
    const create = page.getByRole("dialog", { name: "New reminder" });
    await create.getByLabel("Title").fill("Call the audiologist about Odile's results");
    await create.getByRole("button", { name: "Save reminder" }).click();
    const manual = (await group(page, "Your own reminders")).filter({ hasText: "Call the audiologist" });
    await manual.waitFor();
    await manual.getByRole("button", { name: "Done" }).click();
    await manual.waitFor({ state: "detached" });
    await page.getByRole("combobox", { name: "Show" }).selectOption("settled");
    const settled = (await group(page, "Your own reminders")).filter({ hasText: "Call the audiologist" });
    expect(await settled.textContent()).toContain(`Done on ${today}`);
  }, 180_000);
});
