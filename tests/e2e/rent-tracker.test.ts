/**
 * The rent tracker in Chromium against the built app and server: a resident with a rate made through
 * the API is billed for this month without a click (a resident without a rate shows "Not billed yet",
 * never $0.00), last month generated in the UI (and refused the second time), a payment recorded, the
 * balance and the month grid changing, the ledger naming the method once, the rate history starting
 * with the admission rate, a discharge and readmission in one month billed for both stays, and the
 * printable receipt (print media). Dates are computed here from the local clock, as the browser does,
 * not imported from the app.
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
const monthOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
const labelOf = (d: Date) => `${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
const thisMonthLabel = labelOf(now);
const previous = new Date(now.getFullYear(), now.getMonth() - 1, 1);
const lastMonth = monthOf(previous);
const lastMonthLabel = labelOf(previous);
const daysInLastMonth = new Date(now.getFullYear(), now.getMonth(), 0).getDate();
/** Admitted on the first of last month, so this month is a whole month at the full rate. */
const admissionDate = `${lastMonth}-01`;

describe.skipIf(Boolean(chromiumMissing))("the rent tracker in Chromium", () => {
  const session = useBrowserSession();
  const { signedInPage } = session;
  let residentId = "";

  const residentRow = (page: Page, name = "Banerjee, Priya") => page.getByRole("row").filter({ hasText: name });

  it("bills this month without a click, says 'Not billed yet' without a rate, generates last month once, records a payment", async () => {
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
    // A resident without any rate is billed nothing and says so.
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
    const cell = (label: string, status: string, row = residentRow(page)) =>
      row.getByRole("cell", { name: `${label}: ${status}` });
    // This month was billed by the server when she was admitted; no one clicked Generate.
    await cell(thisMonthLabel, "Unpaid").waitFor();
    await cell(lastMonthLabel, "Not billed yet").waitFor();
    await residentRow(page).getByRole("cell", { name: "$3,000.00" }).waitFor();
    const tom = residentRow(page, "Okafor, Tom");
    await tom.getByRole("cell", { name: "Not billed yet", exact: true }).waitFor();
    await cell(thisMonthLabel, "Not billed yet", tom).waitFor();
    expect(await tom.getByRole("cell", { name: "$0.00" }).count()).toBe(0);

    // Last month is the one to generate by hand (the default), once.
    expect(await page.getByLabel("Month", { exact: true }).inputValue()).toBe(lastMonth);
    const generate = page.getByRole("button", { name: `Generate charges for ${lastMonthLabel}` });
    await generate.click();
    await page.getByText(`${lastMonthLabel}: 1 created, 0 already generated, 1 not charged`).waitFor();
    await cell(lastMonthLabel, "Unpaid").waitFor();
    await residentRow(page).getByRole("cell", { name: "$6,000.00" }).waitFor();
    await generate.click();
    await page.getByText(`${lastMonthLabel}: 0 created, 1 already generated, 1 not charged`).waitFor();

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
    await dialog.getByLabel("Reference").fill("Check #1042");
    await dialog.getByLabel("Payer").fill("Anita Banerjee (daughter)");
    await page.screenshot({ path: join(SCREENSHOTS, "rent-payment-dialog-desktop.png") });
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await page.getByText("Payment of $1,000.50 recorded for Banerjee, Priya").waitFor();
    await cell(lastMonthLabel, "Partial").waitFor();
    await residentRow(page).getByRole("cell", { name: "$4,999.50" }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "rent-tracker-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: "Record a payment" }).isVisible()).toBe(false);
    await page.screenshot({ path: join(SCREENSHOTS, "rent-tracker-print.png"), fullPage: true });
    await page.emulateMedia({ media: "screen" });

    // The account is the server's, the same as the page shows.
    const account = await api(page, "GET", `/rentAccounts/${residentId}`);
    expect(account).toMatchObject({ chargedCents: 600000, paidCents: 100050, balanceCents: 499950 });
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
    await ledger.getByRole("cell", { name: "$4,999.50" }).waitFor();
    // The method is named once, however the reference was typed.
    await ledger
      .getByRole("cell", { name: "Payment, Check #1042 · from Anita Banerjee (daughter)", exact: true })
      .waitFor();
    expect(await ledger.getByText("Check Check").count()).toBe(0);
    // The admission rate is the history's first entry, before anyone adds a rate, and after.
    const rates = page.getByRole("region", { name: "Rate history" }).getByRole("listitem");
    const admitted = `$3,000.00 a month from ${lastMonthLabel.split(" ")[0]} 1, ${previous.getFullYear()} (in force) — Admission rate`;
    expect(await rates.allTextContents()).toEqual([admitted]);
    // A rate increase from next year: listed as upcoming above the admission rate; the face sheet keeps today's rate.
    const nextYear = `${now.getFullYear() + 1}-01-01`;
    await page.getByLabel("Monthly rate ($)").fill("3,150");
    await page.getByLabel("Effective from").fill(nextYear);
    await page.getByLabel("Notes").fill("Annual increase");
    await page.getByRole("button", { name: "Add rate" }).click();
    await page.getByText(`$3,150.00 a month from January 1, ${now.getFullYear() + 1} (upcoming)`).waitFor();
    expect(await rates.allTextContents()).toEqual([
      `$3,150.00 a month from January 1, ${now.getFullYear() + 1} (upcoming) — Annual increase`,
      admitted,
    ]);
    expect(await api(page, "GET", `/residents/${residentId}`)).toMatchObject({ monthlyRateCents: 300000 });
    // A correction is a credit with its reason, never a negative charge or a typed balance.
    const correction = page.getByRole("form", { name: "Credit or extra charge" });
    await correction.getByRole("button", { name: "Record correction" }).click();
    await correction.getByText("Give the reason for the correction").waitFor();
    await correction.getByLabel("Amount ($)").fill("200");
    await correction.getByLabel("Reason").fill("Hospital stay, 2 days");
    await correction.getByRole("button", { name: "Record correction" }).click();
    await page.getByText(`Credit of $200.00 for ${thisMonthLabel} recorded`).waitFor();
    await ledger.getByRole("cell", { name: "Credit: Hospital stay, 2 days", exact: true }).waitFor();
    await ledger.getByRole("cell", { name: "-$200.00", exact: true }).waitFor();
    await page.getByRole("region", { name: "Rent summary" }).getByText("$4,799.50").waitFor();
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
      "Check #1042",
      "Anita Banerjee (daughter)",
    ]) {
      await receipt.getByText(text, { exact: true }).waitFor();
    }
    await receipt.getByText(/^R-[0-9A-Z]{12}$/).waitFor();
    // The balance as it was when the payment was recorded: the credit given later does not change the receipt.
    expect(await receipt.locator("dt", { hasText: "Balance after this payment" }).locator("+ dd").textContent()).toBe(
      "$4,999.50",
    );
    await receipt.getByText(/^Received by /).waitFor();
    await receipt.getByText(/^Printed .*\(America\/Los_Angeles\)$/).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "rent-receipt-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    // Printed, only the receipt remains: no header, menus or buttons.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".app-header").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Print receipt" }).isVisible()).toBe(false);
    expect(await receipt.isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, "rent-receipt-print.png"), fullPage: true });
  });

  it("asks before recording a payment far above what is owed, voids it with a reason, and prints the void notice", async () => {
    const page = await signedInPage();
    const before = await api(page, "GET", `/rentAccounts/${residentId}`);
    const owed = (cents: number) =>
      `$${Math.floor(cents / 100).toLocaleString("en-US")}.${String(cents % 100).padStart(2, "0")}`;
    await page.goto(`/residents/${residentId}/rent`);
    const ledger = page.getByRole("table", { name: /Ledger/ });
    await ledger.waitFor();
    await page.getByRole("button", { name: "Record a payment" }).click();
    const dialog = page.getByRole("dialog", { name: "Record a payment" });
    await dialog.getByLabel("Amount ($)").fill("99,999,999");
    await dialog.getByRole("button", { name: "Record payment" }).click();
    // A second, explicit step saying the amount and what is owed.
    await dialog.getByText(`is far more than this resident owes: ${owed(Number(before.balanceCents))} now`).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "rent-large-payment-desktop.png") });
    await dialog.getByRole("button", { name: "Yes, record $99,999,999.00" }).click();
    await page.getByText("Payment of $99,999,999.00 recorded for Priya Banerjee").waitFor();
    const typo = ledger.getByRole("row").filter({ hasText: "$99,999,999.00" });
    await typo.getByRole("button", { name: "Void" }).click();
    const voiding = page.getByRole("dialog", { name: "Void payment" });
    await voiding.getByRole("button", { name: "Void payment" }).click();
    await voiding.getByText("Give the reason for voiding").waitFor();
    await voiding.getByLabel("Reason").fill("Typed extra nines");
    await voiding.getByRole("button", { name: "Void payment" }).click();
    await typo.getByText("Voided: Typed extra nines").waitFor();
    // Struck through, and the balance back to what it was.
    expect(
      await typo
        .locator(".rent-table__voided")
        .first()
        .evaluate((e) => getComputedStyle(e).textDecorationLine),
    ).toBe("line-through");
    expect(await api(page, "GET", `/rentAccounts/${residentId}`)).toMatchObject({ balanceCents: before.balanceCents });
    await page.screenshot({ path: join(SCREENSHOTS, "rent-voided-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    // The receipt still says what it said; the void notice is its own document.
    await typo.getByRole("link", { name: /^Receipt R-/ }).click();
    await page.locator("main h1", { hasText: "Payment receipt" }).waitFor();
    const receipt = page.locator(".receipt");
    expect(await receipt.locator("dt", { hasText: "Balance after this payment" }).locator("+ dd").textContent()).toBe(
      `-${owed(9_999_999_900 - Number(before.balanceCents))}`,
    );
    const number = await receipt.locator(".receipt__number strong").textContent();
    await page.getByRole("link", { name: "See the void notice" }).click();
    await page.locator("main h1", { hasText: "Void notice" }).waitFor();
    await page.locator(".receipt").getByText(`${number}`, { exact: true }).waitFor();
    await page
      .locator(".receipt")
      .getByText(/Typed extra nines/)
      .waitFor();
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: "Print void notice" }).isVisible()).toBe(false);
    expect(await page.locator(".receipt").isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, "rent-void-notice-print.png"), fullPage: true });
    await page.emulateMedia({ media: "screen" });
  });

  it("bills a discharge and readmission in last month for both stays, recorded in the resident's Stay panel", async () => {
    const page = await signedInPage();
    const threeMonthsAgo = new Date(now.getFullYear(), now.getMonth() - 3, 1);
    const admitted = `${monthOf(threeMonthsAgo)}-01`;
    const rosa = await api(page, "POST", "/residents", {
      data: {
        facilityId: "tull",
        firstName: "Rosa",
        lastName: "Diaz",
        dateOfBirth: "1939-02-11",
        gender: "female",
        admissionDate: admitted,
        ambulatoryStatus: "ambulatory",
        codeStatus: "full_code",
        monthlyRateCents: 300000,
      },
    });
    const id = String(rosa.id);
    await api(page, "POST", "/residentEvents", {
      data: { residentId: id, facilityId: "tull", type: "admission", date: admitted },
    });
    // Last month billed in full (as Generate does), before anyone knew of the hospital discharge.
    await api(page, "POST", "/rentCharges", {
      id: `rent-${id}-${lastMonth}`,
      data: {
        residentId: id,
        facilityId: "tull",
        month: lastMonth,
        amountCents: 300000,
        periodStart: `${lastMonth}-01`,
        periodEnd: `${lastMonth}-${daysInLastMonth}`,
        dueDate: `${lastMonth}-01`,
        description: `Rent ${lastMonthLabel}`,
      },
    });

    await page.goto(`/residents/${id}`);
    const stay = page.getByRole("region", { name: "Stay" });
    for (const [action, day] of [
      ["Discharge", 10],
      ["Readmit", 13],
    ] as const) {
      await stay.getByRole("button", { name: action, exact: true }).click();
      const dialog = page.getByRole("dialog");
      await dialog
        .getByLabel(action === "Discharge" ? "Discharge date" : "Readmission date")
        .fill(`${lastMonth}-${pad(day)}`);
      await dialog.getByRole("button", { name: `Record ${action.toLowerCase()}` }).click();
      await dialog.waitFor({ state: "hidden" });
    }

    await page.goto(`/residents/${id}/rent`);
    const ledger = page.getByRole("table", { name: /Ledger/ });
    const days = daysInLastMonth - 2;
    // Days 1–10 and 13–end: the cumulative cents of the month's first k days, rounded, as billed.
    const upTo = (k: number) => Math.round((300000 * k) / daysInLastMonth);
    const amount = upTo(10) + (300000 - upTo(12));
    const line = ledger
      .getByRole("row")
      .filter({ hasText: `Rent ${lastMonthLabel} (prorated ${days}/${daysInLastMonth} days)` });
    await line.waitFor();
    const dollars = `$${Math.floor(amount / 100).toLocaleString("en-US")}.${pad(amount % 100)}`;
    await line.getByRole("cell", { name: dollars, exact: true }).first().waitFor();
    expect(await api(page, "GET", `/rentCharges/rent-${id}-${lastMonth}`)).toMatchObject({ amountCents: amount });
    // The rate history starts at her first admission, not at the readmission.
    const firstDay = `${MONTHS[threeMonthsAgo.getMonth()]} 1, ${threeMonthsAgo.getFullYear()}`;
    await page
      .getByRole("region", { name: "Rate history" })
      .getByText(`$3,000.00 a month from ${firstDay} (in force) — Admission rate`)
      .waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "rent-readmission-desktop.png"), fullPage: true });
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

    // The first payment's receipt (the oldest line, listed last).
    await page
      .getByRole("link", { name: /^Receipt R-/ })
      .last()
      .click();
    await page.locator("main h1", { hasText: "Payment receipt" }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "rent-receipt-phone.png"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("tells two residents of the same name apart in the grid and when recording a payment", async () => {
    const page = await signedInPage();
    // A second Tom Okafor at the same home, in room 7; the first has no room, so his date of birth is shown.
    const second = await api(page, "POST", "/residents", {
      data: {
        facilityId: "van-buren",
        firstName: "Tom",
        lastName: "Okafor",
        dateOfBirth: "1950-03-14",
        gender: "male",
        room: "7",
        admissionDate,
        ambulatoryStatus: "ambulatory",
        codeStatus: "full_code",
      },
    });
    await page.goto("/residents/rent-tracker");
    await residentRow(page, "Okafor, Tom — room 7").waitFor();
    await residentRow(page, "Okafor, Tom — born 1945-01-20").waitFor();
    await page.getByRole("button", { name: "Record a payment" }).click();
    const dialog = page.getByRole("dialog", { name: "Record a payment" });
    // The options are read once the dialog shows them (reading at once raced the dialog's opening).
    await dialog.getByLabel("Resident").locator("option", { hasText: "room 7" }).waitFor({ state: "attached" });
    const options = await dialog.getByLabel("Resident").locator("option").allTextContents();
    expect(options).toEqual(expect.arrayContaining(["Okafor, Tom — room 7", "Okafor, Tom — born 1945-01-20"]));
    expect(options.filter((o) => o === "Okafor, Tom")).toEqual([]);
    await dialog.getByLabel("Resident").selectOption({ label: "Okafor, Tom — room 7" });
    expect(await dialog.getByLabel("Resident").inputValue()).toBe(String(second.id));
  });
});
