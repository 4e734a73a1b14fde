/**
 * Reminders in Chromium against the built app and server: a document type and two residents made
 * through the API (one without the document: a missing-document reminder, overdue since admission; one
 * whose document expires in five days: "This week"), the navigation count agreeing with the page,
 * snoozing (gone, listed under "Snoozed and done", count drops) and undoing it, a manual reminder due
 * today (field error first, then done), a weekly one moving to next week, and the header's facility
 * filtering the list. Screenshots at 1280×800 and 375×812.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, localToday } from "../../adapters/core/src/rules/date-only.rules.ts";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

const CSRF = { "X-Requested-With": "care-portal" };
const TYPE_ID = "e2e-physician-report";
// The RCFE default set is seeded too, so a resident has other reminders: name the e2e type's rows fully.
const MISSING_TITLE = "E2E-602 Physician report (e2e) missing — Okonkwo, Marguerite";
const EXPIRING_TITLE = "E2E-602 Physician report (e2e) expiring — Lindqvist, Bertram";

async function createResident(page: Page, firstName: string, lastName: string): Promise<string> {
  const resident = await api(page, "POST", "/residents", {
    data: {
      facilityId: "tull",
      firstName,
      lastName,
      dateOfBirth: "1940-05-02",
      gender: "female",
      room: "3",
      admissionDate: "2025-01-15",
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
    },
  });
  return String(resident.id);
}

/** The section of one group ("Overdue", "Today", "This week", "Later") on the Reminders page. */
function group(page: Page, label: string) {
  return page.getByRole("region", { name: new RegExp(`^${label} \\(\\d+\\)$`) });
}

function row(page: Page, text: string | RegExp) {
  return page.locator("main li.reminder-row", { hasText: text });
}

/** Overdue + Today rows on the page: what the navigation count must say. */
async function dueRows(page: Page): Promise<number> {
  let n = 0;
  for (const label of ["Overdue", "Today"]) {
    const section = group(page, label);
    if ((await section.count()) > 0) n += await section.locator("li.reminder-row").count();
  }
  return n;
}

async function waitForCount(page: Page, expected: number) {
  await page.waitForFunction(
    (n) => {
      const badge = document.querySelector(".top-nav .nav-count");
      return (badge ? Number(badge.getAttribute("data-count")) : 0) === n;
    },
    expected,
    { timeout: 15_000 },
  );
}

describe.skipIf(Boolean(chromiumMissing))("reminders in Chromium", () => {
  const session = useBrowserSession();
  const { signedInPage } = session;
  const today = localToday();

  /**
   * The data every test here reads, made once through the API by whichever test runs first, so a test
   * never depends on another one passing: a document type for Tull, a resident without that document
   * (missing, overdue since admission), one whose document expires in five days, and a manual reminder
   * in Tull.
   */
  let made: Promise<void> | undefined;
  function scenario(page: Page): Promise<void> {
    made ??= (async () => {
      await api(page, "POST", "/documentTypes", {
        id: TYPE_ID,
        data: {
          subject: "resident",
          name: "Physician report (e2e)",
          formCode: "E2E-602",
          required: true,
          validityMonths: 12,
          leadTimeDays: 30,
          facilityIds: ["tull"],
        },
      });
      await createResident(page, "Marguerite", "Okonkwo");
      const expiringId = await createResident(page, "Bertram", "Lindqvist");
      const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
      const upload = await page.request.post("/api/v1/files", {
        headers: CSRF,
        multipart: { facilityId: "tull", file: { name: "report.pdf", mimeType: "application/pdf", buffer: pdf } },
      });
      expect(upload.status(), await upload.text()).toBeLessThan(300);
      const file = (await upload.json()) as { id: string };
      const expiry = addDays(today, 5);
      await api(page, "POST", "/documents", {
        data: {
          subject: "resident",
          subjectId: expiringId,
          facilityId: "tull",
          typeId: TYPE_ID,
          fileId: file.id,
          fileName: "report.pdf",
          contentType: "application/pdf",
          size: pdf.length,
          issueDate: addDays(expiry, -360),
          expiryDate: expiry,
        },
      });
      await api(page, "POST", "/reminders", {
        data: { facilityId: "tull", title: "Check the fire extinguishers", dueDate: addDays(today, 10) },
      });
    })();
    return made;
  }

  it("lists a missing and an expiring document in their groups, with the navigation count, and snoozes one", async () => {
    const page = await signedInPage();
    await scenario(page);
    await page.getByRole("banner").getByRole("combobox", { name: "Facility" }).selectOption("tull");
    await page.goto("/reminders");
    const missing = group(page, "Overdue").locator("li.reminder-row", { hasText: MISSING_TITLE });
    await page.locator("main li.reminder-row").first().waitFor();
    await missing.waitFor();
    expect(await missing.locator(".reminder-kind").textContent()).toBe("Missing document");
    expect(await missing.textContent()).toMatch(/\d+ days overdue/);
    expect(await missing.getByRole("link", { name: "Open" }).getAttribute("href")).toMatch(
      /^\/residents\/.+\/documents$/,
    );
    const expiring = group(page, "This week").locator("li.reminder-row", { hasText: EXPIRING_TITLE });
    await expiring.waitFor();
    expect(await expiring.locator(".reminder-kind").textContent()).toBe("Expiring");
    expect(await expiring.textContent()).toContain("In 5 days");

    // The navigation counts what is overdue or due today, as the page lists it.
    const due = await dueRows(page);
    expect(due).toBeGreaterThan(0);
    await waitForCount(page, due);
    const describedBy = await page
      .getByRole("navigation", { name: "Main", exact: true })
      .getByRole("link", { name: "Reminders", exact: true })
      .getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(`${due} due`);
    await page.screenshot({ path: join(SCREENSHOTS, "reminders-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    // Snooze: a week ahead by default; gone from Overdue, listed under "Snoozed and done", count drops.
    await missing.getByRole("button", { name: "Snooze" }).click();
    const dialog = page.getByRole("dialog", { name: "Snooze reminder" });
    expect(await dialog.getByLabel("Snooze until").inputValue()).toBe(addDays(today, 7));
    await dialog.getByRole("button", { name: "Snooze" }).click();
    await page
      .locator("[data-rht-toaster]")
      .getByText(`Snoozed until ${addDays(today, 7)}`)
      .waitFor();
    await missing.waitFor({ state: "detached" });
    await waitForCount(page, due - 1);
    await page.locator("main summary", { hasText: "Snoozed and done" }).click();
    const snoozed = page.locator("main details li.reminder-row", { hasText: MISSING_TITLE });
    expect(await snoozed.textContent()).toContain(`Snoozed until ${addDays(today, 7)}`);

    // Undo brings it back, with the count.
    await snoozed.getByRole("button", { name: "Undo" }).click();
    await group(page, "Overdue").locator("li.reminder-row", { hasText: MISSING_TITLE }).waitFor();
    await waitForCount(page, due);

    // Elsewhere the layout loads the count itself.
    await page.goto("/residents");
    await page.locator("main h1", { hasText: "All Residents" }).waitFor();
    await waitForCount(page, due);
  });

  it("adds a manual reminder due today (field error first) and marks it done; a weekly one moves to next week", async () => {
    const page = await signedInPage();
    await scenario(page);
    await page.getByRole("banner").getByRole("combobox", { name: "Facility" }).selectOption("tull");
    await page.goto("/reminders");
    await page.locator("main h1", { hasText: "Reminders" }).waitFor();
    await page.locator("main li.reminder-row").first().waitFor();
    const due = await dueRows(page);
    await waitForCount(page, due);

    await page.getByRole("button", { name: "New reminder" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New reminder" });
    expect(await dialog.getByLabel("Facility").inputValue()).toBe("tull");
    expect(await dialog.getByLabel("Due date").inputValue()).toBe(today);
    await dialog.getByRole("button", { name: "Save reminder" }).click();
    const title = dialog.getByLabel("Title");
    await dialog.locator(".form-field__error").first().waitFor();
    expect(await title.getAttribute("aria-invalid")).toBe("true");
    await title.fill("Call the pharmacy about refills");
    // Link it to a resident, found by name.
    await dialog.getByLabel("Link to").selectOption("resident");
    await dialog.getByLabel("Find the resident by name").fill("Okon");
    await dialog.locator("select option", { hasText: "Okonkwo, Marguerite" }).waitFor({ state: "attached" });
    await dialog.getByLabel("Linked resident").selectOption({ label: "Okonkwo, Marguerite" });
    await page.screenshot({ path: join(SCREENSHOTS, "reminders-new-dialog-desktop.png") });
    await dialog.getByRole("button", { name: "Save reminder" }).click();
    await page.getByText("Reminder added").waitFor();

    const manual = group(page, "Today").locator("li.reminder-row", { hasText: "Call the pharmacy about refills" });
    await manual.waitFor();
    expect(await manual.locator(".reminder-kind").textContent()).toBe("Manual");
    expect(await manual.getByRole("link", { name: "Open" }).getAttribute("href")).toMatch(/^\/residents\/[^/]+$/);
    await waitForCount(page, due + 1);

    // With the keyboard: the row goes away and focus lands on the page heading, not lost on the body.
    await manual.getByRole("button", { name: "Done" }).focus();
    await page.keyboard.press("Enter");
    await manual.waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.id === "page-title");
    await waitForCount(page, due);
    await page.locator("main summary", { hasText: "Snoozed and done" }).click();
    expect(
      await page.locator("main details li.reminder-row", { hasText: "Call the pharmacy about refills" }).textContent(),
    ).toContain(`Done on ${today}`);
    await page.locator("main details").screenshot({ path: join(SCREENSHOTS, "reminders-settled-desktop.png") });

    // A weekly reminder done today comes back a week later, still open.
    await page.getByRole("button", { name: "New reminder" }).first().click();
    const weekly = page.getByRole("dialog", { name: "New reminder" });
    await weekly.getByLabel("Title").fill("Weekly fire drill");
    await weekly.getByLabel("Repeat").selectOption("weekly");
    await weekly.getByRole("button", { name: "Save reminder" }).click();
    const drill = row(page, "Weekly fire drill");
    await group(page, "Today").locator("li.reminder-row", { hasText: "Weekly fire drill" }).waitFor();
    await drill.getByRole("button", { name: "Done" }).click();
    await page.getByText(`Done. Next due ${addDays(today, 7)}`).waitFor();
    const moved = group(page, "This week").locator("li.reminder-row", { hasText: "Weekly fire drill" });
    await moved.waitFor();
    expect(await moved.textContent()).toContain("In 7 days");
    expect(await moved.textContent()).toContain("Repeats weekly");
    await waitForCount(page, due);

    // Two people editing: the second save is refused and the form shows the newer version.
    const found = await api(page, "GET", `/reminders?search=${encodeURIComponent("Weekly fire drill")}`);
    const drillRecord = (found.items as { id: string; version: number }[])[0]!;
    await moved.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit reminder" });
    await edit.getByLabel("Title").fill("Weekly fire drill, east wing");
    await api(page, "PATCH", `/reminders/${drillRecord.id}`, {
      version: drillRecord.version,
      patch: { notes: "Moved to Thursdays" },
    });
    await edit.getByRole("button", { name: "Save reminder" }).click();
    await edit.getByRole("alert").filter({ hasText: "Someone else changed this reminder" }).waitFor();
    expect(await edit.getByLabel("Notes").inputValue()).toBe("Moved to Thursdays");
    expect(await edit.getByLabel("Title").inputValue()).toBe("Weekly fire drill");
    await edit.getByLabel("Title").fill("Weekly fire drill, east wing");
    await edit.getByRole("button", { name: "Save reminder" }).click();
    await page.locator("[data-rht-toaster]").getByText("Reminder saved").waitFor();
    await row(page, "Weekly fire drill, east wing").waitFor();

    // Archive, after a confirmation.
    await api(page, "POST", "/reminders", {
      data: { facilityId: "tull", title: "Order more gloves", dueDate: addDays(today, 20) },
    });
    await page.reload();
    const gloves = group(page, "Later").locator("li.reminder-row", { hasText: "Order more gloves" });
    await gloves.getByRole("button", { name: "Edit" }).click();
    const archive = page.getByRole("dialog", { name: "Edit reminder" });
    await archive.getByRole("button", { name: "Archive" }).click();
    await archive.getByRole("button", { name: "Archive reminder" }).click();
    await page.locator("[data-rht-toaster]").getByText("Reminder archived").waitFor();
    await gloves.waitFor({ state: "detached" });
  });

  it("follows the header's facility, filters by kind and title, and works on a phone", async () => {
    const page = await signedInPage(PHONE);
    await scenario(page);
    // Many reminders: a group shows 50 rows, then "Show more".
    const commit = await page.request.post("/api/v1/commit", {
      headers: CSRF,
      data: {
        ops: Array.from({ length: 55 }, (_, i) => ({
          op: "create",
          collection: "reminders",
          data: { facilityId: "ashwood", title: `Check room ${i + 1} call light`, dueDate: addDays(today, 30) },
        })),
      },
    });
    expect(commit.status(), await commit.text()).toBe(204);
    const facility = page.getByRole("banner").getByRole("combobox", { name: "Facility" });
    await facility.selectOption("ashwood");
    await page.goto("/reminders");
    await page.locator("main h1", { hasText: "Reminders" }).waitFor();
    await page.locator("main .page__scope", { hasText: "Ashwood" }).waitFor();
    const later = group(page, "Later");
    await later.getByRole("button", { name: "Show more (5 left)" }).waitFor();
    expect(await later.locator("li.reminder-row").count()).toBe(50);
    await later.getByRole("button", { name: "Show more (5 left)" }).click();
    await page.waitForFunction(
      () => document.querySelectorAll("main section.reminder-group--later li.reminder-row").length === 55,
    );
    expect(await later.getByRole("button", { name: /Show more/ }).count()).toBe(0);
    await page.getByRole("searchbox", { name: "Search by title" }).fill("Physician report (e2e)");
    await page.getByRole("heading", { name: "No reminders match" }).waitFor();

    await facility.selectOption("");
    await page.locator("main .page__scope", { hasText: "All facilities" }).waitFor();
    const missing = row(page, MISSING_TITLE);
    await missing.waitFor();
    expect(await missing.textContent()).toContain("Tull");
    await page.getByRole("searchbox", { name: "Search by title" }).fill("");
    await page.getByRole("combobox", { name: "Kind" }).selectOption("manual");
    await row(page, "Check the fire extinguishers").waitFor();
    expect(new Set(await page.locator("main section li.reminder-row .reminder-kind").allTextContents())).toEqual(
      new Set(["Manual"]),
    );
    await page.getByRole("combobox", { name: "Kind" }).selectOption("");

    const tabs = page.getByRole("navigation", { name: "Main tabs" });
    expect(await tabs.getByRole("link", { name: "Reminders", exact: true }).isVisible()).toBe(true);
    expect(await tabs.locator(".nav-count").isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, "reminders-phone.png") });
    await expectNoSeriousAxeViolations(page);
    await row(page, MISSING_TITLE).getByRole("button", { name: "Snooze" }).click();
    await page.getByRole("dialog", { name: "Snooze reminder" }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "reminders-snooze-phone.png") });
  });
});
