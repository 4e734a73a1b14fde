/**
 * Residents in Chromium against the built app and server: add a resident through the form (field
 * errors first), find them in All Residents by search, edit them (emptied fields cleared), a stale edit
 * from a second window refused with the newer data shown side by side, discharge with a date and reason,
 * readmission, and the history; toasts stay off the printed page.
 * Screenshots of the list, form and face sheet at 1280×800 and 375×812.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, latestDateAnywhere } from "@care/core/rules/date-only.rules";
import { chromiumMissing } from "./support/chromium.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

describe.skipIf(Boolean(chromiumMissing))("residents in Chromium", () => {
  const session = useBrowserSession();
  const { signedInPage } = session;
  let residentPath = "";

  const form = (page: Page) => page.locator("main form.resident-form");

  it("adds a resident: errors beside the fields first, then saved with a toast and shown on the face sheet", async () => {
    const page = await signedInPage();
    await page.goto("/residents/add");
    await page.locator("main h1", { hasText: "Add New Resident" }).waitFor();
    const f = form(page);
    // The facility comes preselected from the header (van-buren by default).
    // (It settles once the group's homes have loaded.)
    await expect.poll(() => f.getByLabel("Facility").inputValue()).toBe("van-buren");

    await f.getByRole("button", { name: "Save resident" }).click();
    await f.locator(".form-field__error").first().waitFor();
    const firstName = f.getByLabel("First name");
    expect(await firstName.getAttribute("aria-invalid")).toBe("true");
    const describedBy = await firstName.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Required");
    expect(await f.getByLabel("Gender").getAttribute("aria-invalid")).toBe("true");
    await page.screenshot({ path: join(SCREENSHOTS, "residents-form-errors-desktop.png"), fullPage: true });

    await firstName.fill("Winifred");
    await f.getByLabel("Last name").fill("Quennell");
    await f.getByLabel("Preferred name").fill("Winnie");
    await f.getByLabel("Date of birth").fill("1937-09-14");
    await f.getByLabel("Gender").selectOption("female");
    await f.getByLabel("Room").fill("4");
    await f.getByLabel("Bed").fill("A");
    await f.getByLabel("Admission date").fill("2025-03-01");
    await f.getByLabel("Ambulatory status").selectOption("non_ambulatory");
    await f.getByLabel("Code status").selectOption("polst");
    await f.getByLabel("Primary physician").fill("Dr. Amani Osei");
    await f.getByLabel("Monthly rate ($)").fill("4,850.00");
    await f.getByRole("textbox", { name: "Name", exact: true }).fill("Rosalind Quennell");
    await f.getByLabel("Relationship").fill("Daughter");
    await f.getByRole("textbox", { name: "Phone", exact: true }).fill("(559) 555-0142");
    await f.getByLabel("E-mail").fill("not-an-address");
    await f.getByLabel("Responsible party").check();
    await f.getByRole("button", { name: "Save resident" }).click();
    await f.getByText("Enter a valid e-mail address").waitFor();
    await f.getByLabel("E-mail").fill("rosalind@example.org");
    await f.getByRole("button", { name: "Save resident" }).click();

    await page.getByText("Winnie Quennell was admitted.").waitFor();
    await page.waitForURL((url) => /^\/residents\/[^/]+$/.test(url.pathname));
    residentPath = new URL(page.url()).pathname;
    await page.locator("main h1", { hasText: "Winnie Quennell" }).waitFor();
    const sheet = page.getByRole("region", { name: /Face sheet/ });
    await sheet.getByText("POLST").waitFor();
    await sheet.getByText("$4,850.00").waitFor();
    await sheet.getByRole("cell", { name: "Rosalind Quennell" }).waitFor();
    await sheet.getByRole("cell", { name: "Responsible party" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Resident record" }).getByRole("link").allTextContents()).toEqual(
      ["Face sheet", "Documents", "Medical", "Rent", "History"],
    );
    await page.screenshot({ path: join(SCREENSHOTS, "residents-detail-desktop.png"), fullPage: true });
    await page.emulateMedia({ media: "print" });
    await page.screenshot({ path: join(SCREENSHOTS, "residents-face-sheet-print.png"), fullPage: true });
    expect(await page.getByRole("banner").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Print face sheet" }).isVisible()).toBe(false);
    // The "admitted" toast is still up, but not on paper.
    expect(await page.locator("[data-rht-toaster]").getByText("was admitted.").count()).toBe(1);
    expect(await page.locator("[data-rht-toaster]").isVisible()).toBe(false);
    await page.emulateMedia({ media: "screen" });
    expect(await page.locator("[data-rht-toaster]").isVisible()).toBe(true);
  });

  it("finds the resident in All Residents by a debounced name search and the status filter", async () => {
    const page = await signedInPage();
    // Another resident, so the search has something to leave out.
    const other = await page.request.post("/api/v1/residents", {
      headers: { "X-Requested-With": "care-portal" },
      data: {
        data: {
          facilityId: "van-buren",
          firstName: "Harold",
          lastName: "Abernathy",
          dateOfBirth: "1941-01-20",
          gender: "male",
          room: "9",
          admissionDate: "2024-06-01",
          ambulatoryStatus: "ambulatory",
          codeStatus: "full_code",
        },
      },
    });
    expect(other.status(), await other.text()).toBeLessThan(300);

    await page.goto("/residents/");
    const table = page.getByRole("table", { name: /Residents, Van Buren/ });
    await table.getByRole("link", { name: "Abernathy, Harold" }).waitFor();
    expect(await table.getByRole("link").allTextContents()).toEqual([
      "Abernathy, Harold",
      "Quennell, Winifred (Winnie)",
    ]);
    // Sorting by name descending is done by the server.
    await table.getByRole("button", { name: /Name/ }).click();
    await page.waitForFunction(() => document.querySelector("main tbody a")?.textContent?.startsWith("Quennell"));
    expect(await table.locator("th[aria-sort]").first().getAttribute("aria-sort")).toBe("descending");

    await page.getByRole("searchbox", { name: "Search by name" }).fill("winn");
    await page.waitForFunction(() => document.querySelectorAll("main tbody tr").length === 1);
    const row = table.getByRole("row").filter({ hasText: "Quennell" });
    expect(await row.getByRole("cell").allTextContents()).toEqual([
      "Quennell, Winifred (Winnie)",
      "Van Buren",
      "4 / A",
      "Active",
      "2025-03-01",
      // The seeded California resident document types are all missing for a new resident.
      expect.stringMatching(/^Missing — \d+ missing of \d+ required$/),
      // Admitted with a rate: this month is billed at once, no one clicks Generate.
      "$4,850.00",
    ]);
    await page.screenshot({ path: join(SCREENSHOTS, "residents-list-desktop.png"), fullPage: true });

    // The search and the status are kept in the address: opening a resident and coming Back, or a
    // reload, shows the same narrowed list.
    await page.waitForURL((url) => url.searchParams.get("q") === "winn");
    await row.getByRole("link", { name: "Quennell, Winifred (Winnie)" }).click();
    await page.locator("main h1", { hasText: "Winnie Quennell" }).waitFor();
    await page.goBack();
    await page.waitForFunction(() => document.querySelectorAll("main tbody tr").length === 1);
    expect(await page.getByRole("searchbox", { name: "Search by name" }).inputValue()).toBe("winn");

    await page.getByLabel("Status").selectOption("discharged");
    await page.getByRole("heading", { name: "No residents match" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "No residents match" }).waitFor();
    expect(await page.getByLabel("Status").inputValue()).toBe("discharged");
    await page.getByRole("button", { name: "Clear search and status" }).click();
    await table.getByRole("link", { name: "Abernathy, Harold" }).waitFor();
    expect(new URL(page.url()).search).toBe("");

    const phone = await signedInPage(PHONE);
    await phone.goto("/residents");
    await phone.getByRole("link", { name: "Quennell, Winifred (Winnie)" }).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "residents-list-phone.png"), fullPage: true });
    // On a phone each row is a card: cells are stacked, not side by side.
    const cells = phone.locator("main tbody tr").first().locator("td");
    const [a, b] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
  });

  it("edits the resident, and refuses a stale edit from a second person with the newer data shown", async () => {
    const first = await signedInPage();
    // Another administrator, so the messages name the first person who saved.
    const second = await session.newUserPage(first, {
      email: "second-admin@example.test",
      role: "administrator",
      facilityIds: null,
    });
    await first.goto(`${residentPath}/edit`);
    await second.goto(`${residentPath}/edit`);
    await form(first).getByLabel("Room").waitFor();
    await form(second).getByLabel("Room").waitFor();

    await form(first).getByLabel("Diet").fill("Pureed, thickened liquids");
    // Emptied optional fields (a text and an amount) are cleared, not kept.
    await form(first).getByLabel("Primary physician").fill("");
    await form(first).getByLabel("Monthly rate ($)").fill("");
    await form(first).getByRole("button", { name: "Save changes" }).click();
    await first.getByText("Winnie Quennell was saved.").waitFor();
    await first.waitForURL((url) => url.pathname === residentPath);
    await first.getByText("Pureed, thickened liquids").waitFor();
    const saved = first.getByRole("region", { name: /Face sheet/ });
    expect(await saved.getByText("$4,850.00").count()).toBe(0);
    expect(await saved.getByText("Dr. Amani Osei").count()).toBe(0);

    // The second person's form still holds the version before that save. Another field: the two are merged.
    await form(second).getByLabel("Room").fill("7");
    await form(second).getByRole("button", { name: "Save changes" }).click();
    await second.getByText(/had saved other changes meanwhile; yours were saved with theirs/).waitFor();
    await second.waitForURL((url) => url.pathname === residentPath);
    const sheet = second.getByRole("region", { name: /Face sheet/ });
    await sheet.getByText("7 / A").waitFor();
    await sheet.getByText("Pureed, thickened liquids").waitFor();

    // The same field changed in both windows: the panel names who saved and lists only that field.
    await first.goto(`${residentPath}/edit`);
    await second.goto(`${residentPath}/edit`);
    // Both forms hold the record as it is now before the first saves (under load the second's could
    // otherwise load after that save, and its own save would then be no stale one).
    await form(first).getByLabel("Room").waitFor();
    await form(second).getByLabel("Room").waitFor();
    await form(first).getByLabel("Diet").fill("Soft foods");
    await form(first).getByRole("button", { name: "Save changes" }).click();
    await first.waitForURL((url) => url.pathname === residentPath);
    await form(second).getByLabel("Diet").fill("Regular, no added salt");
    await form(second).getByLabel("Room").fill("8");
    await form(second).getByRole("button", { name: "Save changes" }).click();
    const conflict = second
      .getByRole("alert")
      .filter({ hasText: `${session.server.admin.email} saved this resident after you opened it` });
    await conflict.waitFor();
    expect(await conflict.getByRole("row", { name: /Diet/ }).getByRole("cell").allTextContents()).toEqual([
      "Soft foods",
      "Regular, no added salt",
    ]);
    expect(await conflict.getByRole("row", { name: /Room/ }).count()).toBe(0);
    expect(await form(second).getByLabel("Room").inputValue()).toBe("8");
    await second.screenshot({ path: join(SCREENSHOTS, "residents-conflict-desktop.png"), fullPage: true });

    // Save my version keeps mine for the field both changed.
    await form(second).getByRole("button", { name: "Save my version" }).click();
    await second.waitForURL((url) => url.pathname === residentPath);
    await sheet.getByText("8 / A").waitFor();
    await sheet.getByText("Regular, no added salt").waitFor();
  });

  it("discharges the resident with a date and reason, shown on the face sheet and in the history", async () => {
    const page = await signedInPage();
    await page.goto(residentPath);
    const stay = page.getByRole("region", { name: "Stay" });
    await stay.getByRole("button", { name: "Discharge" }).waitFor();
    expect(await stay.getByRole("button").allTextContents()).toEqual([
      "Leave",
      "Hospital",
      "Discharge",
      "Death",
      "Transfer to another home…",
      "Archive",
    ]);
    await stay.getByRole("button", { name: "Discharge" }).click();
    const dialog = page.getByRole("dialog", { name: "Discharge the resident" });
    // A discharge before the admission is refused beside the date.
    await dialog.getByLabel("Discharge date").fill("2025-01-01");
    await dialog.getByRole("button", { name: "Record discharge" }).click();
    await dialog.getByText("Discharge cannot be before admission").waitFor();
    await dialog.getByLabel("Discharge date").fill("2026-02-15");
    await dialog.getByLabel("Reason").fill("Moved closer to family");
    await page.screenshot({ path: join(SCREENSHOTS, "residents-discharge-dialog-desktop.png") });
    await dialog.getByRole("button", { name: "Record discharge" }).click();
    await page.getByText("Discharge recorded for Winnie Quennell.").waitFor();
    await stay.getByText("Discharged since 2026-02-15 — Moved closer to family").waitFor();
    expect(await stay.getByRole("button").allTextContents()).toEqual(["Readmit", "Archive"]);

    await page.getByRole("navigation", { name: "Resident record" }).getByRole("link", { name: "History" }).click();
    await page.locator("main h1", { hasText: "history" }).waitFor();
    const events = page.locator(".timeline__event");
    await events.nth(1).waitFor();
    // The latest event can be undone (recorded by mistake) by a role holding the action.
    expect(await events.allTextContents()).toEqual([
      "2026-02-15DischargedMoved closer to familyUndo…",
      "2025-03-01Admitted",
    ]);

    await page.goto("/residents");
    await page.getByLabel("Status").selectOption("discharged");
    await page.getByRole("link", { name: "Quennell, Winifred (Winnie)" }).waitFor();
  });

  it("readmits the resident: active from the readmission date, the discharge date cleared", async () => {
    const page = await signedInPage();
    await page.goto(residentPath);
    const stay = page.getByRole("region", { name: "Stay" });
    await stay.getByRole("button", { name: "Readmit" }).click();
    const dialog = page.getByRole("dialog", { name: "Readmit the resident" });
    await dialog.getByLabel("Readmission date").fill("2026-04-01");
    await dialog.getByRole("button", { name: "Record readmit" }).click();
    await stay.getByText("Active since 2026-04-01").waitFor();
    // The first admission date is kept; the face sheet lists both stays.
    const sheet = page.getByRole("region", { name: /Face sheet/ });
    await sheet.getByText("Mar 1, 2025 – Feb 15, 2026; Apr 1, 2026 – now").waitFor();
    expect(await sheet.getByText("Mar 1, 2025", { exact: true }).count()).toBe(1);
    expect(await sheet.getByText(/discharge/i).count()).toBe(0);

    await page.getByRole("navigation", { name: "Resident record" }).getByRole("link", { name: "History" }).click();
    const events = page.locator(".timeline__event");
    await events.nth(2).waitFor();
    expect(await events.allTextContents()).toEqual([
      "2026-04-01ReadmittedUndo…",
      "2026-02-15DischargedMoved closer to family",
      "2025-03-01Admitted",
    ]);

    // The list shows both stays under the admission date, which a readmission keeps.
    await page.goto("/residents?q=winn");
    const row = page.locator("main tbody tr", { hasText: "Quennell, Winifred (Winnie)" });
    await row.getByText("Stays: Mar 1, 2025 – Feb 15, 2026; Apr 1, 2026 – now").waitFor();
    expect(await row.getByText("2025-03-01").count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, "residents-list-stays-desktop.png") });
  });

  it("shows a discharge dated later as Leaving on, and undoes wrong discharges from the history with a reason", async () => {
    const page = await signedInPage();
    await page.goto(residentPath);
    const stay = page.getByRole("region", { name: "Stay" });
    const leaving = addDays(latestDateAnywhere(), 10);
    await stay.getByRole("button", { name: "Discharge" }).click();
    let dialog = page.getByRole("dialog", { name: "Discharge the resident" });
    await dialog.getByLabel("Discharge date").fill(leaving);
    await dialog.getByRole("button", { name: "Record discharge" }).click();
    await page.getByText(`Winnie Quennell is leaving on ${leaving}.`).waitFor();
    await stay.getByText(`Leaving on ${leaving}`).waitFor();
    await stay.getByText("Active since 2026-04-01").waitFor();
    expect(await stay.getByRole("button", { name: "Discharge" }).count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, "residents-leaving-on-desktop.png") });
    await page.goto("/residents");
    await page
      .getByRole("row", { name: /Quennell/ })
      .getByText(`Leaving on ${leaving}`)
      .waitFor();

    // Called off: undone from the history, with the reason.
    const undo = async (reason: string) => {
      await page.goto(`${residentPath}/history`);
      // Only the latest event that still counts offers Undo….
      await page.getByRole("button", { name: "Undo…" }).click();
      const undoing = page.getByRole("dialog", { name: "Undo a status event" });
      await undoing.getByRole("button", { name: "Undo the event" }).click();
      await undoing.getByText("Give the reason for undoing it").waitFor();
      await undoing.getByLabel("Why is it undone?").fill(reason);
      await page.screenshot({ path: join(SCREENSHOTS, "residents-undo-dialog-desktop.png") });
      await undoing.getByRole("button", { name: "Undo the event" }).click();
      await undoing.waitFor({ state: "detached" });
    };
    await undo("Family changed their plans");
    await page.locator(".timeline__undone", { hasText: "Family changed their plans" }).waitFor();

    // A discharge entered for the wrong resident: undone, they are back as they were.
    await page.goto(residentPath);
    await stay.getByRole("button", { name: "Discharge" }).click();
    dialog = page.getByRole("dialog", { name: "Discharge the resident" });
    await dialog.getByLabel("Discharge date").fill("2026-05-01");
    await dialog.getByRole("button", { name: "Record discharge" }).click();
    await stay.getByText("Discharged since 2026-05-01").waitFor();
    await undo("Entered for the wrong resident");
    const events = page.locator(".timeline__event");
    await page.locator(".timeline__undone", { hasText: "Entered for the wrong resident" }).waitFor();
    const texts = await events.allTextContents();
    expect(texts.find((t) => t.startsWith("2026-05-01Discharged"))).toMatch(
      /^2026-05-01DischargedUndone by .+ on \d{4}-\d{2}-\d{2}: Entered for the wrong resident$/,
    );
    expect(texts.find((t) => t.startsWith(`${leaving}Discharged`))).toContain("Family changed their plans");
    expect(texts.find((t) => t.startsWith("2026-04-01"))).toBe("2026-04-01ReadmittedUndo…");
    await page.screenshot({ path: join(SCREENSHOTS, "residents-history-undone-desktop.png"), fullPage: true });
    await page.goto(residentPath);
    await stay.getByText("Active since 2026-04-01").waitFor();
    expect(await stay.getByText(/Leaving on/).count()).toBe(0);
  });

  it("shows the form and the face sheet at phone width without sideways scrolling", async () => {
    const phone = await signedInPage(PHONE);
    await phone.goto("/residents/add");
    await form(phone).getByLabel("First name").waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "residents-form-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.goto(residentPath);
    await phone.getByRole("region", { name: /Face sheet/ }).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "residents-detail-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The history with its undone events and the Undo… button, and the undo dialog.
    await phone.goto(`${residentPath}/history`);
    await phone.locator(".timeline__undone").first().waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "residents-history-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.getByRole("button", { name: "Undo…" }).click();
    await phone.getByRole("dialog", { name: "Undo a status event" }).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "residents-undo-dialog-phone.png") });

    const desktop = await signedInPage();
    await desktop.goto("/residents/add");
    await form(desktop).getByLabel("First name").waitFor();
    await desktop.screenshot({ path: join(SCREENSHOTS, "residents-form-desktop.png"), fullPage: true });
  });
});
