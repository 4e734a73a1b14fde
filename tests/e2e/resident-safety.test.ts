/**
 * What keeps a resident's record safe, in Chromium against the built app and server: the printed face
 * sheet carries code status, allergies, active diagnoses and medications and when it was printed;
 * impossible dates are refused and a later admission is a planned move-in; a home's licensed capacity
 * is enforced (an administrator's recorded exception admits over it), with warnings for a home without
 * one and for a room and bed already given; the same person is flagged as they are typed; a form with
 * unsaved changes asks before it is left; and a resident is named one way in lists and another in
 * headings.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "@care/core/rules/date-only.rules";
import { chromiumMissing } from "./support/chromium.ts";
import { api } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

/** The seed homes' time zone: their "today". */
const HOME_TODAY = todayIn("America/Los_Angeles");

const MAGGIE = {
  facilityId: "van-buren",
  firstName: "Margaret",
  lastName: "Okafor",
  preferredName: "Maggie",
  dateOfBirth: "1936-05-02",
  gender: "female",
  room: "7",
  bed: "A",
  admissionDate: "2024-09-15",
  ambulatoryStatus: "ambulatory",
  codeStatus: "dnr",
};

describe.skipIf(Boolean(chromiumMissing))("resident safety in Chromium", () => {
  const session = useBrowserSession();
  const { signedInPage } = session;
  let maggieId = "";

  const form = (page: Page) => page.locator("main form.resident-form");

  async function addResidentForm(page: Page, facilityId: string) {
    await page.goto("/residents/add");
    const f = form(page);
    await f.getByLabel("First name").waitFor();
    await f.getByLabel("Facility").selectOption(facilityId);
    return f;
  }

  async function fillRequired(page: Page, fields: { first: string; last: string; dob: string; admitted: string }) {
    const f = form(page);
    await f.getByLabel("First name").fill(fields.first);
    await f.getByLabel("Last name").fill(fields.last);
    await f.getByLabel("Date of birth").fill(fields.dob);
    await f.getByLabel("Gender").selectOption("female");
    await f.getByLabel("Admission date").fill(fields.admitted);
    await f.getByLabel("Ambulatory status").selectOption("ambulatory");
    await f.getByLabel("Code status").selectOption("full_code");
    await settle(page);
    await f.getByRole("button", { name: "Remove contact 1" }).click();
  }

  /**
   * Leaves the field being typed in, as a person does before reaching for Save: its check on leaving
   * may show or clear a message and move the buttons below it.
   */
  async function settle(page: Page) {
    await page.locator("main h1").click();
    await page.waitForTimeout(100);
  }

  it("prints the face sheet with code status and allergies on top, active diagnoses and medications, and the print time", async () => {
    const page = await signedInPage();
    maggieId = String((await api(page, "POST", "/residents", { data: MAGGIE })).id);
    const entry = (collection: string, data: Record<string, unknown>) =>
      api(page, "POST", `/${collection}`, { data: { residentId: maggieId, facilityId: "van-buren", ...data } });
    await entry("allergies", { allergen: "Penicillin", severity: "severe", reaction: "Hives" });
    await entry("allergies", { allergen: "Latex" });
    await entry("diagnoses", { name: "Type 2 diabetes", icd10: "E11.9" });
    await entry("diagnoses", { name: "Fractured wrist", active: false });
    await entry("medications", { name: "Metformin", dose: "500 mg", route: "oral", frequency: "twice daily" });
    await entry("medications", {
      name: "Amoxicillin",
      dose: "250 mg",
      route: "oral",
      frequency: "three times daily",
      stopDate: addDays(HOME_TODAY, -30),
    });

    await page.goto(`/residents/${maggieId}`);
    const sheet = page.getByRole("region", { name: /Face sheet/ });
    const alerts = sheet.locator(".face-sheet__alerts");
    await alerts.getByText("Penicillin").waitFor();
    await alerts.getByText("DNR").waitFor();
    expect(await alerts.getByRole("listitem").allTextContents()).toEqual(["Latex", "Penicillin — Severe: Hives"]);
    await sheet.getByText("Type 2 diabetes (E11.9)").waitFor();
    expect(await sheet.getByText("Fractured wrist").count()).toBe(0);
    await sheet.getByText("Metformin").waitFor();
    expect(await sheet.getByText("Amoxicillin").count()).toBe(0);

    await page.emulateMedia({ media: "print" });
    const printed = sheet.getByText(/^Printed /);
    expect(await printed.isVisible()).toBe(true);
    const year = HOME_TODAY.slice(0, 4);
    // In the home's time zone (Van Buren is in California), the zone named.
    expect(await printed.textContent()).toMatch(
      new RegExp(`^Printed [A-Z][a-z]{2} \\d{1,2}, ${year}, \\d{1,2}:\\d{2} [AP]M P[SD]T$`),
    );
    // The home it is printed for, with its license number; the legal name first, dates as the home writes them.
    await sheet
      .locator(".face-sheet__home")
      .getByText(/License no\. /)
      .waitFor();
    expect(await sheet.locator(".face-sheet__home strong").textContent()).toBe("Van Buren");
    expect(await sheet.getByText("Legal name").isVisible()).toBe(true);
    expect(await sheet.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \(age \d+\)$/).count()).toBe(1);
    expect(await alerts.isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, "face-sheet-medical-print.png"), fullPage: true });
    await page.emulateMedia({ media: "screen" });
    await page.screenshot({ path: join(SCREENSHOTS, "face-sheet-medical-desktop.png"), fullPage: true });
  });

  it("changes the code status through its dialog: source, date and reason, then from → to confirmed; shown on the face sheet", async () => {
    const page = await signedInPage();
    await page.goto(`/residents/${maggieId}`);
    await page.getByRole("button", { name: "Change code status…" }).click();
    const dialog = page.getByRole("dialog", { name: "Change code status" });
    // Nothing given: each field says what it needs.
    await dialog.getByRole("button", { name: "Review the change" }).click();
    await dialog.getByText("Required").first().waitFor();
    await dialog.getByLabel("New code status").selectOption("full_code");
    await dialog.getByLabel("Source document").selectOption("physician_order");
    await dialog.getByLabel("Date of the document").fill("2026-01-05");
    await dialog.getByLabel("Reason").fill("DNR order revoked by the physician at the resident's request");
    await dialog.getByRole("button", { name: "Review the change" }).click();
    await dialog.getByText("Change code status from DNR to Full code?").waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "code-status-confirm-desktop.png") });
    await dialog.getByRole("button", { name: "Change to Full code" }).click();
    await page.getByText("Code status of Maggie Okafor changed to Full code.").waitFor();
    const code = page.getByRole("region", { name: /Face sheet/ }).locator(".face-sheet__code");
    await code.getByText("Full code").waitFor();
    expect(await code.textContent()).toBe("Code status: Full code — Physician's order of Jan 5, 2026");
    // History lists the change, boxed.
    await page.getByRole("navigation", { name: "Resident record" }).getByRole("link", { name: "History" }).click();
    const highlighted = page.locator(".record-history__item--highlight");
    await highlighted.getByText("Code status:").waitFor();
    expect(await highlighted.count()).toBe(1);
    await page.goto(`/residents/${maggieId}`);
    // The edit form shows it, to be changed only through the dialog.
    await page.getByRole("link", { name: "Edit" }).click();
    await form(page)
      .getByText(/Change it with Change code status…/)
      .waitFor();
    expect(await form(page).getByLabel("Code status").count()).toBe(0);
  });

  it("names the resident by last name in lists and by the name they use in headings and toasts", async () => {
    const page = await signedInPage();
    await page.goto("/residents");
    const link = page
      .getByRole("table", { name: /Residents/ })
      .getByRole("link", { name: "Okafor, Margaret (Maggie)" });
    await link.click();
    await page.locator("main h1", { hasText: /^Maggie Okafor$/ }).waitFor();
    await page.getByRole("navigation", { name: "Resident record" }).getByRole("link", { name: "History" }).click();
    await page.locator("main h1", { hasText: /^Maggie Okafor: history$/ }).waitFor();
  });

  it("says a birth date in the future beside Date of birth as it is typed, not on the admission date", async () => {
    const page = await signedInPage();
    const f = await addResidentForm(page, "tull");
    // Typed in the form's order: the gender is not chosen yet when Date of birth is left.
    await f.getByLabel("First name").fill("Odile");
    await f.getByLabel("Last name").fill("Marchetti");
    await f.getByLabel("Date of birth").fill(addDays(HOME_TODAY, 400));
    await settle(page);
    const dob = f.locator(".form-field", { has: page.getByLabel("Date of birth") });
    await dob.getByText("The date of birth cannot be in the future").waitFor();
    await f.getByLabel("Gender").selectOption("female");
    await f.getByLabel("Admission date").fill(HOME_TODAY);
    await settle(page);
    await dob.getByText("The date of birth cannot be in the future").waitFor();
    expect(await f.getByLabel("Date of birth").getAttribute("aria-invalid")).toBe("true");
    expect(await f.getByLabel("Admission date").getAttribute("aria-invalid")).not.toBe("true");
    expect(await f.getByText("Admission cannot be before the date of birth").count()).toBe(0);
  });

  it("refuses a birth date in the future and makes a later admission a planned move-in, out of the census", async () => {
    const page = await signedInPage();
    const f = await addResidentForm(page, "tull");
    const tomorrow = addDays(HOME_TODAY, 1);
    await fillRequired(page, { first: "Florence", last: "Adeyemi", dob: addDays(HOME_TODAY, 400), admitted: tomorrow });
    await settle(page);
    await f.getByRole("button", { name: "Save resident" }).click();
    await f.getByText("The date of birth cannot be in the future").waitFor();
    expect(await f.getByLabel("Date of birth").getAttribute("aria-invalid")).toBe("true");
    await f.getByLabel("Date of birth").fill("1900-01-01");
    await settle(page);
    await f.getByRole("button", { name: "Save resident" }).click();
    await f.getByText("Check the date of birth: that would make them older than 120").waitFor();

    await f.getByLabel("Date of birth").fill("1944-02-11");
    await f.getByText(`A planned move-in: the resident counts in the census and occupancy from ${tomorrow}.`).waitFor();
    await settle(page);
    await f.getByRole("button", { name: "Save resident" }).click();
    await page.getByText("Florence Adeyemi was admitted.").waitFor();
    await page.locator("main .resident-detail__summary").getByText("Planned move-in").waitFor();
    const stay = page.getByRole("region", { name: "Stay" });
    await stay.getByText(`Planned move-in on ${tomorrow}: not in the census until then.`, { exact: false }).waitFor();
    expect(await stay.getByRole("button", { name: "Discharge" }).count()).toBe(0);

    await page.goto("/residents");
    await page.getByRole("banner").getByRole("combobox", { name: "Facility" }).selectOption("tull");
    const row = page.getByRole("row").filter({ hasText: "Adeyemi, Florence" });
    await row.locator(".pill", { hasText: /^Planned move-in$/ }).waitFor();

    await page.goto("/facilities/tull");
    await page.getByText(/1 planned move-in/).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "facility-planned-move-in-desktop.png"), fullPage: true });
  });

  it("refuses an admission past the licensed capacity until an administrator records an exception", async () => {
    const page = await signedInPage();
    const home = await api(page, "GET", "/facilities/edgemont");
    await api(page, "PATCH", "/facilities/edgemont", { version: home.version, patch: { licensedCapacity: 1 } });
    await api(page, "POST", "/residents", {
      data: { ...MAGGIE, facilityId: "edgemont", firstName: "Iris", lastName: "Bellamy", preferredName: undefined },
    });

    const f = await addResidentForm(page, "edgemont");
    await fillRequired(page, { first: "Walter", last: "Nakamura", dob: "1939-03-03", admitted: HOME_TODAY });
    await f.getByLabel("Room").fill("7");
    await f.getByLabel("Bed").fill("A");
    await f.getByText("Room 7 / A is also given to Iris Bellamy.").waitFor();
    await settle(page);
    await f.getByRole("button", { name: "Save resident" }).click();
    const refusal = "Edgemont is licensed for 1 resident and 1 bed is taken or promised.";
    await f.getByText(refusal, { exact: false }).waitFor();
    expect(await f.getByLabel("Facility").getAttribute("aria-invalid")).toBe("true");
    await page.screenshot({ path: join(SCREENSHOTS, "resident-over-capacity-desktop.png"), fullPage: true });

    await f
      .getByLabel("Over-capacity exception")
      .fill("Approved by the licensing analyst, J. Ruiz, on the phone today");
    await settle(page);
    await f.getByRole("button", { name: "Save resident" }).click();
    await page.getByText("Walter Nakamura was admitted.").waitFor();

    // A home with no licensed capacity recorded gets a warning to set it.
    const g = await addResidentForm(page, "newman");
    await g.getByText("Newman has no licensed capacity recorded").waitFor();
  });

  it("warns as the name and birth date are typed that the resident may already be recorded", async () => {
    const page = await signedInPage();
    const f = await addResidentForm(page, "tull");
    await f.getByLabel("First name").fill("maggie");
    await f.getByLabel("Last name").fill("OKAFOR");
    await f.getByLabel("Date of birth").fill(MAGGIE.dateOfBirth);
    const warning = f.locator(".form-warning", { hasText: "This may be someone already recorded." });
    await warning.waitFor();
    expect(await warning.getByRole("link").textContent()).toBe("Okafor, Margaret (Maggie)");
    await page.screenshot({ path: join(SCREENSHOTS, "resident-duplicate-warning-desktop.png"), fullPage: true });
  });

  it("asks before a half-filled form is left, and keeps what was typed when the person stays", async () => {
    const page = await signedInPage();
    const f = await addResidentForm(page, "tull");
    await f.getByLabel("First name").fill("Half");
    await page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Staff" }).click();
    const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
    await dialog.waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "unsaved-changes-desktop.png") });
    await dialog.getByRole("button", { name: "Keep editing" }).click();
    expect(new URL(page.url()).pathname).toBe("/residents/add");
    expect(await f.getByLabel("First name").inputValue()).toBe("Half");

    await f.getByRole("link", { name: "Cancel" }).click();
    await dialog.getByRole("button", { name: "Leave without saving" }).click();
    await page.waitForURL((url) => url.pathname === "/residents");

    // An untouched form is left without a question.
    await page.goto(`/residents/${maggieId}/edit`);
    await form(page).getByLabel("First name").waitFor();
    await form(page).getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === `/residents/${maggieId}`);
  });

  it("shows an edit on the History tab: the field, before → after, and who made it", async () => {
    const page = await signedInPage();
    await page.goto(`/residents/${maggieId}/edit`);
    const f = form(page);
    await f.getByLabel("Room").fill("9");
    await f.getByLabel("Diet").fill("Diabetic, soft foods");
    await settle(page);
    await f.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Maggie Okafor was saved.").waitFor();
    await page.getByRole("navigation", { name: "Resident record" }).getByRole("link", { name: "History" }).click();
    const edit = page.locator(".record-history__item").filter({ hasText: "Room:" }).first();
    await edit.waitFor();
    expect(await edit.locator(".record-history__who").textContent()).toContain("by e2e-admin@example.com");
    expect(await edit.getByRole("listitem").allTextContents()).toEqual(
      expect.arrayContaining(["Room: 7 → 9", "Diet: — → Diabetic, soft foods"]),
    );
    await page.screenshot({ path: join(SCREENSHOTS, "resident-history-edits-desktop.png"), fullPage: true });
  });

  it("says what is wrong with a vital sign in words written for staff", async () => {
    const page = await signedInPage();
    await page.goto(`/residents/${maggieId}`);
    await page.getByRole("link", { name: "Record vitals" }).click();
    const pulse = page.getByLabel("Pulse (bpm)");
    await pulse.waitFor();
    await pulse.fill("999");
    await settle(page);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Pulse must be between 20 and 250").waitFor();
    expect(await page.getByText(/expected number/).count()).toBe(0);
  });

  it("fills the Facilities list from one request, not one per home", async () => {
    const page = await signedInPage();
    const asked: string[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith("/api/") && path.includes("insights")) asked.push(path);
    });
    await page.goto("/facilities");
    await page
      .getByRole("row")
      .filter({ hasText: "Van Buren" })
      .getByText(/missing|complete|expiring/i)
      .first()
      .waitFor();
    expect(asked.filter((p) => p.endsWith("/insights/facility-stats"))).toHaveLength(1);
    // Besides it, only the navigation's reminder count asks the server for insights.
    expect(asked.filter((p) => !/\/insights\/(facility-stats|reminders)$/.test(p))).toEqual([]);
  });

  it("shows the face sheet's medical part at phone width without sideways scrolling", async () => {
    const phone = await signedInPage(PHONE);
    await phone.goto(`/residents/${maggieId}`);
    await phone.locator(".face-sheet__alerts").getByText("Penicillin").waitFor();
    await phone.getByText("Metformin").waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "face-sheet-medical-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
