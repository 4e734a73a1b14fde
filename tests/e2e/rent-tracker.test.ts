/**
 * The rent tracker in Chromium against the built app and server: a resident with a rate made through
 * the API, this month's rent generated in the UI (and refused the second time), a payment recorded,
 * the balance and the month grid changing, the ledger, and the printable receipt (print media).
 * Dates are computed here from the local clock, as the browser does, not imported from the app.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

const MONTHS = "January February March April May June July August September October November December".split(" ");

const now = new Date();
const pad = (n: number) => String(n).padStart(2, "0");
const thisMonth = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
const thisMonthLabel = `${MONTHS[now.getMonth()]} ${now.getFullYear()}`;
const previous = new Date(now.getFullYear(), now.getMonth() - 1, 1);
/** Admitted on the first of last month, so this month is a whole month at the full rate. */
const admissionDate = `${previous.getFullYear()}-${pad(previous.getMonth() + 1)}-01`;

describe.skipIf(Boolean(chromiumMissing))("the rent tracker in Chromium", () => {
  const session = useBrowserSession();
  const { signedInPage } = session;
  let residentId = "";

  const residentRow = (page: Page) => page.getByRole("row").filter({ hasText: "Banerjee, Priya" });

  it("generates the month once, records a payment, and shows the balance and grid change", async () => {
    const page = await signedInPage();
    const resident = await api(page, "POST", "/residents", {
      data: {
        facilityId: "van-buren",
        firstName: "Priya",
        lastName: "Banerjee",
        dateOfBirth: "1941-07-03",
        gender: "female",
        room: "4B",
        admissionDate,
        ambulatoryStatus: "ambulatory",
        codeStatus: "full_code",
        monthlyRateCents: 300000,
      },
    });
    residentId = String(resident.id);
    await api(page, "POST", "/rentRates", {
      data: { residentId, facilityId: "van-buren", amountCents: 300000, effectiveFrom: admissionDate },
    });
    // A resident without any rate is reported as not charged, never given a charge.
    await api(page, "POST", "/residents", {
      data: {
        facilityId: "van-buren",
        firstName: "Tom",
        lastName: "Okafor",
        dateOfBirth: "1945-01-20",
        gender: "male",
        admissionDate,
        ambulatoryStatus: "non_ambulatory",
        codeStatus: "dnr",
      },
    });

    await page.goto("/residents/rent-tracker");
    await page.locator("main h1", { hasText: "Rent Tracker" }).waitFor();
    await residentRow(page).waitFor();
    const cell = (status: string) => residentRow(page).getByRole("cell", { name: `${thisMonthLabel}: ${status}` });
    await cell("No charge").waitFor();

    await page.getByLabel("Month", { exact: true }).fill(thisMonth);
    const generate = page.getByRole("button", { name: `Generate charges for ${thisMonthLabel}` });
    await generate.click();
    await page.getByText(`${thisMonthLabel}: 1 created, 0 already generated, 1 not charged`).waitFor();
    await cell("Unpaid").waitFor();
    await residentRow(page).getByRole("cell", { name: "$3,000.00" }).waitFor();

    // Generating the same month again creates nothing.
    await generate.click();
    await page.getByText(`${thisMonthLabel}: 0 created, 1 already generated, 1 not charged`).waitFor();

    // A payment: an amount with a third decimal is refused beside the field, then one is recorded.
    await page.getByRole("button", { name: "Record a payment" }).click();
    const dialog = page.getByRole("dialog", { name: "Record a payment" });
    await dialog.getByLabel("Resident").selectOption(residentId);
    await dialog.getByLabel("Amount ($)").fill("1000.505");
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await dialog.getByText("At most two digits after the point").waitFor();
    expect(await dialog.getByLabel("Amount ($)").getAttribute("aria-invalid")).toBe("true");
    await dialog.getByLabel("Amount ($)").fill("1,000.50");
    await dialog.getByLabel("Method").selectOption("check");
    await dialog.getByLabel("Reference").fill("1042");
    await dialog.getByLabel("Payer").fill("Anita Banerjee (daughter)");
    await page.screenshot({ path: join(SCREENSHOTS, "rent-payment-dialog-desktop.png") });
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await page.getByText("Payment of $1,000.50 recorded for Banerjee, Priya").waitFor();
    await cell("Partial").waitFor();
    await residentRow(page).getByRole("cell", { name: "$1,999.50" }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "rent-tracker-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: "Record a payment" }).isVisible()).toBe(false);
    await page.screenshot({ path: join(SCREENSHOTS, "rent-tracker-print.png"), fullPage: true });
    await page.emulateMedia({ media: "screen" });

    // The account is the same on the server.
    const account = await api(page, "GET", `/rentAccounts/${residentId}`);
    expect(account).toMatchObject({ chargedCents: 300000, paidCents: 100050, balanceCents: 199950 });
  });

  it("shows the ledger and a printable receipt for the payment", async () => {
    const page = await signedInPage();
    await page.goto("/residents/rent-tracker");
    await residentRow(page).getByRole("link", { name: "Banerjee, Priya" }).click();
    await page.waitForURL((url) => url.pathname === `/residents/${residentId}/rent`);
    await page.locator("main h1", { hasText: "Priya Banerjee" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Resident record" }).isVisible()).toBe(true);
    const ledger = page.getByRole("table", { name: /Ledger/ });
    await ledger.getByRole("cell", { name: `Rent ${thisMonthLabel}`, exact: true }).waitFor();
    await ledger.getByRole("cell", { name: "$1,999.50" }).waitFor();
    await page.getByText("$3,000.00 a month from").waitFor();
    // A rate increase from next year: listed as upcoming, the face sheet keeps today's rate.
    const nextYear = `${now.getFullYear() + 1}-01-01`;
    await page.getByLabel("Monthly rate ($)").fill("3,150");
    await page.getByLabel("Effective from").fill(nextYear);
    await page.getByLabel("Notes").fill("Annual increase");
    await page.getByRole("button", { name: "Add rate" }).click();
    await page.getByText(`$3,150.00 a month from January 1, ${now.getFullYear() + 1} (upcoming)`).waitFor();
    expect(await api(page, "GET", `/residents/${residentId}`)).toMatchObject({ monthlyRateCents: 300000 });
    await page.screenshot({ path: join(SCREENSHOTS, "rent-resident-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    await ledger.getByRole("link", { name: /^Receipt R-/ }).click();
    await page.locator("main h1", { hasText: "Payment receipt" }).waitFor();
    const receipt = page.locator(".receipt");
    for (const text of [
      "Van Buren",
      "Priya Banerjee, room 4B",
      "$1,000.50",
      "Check",
      "1042",
      "Anita Banerjee (daughter)",
    ]) {
      await receipt.getByText(text, { exact: true }).waitFor();
    }
    await receipt.getByText(/^R-[0-9A-Z]{8}$/).waitFor();
    expect(await receipt.locator("dt", { hasText: "Balance after this payment" }).locator("+ dd").textContent()).toBe(
      "$1,999.50",
    );
    await page.screenshot({ path: join(SCREENSHOTS, "rent-receipt-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    // Printed, only the receipt remains: no header, menus or buttons.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".app-header").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Print receipt" }).isVisible()).toBe(false);
    expect(await receipt.isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, "rent-receipt-print.png"), fullPage: true });
  });

  it("fits a phone: the tracker, the resident's rent and the receipt", async () => {
    const page = await signedInPage(PHONE);
    await page.goto("/residents/rent-tracker");
    await residentRow(page).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "rent-tracker-phone.png"), fullPage: true });
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(PHONE.width);

    await page.goto(`/residents/${residentId}/rent`);
    await page.getByRole("table", { name: /Ledger/ }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "rent-resident-phone.png"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole("link", { name: /^Receipt R-/ }).click();
    await page.locator("main h1", { hasText: "Payment receipt" }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "rent-receipt-phone.png"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
