/**
 * Medical records in Chromium against the built app and server: a resident made through the API,
 * vitals, a medication and an allergy recorded in the UI, field errors, a stale edit refused with the
 * newer data shown, archive after a confirm, and the Medical Records list showing the latest entries.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

describe.skipIf(Boolean(chromiumMissing))("medical records in Chromium", () => {
  const session = useBrowserSession();
  const { signedInPage } = session;
  let residentId = "";

  function section(page: Page, name: string) {
    return page.getByRole("region", { name, exact: true });
  }

  it("records vitals, a medication and an allergy on the resident's medical page", async () => {
    const page = await signedInPage();
    const created = await api(page, "POST", "/residents", {
      data: {
        facilityId: "van-buren",
        firstName: "Margaret",
        lastName: "Holloway",
        dateOfBirth: "1938-04-12",
        gender: "female",
        room: "12",
        admissionDate: "2024-02-01",
        ambulatoryStatus: "ambulatory",
        codeStatus: "dnr",
      },
    });
    residentId = String(created.id);

    await page.goto(`/residents/${residentId}/medical`);
    await page.locator("main h1", { hasText: "Margaret Holloway: medical record" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Resident record" }).isVisible()).toBe(true);

    // Vitals: nothing measured is refused beside the field; then a full entry is saved.
    const vitals = section(page, "Vitals");
    await vitals.getByRole("button", { name: "Record vitals" }).click();
    // Who records is the signed-in user, set by the portal: nothing to type.
    expect(await vitals.getByLabel("Recorded by").count()).toBe(0);
    await vitals.getByRole("button", { name: "Save" }).click();
    await vitals.getByText("Record at least one measurement").waitFor();
    expect(await vitals.getByLabel("Blood pressure, systolic").getAttribute("aria-invalid")).toBe("true");
    await vitals.getByLabel("Blood pressure, systolic").fill("128");
    await vitals.getByLabel("Blood pressure, diastolic").fill("82");
    await vitals.getByLabel("Pulse (bpm)").fill("74");
    await vitals.getByLabel("Temperature (°F)").fill("98.4");
    await vitals.getByLabel("Weight (lb)").fill("142.5");
    await page.screenshot({ path: join(SCREENSHOTS, "medical-vitals-form-desktop.png"), fullPage: true });
    await vitals.getByRole("button", { name: "Save" }).click();
    await page.getByText("Vitals entry saved").waitFor();
    await vitals.getByRole("cell", { name: "128/82", exact: true }).waitFor();
    await vitals.getByRole("cell", { name: session.server.admin.email, exact: true }).waitFor();
    expect(await vitals.getByRole("cell", { name: session.server.admin.email, exact: true }).count()).toBe(1);

    // Medication: required fields are named beside the fields, then it is listed as active.
    const meds = section(page, "Medications");
    await meds.getByRole("button", { name: "Add medication" }).click();
    await meds.getByRole("button", { name: "Save" }).click();
    expect(await meds.locator(".form-field__error").count()).toBeGreaterThanOrEqual(3);
    await meds.getByRole("textbox", { name: "Medication", exact: true }).fill("Lisinopril");
    await meds.getByRole("textbox", { name: "Dose", exact: true }).fill("10 mg");
    await meds.getByRole("textbox", { name: "Frequency", exact: true }).fill("once daily");
    await meds.getByLabel("Prescriber").fill("Dr. Ruiz");
    await meds.getByRole("button", { name: "Save" }).click();
    await page.getByText("Medication saved").waitFor();
    await meds
      .getByRole("table", { name: "Medications: Active" })
      .getByRole("cell", { name: "Lisinopril", exact: true })
      .waitFor();

    const allergies = section(page, "Allergies");
    await allergies.getByRole("button", { name: "Add allergy" }).click();
    await allergies.getByLabel("Allergen").fill("Penicillin");
    await allergies.getByLabel("Reaction").fill("Hives");
    await allergies.getByLabel("Severity").selectOption("severe");
    await allergies.getByRole("button", { name: "Save" }).click();
    await allergies.getByRole("cell", { name: "Penicillin", exact: true }).waitFor();
    await section(page, "Appointments").getByText("No upcoming appointments.").waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "medical-resident-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);
  });

  it("refuses a stale edit and shows the newer data, and archives only after a confirm", async () => {
    const page = await signedInPage();
    await page.goto(`/residents/${residentId}/medical`);
    const meds = section(page, "Medications");
    await meds.getByRole("button", { name: "Edit Lisinopril 10 mg" }).click();
    await meds.getByRole("textbox", { name: "Dose", exact: true }).fill("20 mg");

    // Someone else changes the same medication meanwhile.
    const list = await api(page, "GET", `/medications?where=${encodeURIComponent(JSON.stringify({ residentId }))}`);
    const [med] = list.items as { id: string; version: number }[];
    await api(page, "PATCH", `/medications/${med!.id}`, { version: med!.version, patch: { dose: "5 mg" } });

    await meds.getByRole("button", { name: "Save" }).click();
    await meds.getByText("Someone else changed this entry").waitFor();
    expect(await meds.getByRole("textbox", { name: "Dose", exact: true }).inputValue()).toBe("5 mg");
    await meds.getByRole("textbox", { name: "Dose", exact: true }).fill("20 mg");
    await meds.getByRole("button", { name: "Save" }).click();
    await meds.getByRole("cell", { name: "20 mg", exact: true }).waitFor();

    // An emptied measurement is cleared from the stored entry, not kept.
    const vitals = section(page, "Vitals");
    await vitals.getByRole("button", { name: /^Edit/ }).click();
    await vitals.getByLabel("Weight (lb)").fill("");
    await vitals.getByRole("button", { name: "Save" }).click();
    await page.getByText("Vitals entry saved").waitFor();
    const stored = await api(page, "GET", `/vitals?where=${encodeURIComponent(JSON.stringify({ residentId }))}`);
    const entries = stored.items as Record<string, unknown>[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ systolic: 128, version: 2 });
    expect(entries[0]).not.toHaveProperty("weightLb");

    // Archive: cancel keeps it, confirm removes it from the list.
    const add = section(page, "Diagnoses");
    await add.getByRole("button", { name: "Add diagnosis" }).click();
    await add.getByRole("textbox", { name: "Diagnosis", exact: true }).fill("Hypertension");
    await add.getByLabel("ICD-10 code").fill("I10");
    await add.getByRole("button", { name: "Save" }).click();
    await add.getByRole("cell", { name: "Hypertension", exact: true }).waitFor();
    await add.getByRole("button", { name: "Archive Diagnosis Hypertension" }).click();
    const dialog = page.getByRole("dialog", { name: "Archive this diagnosis?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await add.getByRole("cell", { name: "Hypertension", exact: true }).count()).toBe(1);
    await add.getByRole("button", { name: "Archive Diagnosis Hypertension" }).click();
    await dialog.getByRole("button", { name: "Archive" }).click();
    await add.getByText("No diagnoses recorded.").waitFor();
  });

  it("shows the resident's latest entries on the Medical Records page, searchable by name", async () => {
    const page = await signedInPage();
    await page.goto("/residents/medical-records");
    await page.locator("main h1", { hasText: "Medical Records" }).waitFor();
    const row = page.getByRole("row").filter({ hasText: "Holloway, Margaret" });
    await row.waitFor();
    expect(await row.textContent()).toContain("BP 128/82");
    expect(await row.textContent()).toContain("Pulse 74");
    expect(await row.textContent()).toContain(session.server.admin.email);
    expect(await row.textContent()).toContain("Penicillin (severe)");
    expect(await row.textContent()).toContain("1 active medication");
    await page.screenshot({ path: join(SCREENSHOTS, "medical-records-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    await page.getByLabel("Search by name").fill("nobody-by-this-name");
    await page.getByText('No resident\'s name matches "nobody-by-this-name".').waitFor();
    await page.getByLabel("Search by name").fill("hollo");
    await row.waitFor();
    // Every facility at once: each resident names their home; another home alone does not list her.
    await page.getByRole("banner").getByRole("combobox").selectOption("");
    await row.getByText("Van Buren · Room 12").waitFor();
    await page.getByLabel("Search by name").fill("");
    await page.getByRole("banner").getByRole("combobox").selectOption("tull");
    await page.getByText("No residents in Tull").waitFor();
    await page.getByRole("banner").getByRole("combobox").selectOption("van-buren");
    await row.getByRole("link", { name: "Holloway, Margaret" }).click();
    await page.waitForURL((url) => url.pathname === `/residents/${residentId}/medical`);

    const phone = await signedInPage(PHONE);
    await phone.goto("/residents/medical-records");
    await phone.getByRole("link", { name: "Holloway, Margaret" }).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "medical-records-phone.png"), fullPage: true });
    await phone.goto(`/residents/${residentId}/medical`);
    await section(phone, "Vitals").getByText("128/82").waitFor();
    await section(phone, "Appointments").getByText("No upcoming appointments.").waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "medical-resident-phone.png"), fullPage: true });
    await expectNoSeriousAxeViolations(phone);
  });
});
