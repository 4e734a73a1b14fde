/**
 * Staff training in Chromium against the built app and server: a new caregiver starts "under direct
 * supervision only"; training added through the ledger's form (a bad hours value refused beside the
 * field) moves the totals until the hours required before working independently are done; the
 * transcript prints the ledger; the group's requirements are edited in Settings and the staff page
 * follows; Reminders lists the initial hours still short. Desktop and phone screenshots.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, localToday } from "@care/core/rules/date-only.rules";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

describe.skipIf(Boolean(chromiumMissing))("staff training in Chromium", () => {
  const session = useBrowserSession();
  const { signedInPage } = session;
  let staffPath = "";

  /** Adds one line to the ledger through the form on the staff page. */
  async function addTraining(page: Page, entry: { topic: string; hours: string; category: string }) {
    const ledger = page.getByRole("region", { name: "Training ledger" });
    await ledger.getByRole("button", { name: "Add training" }).click();
    const form = ledger.getByRole("form", { name: "Add training" });
    await form.getByLabel("Topic").fill(entry.topic);
    await form.getByLabel("Hours").fill(entry.hours);
    await form.getByLabel("Category").selectOption(entry.category);
    await form.getByRole("button", { name: "Save" }).click();
    await ledger.getByRole("cell", { name: entry.topic, exact: true }).waitFor();
  }

  const requirementRow = (page: Page, name: string) =>
    page
      .getByRole("table", { name: /Training requirements of/ })
      .getByRole("row")
      .filter({ hasText: name });

  it("counts the ledger against the requirements until a new caregiver may work independently", async () => {
    const page = await signedInPage();
    const member = await api(page, "POST", "/staff", {
      data: {
        facilityId: "van-buren",
        firstName: "Tess",
        lastName: "Trainee",
        position: "caregiver",
        hireDate: addDays(localToday(), -20),
        clearanceStatus: "cleared",
        clearanceSubmittedDate: addDays(localToday(), -30),
        clearanceDate: addDays(localToday(), -12),
      },
    });
    staffPath = `/staff/${String(member.id)}`;
    await page.goto(staffPath);
    await page.getByText("Under direct supervision only").waitFor();
    expect(await requirementRow(page, "Before working independently").textContent()).toContain("0 of 20 hours");
    expect(await requirementRow(page, "Annual in-service").textContent()).toContain("Not yet due");

    // Hours must be quarter hours: the error is beside the field and nothing is saved.
    const ledger = page.getByRole("region", { name: "Training ledger" });
    await ledger.getByRole("button", { name: "Add training" }).click();
    const form = ledger.getByRole("form", { name: "Add training" });
    await form.getByLabel("Topic").fill("Resident rights");
    await form.getByLabel("Hours").fill("1.1");
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("Use quarter hours (0.25, 0.5, 0.75)").waitFor();
    expect(await form.getByLabel("Hours").getAttribute("aria-invalid")).toBe("true");
    // A new hire's first training defaults to the one before working independently.
    expect(await form.getByLabel("Category").inputValue()).toBe("initial_before_independence");
    // Tomorrow (in the home's time zone) is refused: the ledger counts nothing after today.
    await form.getByLabel("Hours").fill("1");
    await form.getByLabel("Date").fill(addDays(localToday(), 1));
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("Not after today", { exact: false }).waitFor();
    await form.getByRole("button", { name: "Cancel" }).click();

    await addTraining(page, {
      topic: "Orientation and resident rights",
      hours: "10",
      category: "initial_before_independence",
    });
    await addTraining(page, { topic: "Dementia care I", hours: "6", category: "dementia" });
    await page.waitForFunction(() => document.querySelector("main table")?.textContent?.includes("16 of 20 hours"));
    // 20 hours without the 4 on postural supports: still under supervision.
    await addTraining(page, { topic: "Medication assistance", hours: "4", category: "initial_before_independence" });
    await page
      .getByText(
        "Before working independently: 4 hours short (Postural supports, restricted conditions, hospice 0 of 4 h)",
        { exact: false },
      )
      .waitFor();
    await addTraining(page, { topic: "Hospice and postural supports", hours: "4", category: "postural_hospice" });
    await page.getByText("May work independently").waitFor();
    expect(await requirementRow(page, "Before working independently").textContent()).toContain("Met");
    expect(await requirementRow(page, "Initial training").textContent()).toContain("24 of 40 hours");
    await page.getByText(`${localToday().slice(0, 4)}: 24 hours`).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "staff-training-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    const phone = await signedInPage(PHONE);
    await phone.goto(staffPath);
    await phone.getByText("May work independently").waitFor();
    await phone.getByRole("region", { name: "Training", exact: true }).screenshot({
      path: join(SCREENSHOTS, "staff-training-phone.png"),
    });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("prints a transcript with every ledger line", async () => {
    const page = await signedInPage();
    await page.goto(staffPath);
    await page.getByRole("link", { name: "Training transcript" }).click();
    await page.locator("main h1", { hasText: "Training transcript: Tess Trainee" }).waitFor();
    const ledger = page.locator("main table").last();
    await ledger.getByText("Hospice and postural supports").waitFor();
    expect(await ledger.locator("tbody tr").count()).toBe(4);
    await page.getByRole("button", { name: "Print" }).waitFor();
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    await page.screenshot({ path: join(SCREENSHOTS, "staff-training-transcript-print.png"), fullPage: true });

    // On a phone it fits the screen.
    const phone = await signedInPage(PHONE);
    await phone.goto(page.url());
    await phone.locator("main table").last().getByText("Hospice and postural supports").waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "staff-training-transcript-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("lets the group edit a requirement, and the staff page and reminders follow", async () => {
    const page = await signedInPage();
    await page.goto("/admin/training-requirements");
    const initial = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Initial training/ }) });
    await initial.getByText("Review for your home").waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "training-requirements-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    await initial.getByRole("button", { name: "Edit Initial training" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Initial training" });
    await dialog.getByRole("spinbutton", { name: /^Hours/ }).fill("0");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await dialog.getByText("More than 0 hours").waitFor();
    await dialog.getByRole("spinbutton", { name: /^Hours/ }).fill("30");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Initial training was saved.").waitFor();
    await initial.getByText("30 hours within 28 days of hire").waitFor();
    expect(await initial.getByText("Review for your home").count()).toBe(0);

    await page.goto(staffPath);
    await page.getByText("May work independently").waitFor();
    expect(await requirementRow(page, "Initial training").textContent()).toContain("24 of 30 hours");

    // Hired 20 days ago: 4 weeks to finish, reminded from 14 days before the deadline (6 hours short).
    await page.goto("/reminders");
    await page.getByText("Initial training: 6 hours short — Trainee, Tess").waitFor();

    const phone = await signedInPage(PHONE);
    await phone.goto("/admin/training-requirements");
    await phone.getByRole("heading", { name: /Annual in-service/ }).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "training-requirements-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("shows a manager of another home someone who also works there read-only, without their file", async () => {
    const admin = await signedInPage();
    const member = await api(admin, "POST", "/staff", {
      data: {
        facilityId: "van-buren",
        otherFacilityIds: ["tull"],
        firstName: "Flo",
        lastName: "Floater",
        position: "caregiver",
      },
    });
    const path = `/staff/${String(member.id)}`;
    const { oneTimePassword } = (await api(admin, "POST", "/auth/users", {
      email: "tull.trainer@example.test",
      role: "house-manager",
      facilityIds: ["tull"],
    })) as { oneTimePassword: string };
    const manager = await session.newPage();
    await manager.goto("/login");
    await manager.getByLabel("E-mail").fill("tull.trainer@example.test");
    await manager.getByLabel("Password").fill(oneTimePassword);
    await manager.getByRole("button", { name: "Sign in" }).click();
    await manager.getByLabel("One-time password").fill(oneTimePassword);
    await manager.locator('input[name="newPassword"]').fill("a long password of my own 2026");
    await manager.getByLabel("Repeat the new password").fill("a long password of my own 2026");
    await manager.getByRole("button", { name: "Save and continue" }).click();
    await manager.getByRole("heading", { name: "Reminders", level: 1 }).waitFor();

    await manager.goto(path);
    await manager
      .getByText("Flo Floater also works at your home; they belong to a home you do not see.", { exact: false })
      .waitFor();
    expect(await manager.getByRole("link", { name: "Edit", exact: true }).count()).toBe(0);
    expect(await manager.getByRole("region", { name: "Training", exact: true }).count()).toBe(0);
    expect(await manager.locator("main").textContent()).not.toContain("van-buren");
    await manager.goto(`${path}/edit`);
    await manager.getByText("changes to their record are made by that home's staff", { exact: false }).waitFor();
    await manager.goto(`${path}/training`);
    await manager.getByText("its transcript is printed by that home's staff", { exact: false }).waitFor();
  });
});
