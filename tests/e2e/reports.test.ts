/**
 * Reports in Chromium against the built app and server: the list of reports, then census, rent roll,
 * compliance, training and referrals for a range and the header's home — each with its chart (an SVG
 * image with its description) and the table of its numbers, a CSV download of a table, print media
 * without the portal's navigation, a reversed range refused beside the field, charts' labels readable and
 * wide tables' scroll shadows; the inspection packet of a home with a staff member's TB screening
 * missing and another's clearance denied, marked as problems, its uncovered nights with what each
 * lacks, the home's own documents and a signature line, printed; the census page at phone width;
 * census and rent roll fitting 1280 px without sideways scrolling; and loss to vacancy counted from a
 * go-live date set on the facility's form.
 * Dates are computed here from the local clock, as the browser does.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { DESKTOP, PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

const pad = (n: number) => String(n).padStart(2, "0");
const dateOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const now = new Date();
const today = dateOf(now);
const twoMonthsAgo = dateOf(new Date(now.getFullYear(), now.getMonth() - 2, 1));
const lastMonthMid = dateOf(new Date(now.getFullYear(), now.getMonth() - 1, 15));
const range = `from=${twoMonthsAgo}&to=${today}`;

const resident = (lastName: string, extra: Record<string, unknown>) => ({
  data: {
    facilityId: "van-buren",
    firstName: "Report",
    lastName,
    dateOfBirth: "1942-03-04",
    gender: "female",
    ambulatoryStatus: "ambulatory",
    codeStatus: "full_code",
    ...extra,
  },
});

async function downloadCsv(page: Page, section: string): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("region", { name: section }).getByRole("button", { name: "Export CSV" }).click(),
  ]);
  return readFileSync(await download.path(), "utf8").split("\r\n");
}

describe.skipIf(Boolean(chromiumMissing))("reports in Chromium", () => {
  const session = useBrowserSession();

  it("lists the reports, and shows census, rent roll and compliance with charts, tables, CSV and print", async () => {
    const page = await session.signedInPage();
    await api(
      page,
      "POST",
      "/residents",
      resident("Rentpayer", { admissionDate: twoMonthsAgo, monthlyRateCents: 300000 }),
    );
    await api(
      page,
      "POST",
      "/residents",
      resident("Leaver", { admissionDate: twoMonthsAgo, status: "discharged", dischargeDate: lastMonthMid }),
    );

    await page.goto("/reports");
    const main = page.locator("main");
    for (const title of ["Census and occupancy", "Rent roll and receivables", "Compliance"])
      await main.getByRole("link", { name: title }).waitFor();
    await main.getByRole("link", { name: "Census and occupancy" }).click();
    await page.waitForURL((url) => url.pathname === "/reports/census");

    await page.goto(`/reports/census?${range}`);
    const byHome = page.getByRole("region", { name: "By home" });
    await byHome.getByRole("row", { name: /Van Buren/ }).waitFor();
    // Van Buren: the resident still living there counted, the one who left last month as a discharge.
    expect(await byHome.getByRole("row", { name: /Van Buren/ }).textContent()).toMatch(/Van Buren.*1.*2.*1/);
    const chart = page.getByRole("img", { name: /Occupancy by month|Residents by month/ });
    await chart.waitFor();
    expect(await chart.locator("desc").textContent()).toMatch(/\d/);
    await page.getByRole("img", { name: "Move-ins and move-outs by month" }).waitFor();
    const csv = await downloadCsv(page, "By home");
    expect(csv[0]).toBe(
      "\uFEFFHome,Licensed capacity,Residents,Occupancy %,Move-ins,Discharged,Deceased,Moved to another home,Average stay (days)",
    );
    expect(csv.some((line) => line.startsWith("Van Buren,"))).toBe(true);
    expect(csv.some((line) => line.startsWith("All homes,"))).toBe(true);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: join(SCREENSHOTS, "report-census.png"), fullPage: true });

    // Print: the report alone, without the portal's header, menus or the range's controls.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".app-header").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    expect(await page.getByRole("form", { name: "Report range" }).isVisible()).toBe(false);
    expect(await chart.isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, "report-census-print.png"), fullPage: true });
    await page.emulateMedia({ media: "screen" });

    // A range ending before it starts is refused beside the field; nothing is asked of the server.
    await page.getByLabel("From").fill(today);
    await page.getByLabel("To").fill(twoMonthsAgo);
    await page.getByText("The end cannot be before the start").waitFor();
    // Nothing to print then, and the heading names no range.
    expect(await page.getByRole("button", { name: "Print" }).isDisabled()).toBe(true);
    expect(await page.locator(".page__scope").innerText()).not.toContain(" – ");
    // A date in the address that is none (a mistyped or cut link) is said, and the last 12 months shown.
    await page.goto("/reports/census?from=2026-13-45&to=2026-02-30");
    await page.getByText('"2026-13-45, 2026-02-30" in the address is not a date').waitFor();
    await page.getByRole("region", { name: "By home", exact: true }).waitFor();
    // A start typed digit by digit, as a person types (each step a different date), lands whole.
    const year = Number(today.slice(0, 4)) - 1;
    // Focus lands on the month; each digit moves on to the next part, as a person typing sees it.
    await page.getByLabel("From").focus();
    await page.getByLabel("From").pressSequentially(`0201${year}`, { delay: 40 });
    await page.waitForURL((url) => url.searchParams.get("from") === `${year}-02-01`);
    expect(await page.getByLabel("From").inputValue()).toBe(`${year}-02-01`);
    await page.getByRole("region", { name: "By home", exact: true }).waitFor();

    await page.goto(`/reports/rent-roll?${range}`);
    const byResident = page.getByRole("region", { name: "By resident" });
    const payer = byResident.getByRole("row", { name: /Rentpayer, Report/ });
    await payer.waitFor();
    expect(await payer.textContent()).toContain("$3,000.00");
    await page.getByRole("img", { name: "Balance owed by age" }).waitFor();
    const rentCsv = await downloadCsv(page, "By resident");
    expect(rentCsv[0]).toMatch(/^\uFEFFResident,Home,Monthly rate,Charged,Paid,Balance,0–30 days/);
    // This month is billed without a click ($3,000 due on the 1st, at most 30 days ago), nothing paid yet:
    // rate, charged, paid, balance, then 0–30, 31–60, 61–90 and over 90 days, in dollars.
    expect(rentCsv).toContain('"Rentpayer, Report",Van Buren,3000,3000,0,3000,3000,0,0,0');
    await page.screenshot({ path: join(SCREENSHOTS, "report-rent-roll.png"), fullPage: true });

    await page.goto(`/reports/compliance?${range}`);
    const open = page.getByRole("region", { name: "Who has open items" });
    await open.getByRole("row", { name: /Rentpayer, Report.*Missing/ }).waitFor();
    await page.getByRole("img", { name: "Open document items by month" }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "report-compliance.png"), fullPage: true });
  });

  it("shows training and referrals with their charts and tables", async () => {
    const page = await session.signedInPage();
    await api(page, "POST", "/staff", {
      data: {
        facilityId: "van-buren",
        firstName: "Tia",
        lastName: "Trainee",
        position: "caregiver",
        hireDate: twoMonthsAgo,
      },
    });
    await page.goto(`/reports/training?${range}`);
    const staff = page.getByRole("region", { name: "Staff" });
    await staff.getByRole("row", { name: /Trainee, Tia/ }).waitFor();
    await page.getByRole("img", { name: "Training hours by month" }).waitFor();
    await page.getByRole("region", { name: "By requirement" }).getByRole("row").nth(1).waitFor();

    await page.goto(`/reports/referrals?${range}`);
    await page
      .getByRole("region", { name: "By source" })
      .getByRole("row", { name: /All sources/ })
      .waitFor();
    await page.getByRole("img", { name: "Referrals and move-ins by month" }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "report-referrals.png"), fullPage: true });
  });

  it("prints the inspection packet of a home: problems marked, what each uncovered night lacks, sections flowing", async () => {
    const page = await session.signedInPage();
    for (const [firstName, lastName, clearanceStatus] of [
      ["Nell", "Nightly", "cleared"],
      ["Dee", "Denied", "denied"],
    ] as const)
      await api(page, "POST", "/staff", {
        data: {
          facilityId: "van-buren",
          firstName,
          lastName,
          position: "caregiver",
          hireDate: twoMonthsAgo,
          clearanceStatus,
          clearanceDate: twoMonthsAgo,
        },
      });
    await page.goto("/reports");
    await page.getByRole("link", { name: "Inspection packet" }).click();
    await page.getByRole("heading", { name: "Inspection packet: Van Buren" }).waitFor();
    const staff = page.getByRole("region", { name: "Staff" });
    const nell = staff.getByRole("row", { name: /Nightly, Nell/ });
    await nell.waitFor();
    // Cleared is in order and plain; the missing TB screening is a badge, on its own line among the open items.
    expect(await nell.textContent()).toMatch(/Cleared.*Missing/);
    expect(await nell.locator(".compliance-badge").first().textContent()).toBe("Missing");
    const openItems = await nell.getByRole("listitem").allTextContents();
    expect(openItems.length).toBeGreaterThan(1);
    expect(openItems.some((line) => /^(LIC 503 )?(Health Screening|TB).* Missing$/.test(line))).toBe(true);
    // A denied clearance is marked as a problem, in the staff list and the LIC 500 alike.
    const dee = staff.getByRole("row", { name: /Denied, Dee/ });
    expect(await dee.locator(".compliance-badge--missing").first().textContent()).toMatch(/^Denied/);
    const personnel = page.getByRole("region", { name: "Personnel report (LIC 500)" });
    await personnel.getByRole("row", { name: /Nightly, Nell/ }).waitFor();
    expect(
      await personnel
        .getByRole("row", { name: /Denied, Dee/ })
        .locator(".compliance-badge")
        .first()
        .textContent(),
    ).toBe("Denied");
    // Residents live there and nobody is scheduled at night: every night of the four weeks is named,
    // with what it lacks marked as a problem.
    const nights = page.getByRole("region", { name: "Night coverage" });
    expect(await nights.getByRole("row").count()).toBe(29);
    const first = nights.getByRole("row").nth(1);
    expect(await first.textContent()).toContain("Title 22 §87415");
    expect(await first.locator(".packet-problem").textContent()).toBe("nobody on duty");
    // The home's own papers (its license, fire clearance…) as its checklist knows them, none filed yet.
    const homeDocuments = page.getByRole("region", { name: "The home's documents" });
    expect(await homeDocuments.getByRole("row").count()).toBeGreaterThan(1);
    expect(await homeDocuments.getByRole("row").nth(1).textContent()).toContain("Missing");
    // It ends with lines for who prepared it to sign: name, title, signature and date.
    const signature = page.getByRole("region", { name: "Prepared and checked by" });
    expect(await signature.locator("dt").allTextContents()).toEqual(["Name", "Title", "Signature", "Date"]);
    const csv = await downloadCsv(page, "Night coverage");
    expect(csv[0]).toBe("\uFEFFNight of,Not covered,Missing,Required at night,Rule");
    expect(csv[1]).toContain(",nobody on duty,");

    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".app-header").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    // On paper a section follows the one before instead of starting a page of its own; a badge is
    // black on white, marked by its border, bold words and shape.
    const printed = await page.evaluate(() => {
      const section = getComputedStyle(document.querySelector(".report-section")!);
      const badge = getComputedStyle(document.querySelector(".compliance-badge--missing")!);
      return { breakInside: section.breakInside, colour: badge.color, weight: badge.fontWeight };
    });
    expect(printed).toEqual({ breakInside: "auto", colour: "rgb(0, 0, 0)", weight: "600" });
    await page.screenshot({ path: join(SCREENSHOTS, "report-inspection-packet-print.png"), fullPage: true });
    await page.emulateMedia({ media: "screen" });
  });

  it("prints every report without the portal's navigation, its tables whole, and saves each one's first table as CSV", async () => {
    const page = await session.signedInPage();
    for (const [path, chart] of [
      ["census", "Occupancy by month|Residents by month"],
      ["rent-roll", "Balance owed by age"],
      ["compliance", "Open document items by month"],
      ["training", "Training hours by month"],
      ["referrals", "Referrals and move-ins by month"],
    ] as const) {
      await page.goto(`/reports/${path}?${range}`);
      await page.getByRole("img", { name: new RegExp(chart) }).waitFor();
      // Beside a table or not, a chart's axis labels are drawn at 11px or more.
      const labelSizes = await page.locator("svg.report-chart__svg").evaluateAll((svgs) =>
        svgs.map((svg) => {
          const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
          return Number(svg.querySelector(".visx-axis-tick text")?.getAttribute("font-size")) * scale;
        }),
      );
      for (const size of labelSizes) expect(size, path).toBeGreaterThanOrEqual(11);
      // A table wider than its card shows shadows on its scrolling edges (backgrounds that scroll with it).
      const shadows = await page
        .locator(".report-table")
        .first()
        .evaluate((table) => getComputedStyle(table).backgroundAttachment);
      expect(shadows, path).toContain("local");
      const first = page.locator("section.report-section").first();
      const title = (await first.locator("h2").textContent())!;
      const csv = await downloadCsv(page, title);
      expect(csv[0]!.length, path).toBeGreaterThan(10);
      await page.emulateMedia({ media: "print" });
      expect(await page.locator(".app-header").isVisible(), path).toBe(false);
      // On paper no table scrolls: each fits the page's width.
      const overflowing = await page
        .locator(".report-table")
        .evaluateAll((tables) => tables.filter((t) => t.scrollWidth > t.clientWidth + 1).length);
      expect(overflowing, path).toBe(0);
      const printedShadows = await page
        .locator(".report-table")
        .first()
        .evaluate((table) => getComputedStyle(table).backgroundImage);
      expect(printedShadows, path).toBe("none");
      await page.emulateMedia({ media: "screen" });
    }
  });

  it("reads on a phone: the range's controls, the chart and a table that scrolls sideways", async () => {
    const page = await session.signedInPage(PHONE);
    await page.goto(`/reports/census?${range}`);
    await page
      .getByRole("region", { name: "By home" })
      .getByRole("row", { name: /Van Buren/ })
      .waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: join(SCREENSHOTS, "report-census-phone.png"), fullPage: true });
  });

  it("fits census and rent roll at 1280 px without sideways scrolling, and stays readable at 375 px", async () => {
    for (const [viewport, suffix] of [
      [DESKTOP, "1280"],
      [PHONE, "375"],
    ] as const) {
      const page = await session.signedInPage(viewport);
      for (const path of ["census", "rent-roll"]) {
        await page.goto(`/reports/${path}?${range}`);
        await page
          .getByRole("region", { name: "By home" })
          .getByRole("row", { name: /Van Buren/ })
          .waitFor();
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(pageWidth, `${path} at ${suffix}`).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: join(SCREENSHOTS, `report-${path}-${suffix}.png`), fullPage: true });
        if (viewport === DESKTOP) {
          // Every table fits its card: no sideways scrolling on a laptop.
          const overflowing = await page
            .locator(".report-table")
            .evaluateAll((tables) =>
              tables.filter((t) => t.scrollWidth > t.clientWidth + 1).map((t) => t.getAttribute("aria-label")),
            );
          expect(overflowing, path).toEqual([]);
        }
      }
    }
    // The facility's form with its go-live date, and the packet, on a phone too.
    const phone = await session.signedInPage(PHONE);
    await phone.goto("/facilities/van-buren/edit");
    await phone.getByLabel("Go-live date").waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "facility-edit-go-live-375.png"), fullPage: true });
    for (const [viewport, suffix] of [
      [DESKTOP, "1280"],
      [PHONE, "375"],
    ] as const) {
      const packet = await session.signedInPage(viewport);
      await packet.goto("/reports/inspection-packet");
      await packet.getByRole("region", { name: "Prepared and checked by" }).waitFor();
      expect(await packet.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await packet.screenshot({ path: join(SCREENSHOTS, `report-inspection-packet-${suffix}.png`), fullPage: true });
    }
    // A shortened header keeps its full name for a screen reader and as its title.
    const page = await session.signedInPage();
    await page.goto(`/reports/rent-roll?${range}`);
    await page.getByRole("columnheader", { name: "Loss to vacancy" }).waitFor();
    expect(await page.getByRole("columnheader", { name: "Loss to vacancy" }).getAttribute("title")).toBe(
      "Loss to vacancy",
    );
  });

  it("counts loss to vacancy from the home's go-live date, set on the facility, and says so", async () => {
    const page = await session.signedInPage();
    const vanBuren = await api(page, "GET", "/facilities/van-buren");
    await api(page, "PATCH", "/facilities/van-buren", {
      version: vanBuren.version,
      patch: { licensedCapacity: 10, goLiveDate: null },
    });
    const lossOf = async () => {
      await page.goto(`/reports/rent-roll?${range}`);
      await page
        .getByRole("region", { name: "By home" })
        .getByRole("row", { name: /Van Buren/ })
        .waitFor();
      const csv = await downloadCsv(page, "By home");
      const header = csv[0]!.replace("\uFEFF", "").split(",");
      const row = csv.find((line) => line.startsWith("Van Buren,"))!.split(",");
      return Number(row[header.indexOf("Loss to vacancy")]);
    };
    const everyMonth = await lossOf();
    expect(everyMonth).toBeGreaterThan(0);
    expect(await page.getByText(/^Since go-live on/).count()).toBe(0);

    // The administrator sets the go-live date on the facility's form: the first day of last month.
    const goLive = dateOf(new Date(now.getFullYear(), now.getMonth() - 1, 1));
    await page.goto("/facilities/van-buren/edit");
    await page.getByLabel("Go-live date").fill(goLive);
    await page.screenshot({ path: join(SCREENSHOTS, "facility-edit-go-live-1280.png"), fullPage: true });
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL((url) => url.pathname === "/facilities/van-buren");
    await page.getByText(`${goLive} (reports count from it)`).waitFor();

    // The range's first month is before it: its empty beds are no loss, and the report says since when.
    const sinceGoLive = await lossOf();
    expect(sinceGoLive).toBeLessThan(everyMonth);
    await page.getByText(/^Since go-live on/).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "report-rent-roll-go-live.png"), fullPage: true });
    await api(page, "PATCH", "/facilities/van-buren", {
      version: (await api(page, "GET", "/facilities/van-buren")).version,
      patch: { goLiveDate: null },
    });
  });
});
