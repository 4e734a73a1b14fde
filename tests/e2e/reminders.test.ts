/**
 * Reminders in Chromium against the built app and server: a document type and two residents made
 * through the API (one without the document: a missing-document reminder, overdue since admission; one
 * whose document expires in twelve days with a 30-day lead time: due 18 days ago, showing the expiry,
 * not "later"). The page groups by person, home or kind with counts, one group open at a time, items
 * paged inside a group; the navigation count agrees with the server's. A missing document cannot be
 * marked done: it is waived with a reason (field error first), shown as waived in the resident's
 * checklist, listed under "Snoozed, waived and done" and removed again; snoozing. A manual reminder due
 * today (field error first, then done), a weekly one moving to next week, and the header's facility
 * filtering the list. Screenshots at 1280×800 and 375×812.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../adapters/core/src/rules/date-only.rules.ts";
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

/** One group of the Reminders page, by the start of its heading ("Okonkwo, Marguerite", "Your own reminders"). */
function group(page: Page, label: string) {
  return page.locator("main li.reminder-group", {
    has: page.getByRole("button", { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) }),
  });
}

/** Opens a group (its heading button) unless it is open already. */
async function openGroup(page: Page, label: string) {
  const toggle = group(page, label).locator("button.reminder-group__toggle");
  await toggle.waitFor();
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  return group(page, label);
}

function row(page: Page, text: string | RegExp) {
  return page.locator("main li.reminder-row", { hasText: text });
}

/** The navigation's count as shown. */
async function shownCount(page: Page): Promise<number> {
  await page.locator(".top-nav .nav-count").first().waitFor();
  return Number(await page.locator(".top-nav .nav-count").first().getAttribute("data-count"));
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
  // The seed homes' today (America/Los_Angeles): the page dates reminders in the home's time zone.
  const today = todayIn("America/Los_Angeles");

  /**
   * The data every test here reads, made once through the API by whichever test runs first, so a test
   * never depends on another one passing: a document type for Tull (30 days' lead time), a resident
   * without that document (missing, overdue since admission), one whose document expires in twelve
   * days, and a manual reminder in Tull.
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
      const expiry = addDays(today, 12);
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

  it("groups by person with counts, dates a document by its action date, waives a missing one with a reason", async () => {
    const page = await signedInPage();
    await scenario(page);
    await page.getByRole("banner").getByRole("combobox", { name: "Facility" }).selectOption("tull");
    await page.goto("/reminders");
    // The navigation counts what the server says is due (derived) plus manual ones due by today.
    const answer = await api(page, "GET", `/insights/reminders?facilityId=tull&today=${today}`);
    const okonkwoHeading = group(page, "Okonkwo, Marguerite").locator("button.reminder-group__toggle");
    await okonkwoHeading.waitFor();
    expect(await okonkwoHeading.textContent()).toMatch(/Okonkwo, Marguerite— \d+ missing documents\d+ overdue/);
    const groups = answer.groups as { label: string; count: number }[];
    expect(await page.locator("main li.reminder-group").count()).toBe(Math.min(30, groups.length + 1));
    await waitForCount(page, Number(answer.due));
    const before = await shownCount(page);

    // The first group (oldest due date) is open; Okonkwo's opens with a click and lists the missing form.
    const okonkwo = await openGroup(page, "Okonkwo, Marguerite");
    expect(await okonkwoHeading.getAttribute("aria-expanded")).toBe("true");
    const missing = okonkwo.locator("li.reminder-row", { hasText: MISSING_TITLE });
    await missing.waitFor();
    expect(await missing.locator(".reminder-kind").textContent()).toBe("Missing document");
    expect(await missing.textContent()).toMatch(/Missing since \d{4}-\d{2}-\d{2}/);
    expect(await missing.getByRole("link", { name: "Open" }).getAttribute("href")).toMatch(
      /^\/residents\/.+\/documents$/,
    );
    // Derived reminders cannot be marked done while the document is missing: snooze or waive.
    expect(await missing.getByRole("button", { name: "Done" }).count()).toBe(0);
    await missing.getByRole("button", { name: "Snooze" }).waitFor();

    // Expiring in 12 days with 30 days' lead time: still valid, so to renew (since 18 days), not overdue.
    const lindqvist = await openGroup(page, "Lindqvist, Bertram");
    const expiring = lindqvist.locator("li.reminder-row", { hasText: EXPIRING_TITLE });
    await expiring.waitFor();
    expect(await expiring.locator(".reminder-kind").textContent()).toBe("Expiring");
    expect(await expiring.textContent()).not.toContain("overdue");
    expect(await expiring.textContent()).toContain(`Renew by ${addDays(today, -18)}`);
    expect(await expiring.textContent()).toContain(`Expires ${addDays(today, 12)}`);
    await page.screenshot({ path: join(SCREENSHOTS, "reminders-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    // Waive: a reason is required; then the reminder ends, the count drops.
    await missing.getByRole("button", { name: "Waive" }).click();
    const dialog = page.getByRole("dialog", { name: "Waive this document" });
    await dialog.getByRole("button", { name: "Waive" }).click();
    await dialog.getByText("Say why this document is not needed").waitFor();
    expect(await dialog.getByLabel("Reason").getAttribute("aria-invalid")).toBe("true");
    await dialog.getByLabel("Reason").fill("Not applicable to this resident");
    await page.screenshot({ path: join(SCREENSHOTS, "reminders-waive-desktop.png") });
    await dialog.getByRole("button", { name: "Waive" }).click();
    await page.locator("[data-rht-toaster]").getByText(`Waived: ${MISSING_TITLE}`).waitFor();
    await missing.waitFor({ state: "detached" });
    await waitForCount(page, before - 1);

    // Listed as waived, with its reason; the resident's checklist shows it as met.
    await page.getByRole("combobox", { name: "Show" }).selectOption("settled");
    const waived = (await openGroup(page, "Okonkwo, Marguerite")).locator("li.reminder-row", {
      hasText: MISSING_TITLE,
    });
    expect(await waived.textContent()).toContain("Waived: Not applicable to this resident");
    await waived.getByRole("link", { name: "Open" }).click();
    const checklistRow = page.locator("main li.document-row", { hasText: "Physician report (e2e)" });
    await checklistRow.waitFor();
    await checklistRow.getByText("Waived", { exact: true }).waitFor();
    expect(await checklistRow.textContent()).toContain("Waived: Not applicable to this resident");
    await checklistRow.screenshot({ path: join(SCREENSHOTS, "documents-waived-desktop.png") });

    // Removing the waiver brings the reminder back, with the count.
    await page.goto("/reminders");
    await page.getByRole("combobox", { name: "Show" }).selectOption("settled");
    const again = (await openGroup(page, "Okonkwo, Marguerite")).locator("li.reminder-row", {
      hasText: MISSING_TITLE,
    });
    await again.getByRole("button", { name: "Remove waiver" }).click();
    await page.locator("[data-rht-toaster]").getByText(`Waiver removed: ${MISSING_TITLE}`).waitFor();
    await page.getByRole("combobox", { name: "Show" }).selectOption("open");
    await (
      await openGroup(page, "Okonkwo, Marguerite")
    )
      .locator("li.reminder-row", { hasText: MISSING_TITLE })
      .waitFor();
    await waitForCount(page, before);

    // Snooze: a week ahead by default; it leaves the list and is listed as snoozed; the count drops.
    const expiringAgain = (await openGroup(page, "Lindqvist, Bertram")).locator("li.reminder-row", {
      hasText: EXPIRING_TITLE,
    });
    await expiringAgain.getByRole("button", { name: "Snooze" }).click();
    const snoozeDialog = page.getByRole("dialog", { name: "Snooze reminder" });
    expect(await snoozeDialog.getByLabel("Snooze until").inputValue()).toBe(addDays(today, 7));
    await snoozeDialog.getByRole("button", { name: "Snooze" }).click();
    await page
      .locator("[data-rht-toaster]")
      .getByText(`Snoozed until ${addDays(today, 7)}`)
      .waitFor();
    await expiringAgain.waitFor({ state: "detached" });
    await waitForCount(page, before - 1);
    await page.getByRole("combobox", { name: "Show" }).selectOption("settled");
    const snoozed = (await openGroup(page, "Lindqvist, Bertram")).locator("li.reminder-row", {
      hasText: EXPIRING_TITLE,
    });
    expect(await snoozed.textContent()).toContain(`Snoozed until ${addDays(today, 7)}`);
    await snoozed.getByRole("button", { name: "Undo" }).click();
    await waitForCount(page, before);

    // Elsewhere the layout loads the count itself.
    await page.goto("/residents");
    await page.locator("main h1", { hasText: "All Residents" }).waitFor();
    await waitForCount(page, before);
  });

  it("groups by kind and home, pages the items inside a big group, and searches by name", async () => {
    const page = await signedInPage();
    await scenario(page);
    await page.getByRole("banner").getByRole("combobox", { name: "Facility" }).selectOption("tull");
    await page.goto("/reminders");
    await page.getByRole("combobox", { name: "Group by" }).selectOption("kind");
    const missingGroup = await openGroup(page, "Missing documents");
    const byKind = await api(page, "GET", `/insights/reminders?facilityId=tull&today=${today}&groupBy=kind`);
    const missingCount = (byKind.groups as { id: string; count: number }[]).find(
      (g) => g.id === "document-missing",
    )!.count;
    expect(missingCount).toBeGreaterThan(20);
    expect(await missingGroup.locator("button.reminder-group__toggle").textContent()).toContain(`— ${missingCount}`);
    // The server answers 20 items a page inside the group.
    await missingGroup.locator("li.reminder-row").nth(19).waitFor();
    expect(await missingGroup.locator("li.reminder-row").count()).toBe(20);
    await missingGroup.getByRole("button", { name: "Show more" }).click();
    await missingGroup
      .locator("li.reminder-row")
      .nth(Math.min(39, missingCount - 1))
      .waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "reminders-by-kind-desktop.png"), fullPage: true });

    await page.getByRole("combobox", { name: "Group by" }).selectOption("home");
    const home = group(page, "Tull");
    await home.waitFor();
    expect(await page.locator("main li.reminder-group").count()).toBeGreaterThanOrEqual(1);

    await page.getByRole("combobox", { name: "Group by" }).selectOption("person");
    await page.getByRole("searchbox", { name: "Search" }).fill("Lindqvist");
    await page.waitForFunction(() => document.querySelectorAll("main li.reminder-group").length === 1);
    await group(page, "Lindqvist, Bertram").waitFor();
  });

  it("adds a manual reminder due today (field error first) and marks it done; a weekly one moves to next week", async () => {
    const page = await signedInPage();
    await scenario(page);
    await page.getByRole("banner").getByRole("combobox", { name: "Facility" }).selectOption("tull");
    await page.goto("/reminders");
    await page.locator("main h1", { hasText: "Reminders" }).waitFor();
    await page.locator("main li.reminder-group").first().waitFor();
    const due = await shownCount(page);

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

    // Manual reminders are one group of their own, listed by its oldest due date (today: before the later ones).
    const manual = (await openGroup(page, "Your own reminders")).locator("li.reminder-row", {
      hasText: "Call the pharmacy about refills",
    });
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
    await page.getByRole("combobox", { name: "Show" }).selectOption("settled");
    expect(
      await (
        await openGroup(page, "Your own reminders")
      )
        .locator("li.reminder-row", { hasText: "Call the pharmacy about refills" })
        .textContent(),
    ).toContain(`Done on ${today}`);
    await page.screenshot({ path: join(SCREENSHOTS, "reminders-settled-desktop.png"), fullPage: true });
    await page.getByRole("combobox", { name: "Show" }).selectOption("open");

    // A weekly reminder done today comes back a week later, still open.
    await page.getByRole("button", { name: "New reminder" }).first().click();
    const weekly = page.getByRole("dialog", { name: "New reminder" });
    await weekly.getByLabel("Title").fill("Weekly fire drill");
    await weekly.getByLabel("Repeat").selectOption("weekly");
    await weekly.getByRole("button", { name: "Save reminder" }).click();
    const drill = (await openGroup(page, "Your own reminders")).locator("li.reminder-row", {
      hasText: "Weekly fire drill",
    });
    await drill.waitFor();
    await drill.getByRole("button", { name: "Done" }).click();
    await page.getByText(`Done. Next due ${addDays(today, 7)}`).waitFor();
    const moved = (await openGroup(page, "Your own reminders")).locator("li.reminder-row", {
      hasText: "Weekly fire drill",
    });
    await page.waitForFunction(() =>
      [...document.querySelectorAll("main li.reminder-row")].some(
        (li) => li.textContent?.includes("Weekly fire drill") && li.textContent.includes("In 7 days"),
      ),
    );
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
    const gloves = (await openGroup(page, "Your own reminders")).locator("li.reminder-row", {
      hasText: "Order more gloves",
    });
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
    // Many manual reminders: their group shows 20 rows, then "Show more".
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
    const own = await openGroup(page, "Your own reminders");
    await own.getByRole("button", { name: /^Show more \(\d+ left\)$/ }).waitFor();
    expect(await own.locator("li.reminder-row").count()).toBe(20);
    const total = Number(
      /(\d+) reminders/.exec((await own.locator("button.reminder-group__toggle").textContent()) ?? "")?.[1],
    );
    expect(total).toBeGreaterThanOrEqual(55);
    while ((await own.getByRole("button", { name: /^Show more/ }).count()) > 0)
      await own.getByRole("button", { name: /^Show more/ }).click();
    expect(await own.locator("li.reminder-row").count()).toBe(total);
    await page.getByRole("searchbox", { name: "Search" }).fill("Physician report (e2e)");
    await page.getByRole("heading", { name: "No reminders match" }).waitFor();

    await facility.selectOption("");
    await page.locator("main .page__scope", { hasText: "All facilities" }).waitFor();
    // Every facility: a person's group names their home.
    await page.getByRole("searchbox", { name: "Search" }).fill("Okonkwo");
    const okonkwo = await openGroup(page, "Okonkwo, Marguerite");
    expect(await okonkwo.locator("button.reminder-group__toggle").textContent()).toContain("· Tull");
    const missing = okonkwo.locator("li.reminder-row", { hasText: MISSING_TITLE });
    await missing.waitFor();
    expect(await missing.textContent()).toContain("Tull");
    await page.getByRole("searchbox", { name: "Search" }).fill("");
    await page.getByRole("combobox", { name: "Kind" }).selectOption("manual");
    await page.waitForFunction(() => document.querySelectorAll("main li.reminder-group").length === 1);
    await (
      await openGroup(page, "Your own reminders")
    )
      .locator("li.reminder-row", { hasText: "Check the fire extinguishers" })
      .waitFor();
    expect(new Set(await page.locator("main li.reminder-row .reminder-kind").allTextContents())).toEqual(
      new Set(["Manual"]),
    );
    await page.getByRole("combobox", { name: "Kind" }).selectOption("");

    const tabs = page.getByRole("navigation", { name: "Main tabs" });
    expect(await tabs.getByRole("link", { name: "Reminders", exact: true }).isVisible()).toBe(true);
    expect(await tabs.locator(".nav-count").isVisible()).toBe(true);
    await page.getByRole("searchbox", { name: "Search" }).fill("Okonkwo");
    const phoneGroup = await openGroup(page, "Okonkwo, Marguerite");
    await phoneGroup.locator("li.reminder-row", { hasText: MISSING_TITLE }).waitFor();
    await phoneGroup.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, "reminders-phone.png") });
    await expectNoSeriousAxeViolations(page);
    await row(page, MISSING_TITLE).getByRole("button", { name: "Waive" }).click();
    await page.getByRole("dialog", { name: "Waive this document" }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "reminders-waive-phone.png") });
    await page.getByRole("dialog", { name: "Waive this document" }).getByRole("button", { name: "Cancel" }).click();
    await row(page, MISSING_TITLE).getByRole("button", { name: "Snooze" }).click();
    await page.getByRole("dialog", { name: "Snooze reminder" }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "reminders-snooze-phone.png") });
  });
});
