/**
 * Facilities in Chromium against the built app and server: the list shows census, occupancy, staff
 * count and the compliance badge; an administrator adds a facility (field errors and a taken id first),
 * a stale edit from a second window is refused with the newer values, deactivates and reactivates it;
 * the detail page names the people missing documents and links to them. Screenshots at 1280×800 and
 * 375×812.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

function resident(firstName: string, lastName: string, status?: string) {
  return {
    data: {
      facilityId: "van-buren",
      firstName,
      lastName,
      dateOfBirth: "1940-05-05",
      gender: "female",
      admissionDate: "2025-01-10",
      ambulatoryStatus: "ambulatory",
      codeStatus: "full_code",
      ...(status ? { status, statusDate: "2025-06-01" } : {}),
    },
  };
}

async function seedVanBuren(page: Page) {
  const vanBuren = await api(page, "GET", "/facilities/van-buren");
  await api(page, "PATCH", "/facilities/van-buren", {
    version: vanBuren.version,
    patch: { licensedCapacity: 10, address: "12 Van Buren St, Fresno, CA", licenseNumber: "101234567" },
  });
  await api(page, "POST", "/residents", resident("Ada", "Ashby"));
  await api(page, "POST", "/residents", resident("Bea", "Bramley", "hospital"));
  await api(page, "POST", "/staff", {
    data: { facilityId: "van-buren", firstName: "Cal", lastName: "Carver", position: "caregiver" },
  });
}

describe.skipIf(Boolean(chromiumMissing))("facilities in Chromium", () => {
  const session = useBrowserSession();
  const { signedInPage } = session;

  it("lists every home with census, occupancy, staff count and compliance, at both widths", async () => {
    const page = await signedInPage();
    await seedVanBuren(page);
    await page.goto("/facilities/");
    const table = page.getByRole("table", { name: "Facilities of the group" });
    const row = table.getByRole("row").filter({ has: page.getByRole("link", { name: "Van Buren" }) });
    await row.getByRole("cell", { name: "2 / 10 (20%)" }).waitFor();
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells.slice(0, 4)).toEqual(["Van Buren", "2", "2 / 10 (20%)", "1"]);
    // Two residents and the home itself lack the required default documents.
    expect(cells[4]).toMatch(/^Missing — \d+ missing of \d+ required$/);
    expect(await table.getByRole("link").allTextContents()).toEqual([
      "Van Buren",
      "Tull",
      "Duvali",
      "Ashwood",
      "Edgemont",
      "Newman",
    ]);
    await table
      .getByRole("row")
      .filter({ hasText: "Tull" })
      .getByRole("cell", { name: "0 (capacity not recorded)" })
      .waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "facilities-list-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv.split("\r\n")[0]).toBe(
      "\uFEFFId,Name,Active,Address,Phone,License number,Licensed capacity,Administrator,Census,Staff,Planned move-ins,Compliance,Compliance detail",
    );
    expect(csv.split("\r\n")[1]).toMatch(/^van-buren,Van Buren,Yes,/);
    expect(csv).toMatch(
      /\r\nvan-buren,Van Buren,Yes,"12 Van Buren St, Fresno, CA",,101234567,10,,2,1,0,missing,\d+ missing of \d+ required\r\n/,
    );

    await page.getByRole("searchbox", { name: "Search by name" }).fill("edge");
    await page.waitForFunction(() => document.querySelectorAll("main tbody tr").length === 1);
    await table.getByRole("link", { name: "Edgemont" }).waitFor();
    await table.getByRole("button", { name: /Facility/ }).click();
    expect(await table.locator("th[aria-sort]").first().getAttribute("aria-sort")).toBe("ascending");

    const phone = await signedInPage(PHONE);
    await phone.goto("/facilities");
    await phone.getByRole("cell", { name: "2 / 10 (20%)" }).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "facilities-list-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("adds a facility: errors beside the fields, a taken id refused, then saved with its slug id", async () => {
    const page = await signedInPage();
    await page.goto("/facilities");
    await page.getByRole("link", { name: "Add facility" }).click();
    await page.locator("main h1", { hasText: "Add facility" }).waitFor();
    const form = page.locator("main form");
    await form.getByRole("button", { name: "Add facility" }).click();
    const name = form.getByLabel("Name");
    await form.locator(".form-field__error").first().waitFor();
    expect(await name.getAttribute("aria-invalid")).toBe("true");

    await name.fill("Tull");
    // The id follows the name until it is typed.
    expect(await form.getByLabel("Id").inputValue()).toBe("tull");
    await form.getByLabel("Licensed capacity").fill("-2");
    await form.getByRole("button", { name: "Add facility" }).click();
    await form.getByText("The licensed capacity must be between 0 and 10000").waitFor();
    await form.getByLabel("Licensed capacity").fill("8");
    await form.getByRole("button", { name: "Add facility" }).click();
    await form.getByText("A facility with this id already exists; choose another.").waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "facilities-form-errors-desktop.png"), fullPage: true });

    await name.fill("Willow Creek");
    await form.getByLabel("Id").fill("willow-creek");
    await form.getByLabel("Address").fill("4 Willow Creek Rd\nClovis, CA 93612");
    await form.getByLabel("Phone").fill("(559) 555-0199");
    await form.getByLabel("License number").fill("107654321");
    await form.getByLabel("Administrator").fill("Rosa Delgado");
    await form.getByRole("button", { name: "Add facility" }).click();
    await page.getByText("Willow Creek was added.").waitFor();
    await page.waitForURL((url) => url.pathname === "/facilities/willow-creek");
    const details = page.getByRole("region", { name: "Details" });
    await details.getByText("107654321").waitFor();
    await details.getByText("Rosa Delgado").waitFor();
    const census = page.getByRole("region", { name: "Census" });
    await census.getByText("0 / 8 (0%)").waitFor();
    // The header's selector offers the new home at once.
    await page.getByRole("banner").getByRole("option", { name: "Willow Creek" }).waitFor({ state: "attached" });

    const phone = await signedInPage(PHONE);
    await phone.goto("/facilities/add");
    await phone.getByLabel("Name").waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "facilities-form-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("refuses a stale edit from a second window and shows the newer values", async () => {
    const first = await signedInPage();
    const second = await signedInPage();
    await first.goto("/facilities/willow-creek/edit");
    await second.goto("/facilities/willow-creek/edit");
    await first.getByLabel("Phone").waitFor();
    await second.getByLabel("Phone").waitFor();
    await first.getByLabel("Phone").fill("(559) 555-0100");
    await first.getByRole("button", { name: "Save changes" }).click();
    await first.getByText("Willow Creek was saved.").waitFor();
    await first.waitForURL((url) => url.pathname === "/facilities/willow-creek");

    // Another field: merged with theirs and saved.
    await second.getByLabel("Licensed capacity").fill("12");
    await second.getByRole("button", { name: "Save changes" }).click();
    // The same user in two windows is told it was their other window, not named as someone else.
    await second
      .getByText(/^Your other window or tab had saved other changes meanwhile; yours were saved with them/)
      .waitFor();
    await second.waitForURL((url) => url.pathname === "/facilities/willow-creek");
    await second.getByRole("region", { name: "Census" }).getByText("0 / 12 (0%)").waitFor();
    await second.getByRole("region", { name: "Details" }).getByText("(559) 555-0100").waitFor();

    // The same field in both windows: the panel names who saved it, with only that field.
    await first.goto("/facilities/willow-creek/edit");
    await second.goto("/facilities/willow-creek/edit");
    // Both windows hold the same version before either saves.
    await first.getByLabel("Phone").waitFor();
    await second.getByLabel("Phone").waitFor();
    await first.getByLabel("Phone").fill("(559) 555-0111");
    await first.getByRole("button", { name: "Save changes" }).click();
    await first.waitForURL((url) => url.pathname === "/facilities/willow-creek");
    await second.getByLabel("Phone").fill("(559) 555-0122");
    await second.getByRole("button", { name: "Save changes" }).click();
    const conflict = second
      .getByRole("alert")
      .filter({ hasText: "You, in another window or tab, saved this facility after you opened it" });
    await conflict.waitFor();
    expect(await conflict.getByRole("row", { name: /Phone/ }).getByRole("cell").allTextContents()).toEqual([
      "(559) 555-0111",
      "(559) 555-0122",
    ]);
    expect(await conflict.getByRole("row").count()).toBe(2);
    await second.screenshot({ path: join(SCREENSHOTS, "facilities-conflict-desktop.png"), fullPage: true });
    await conflict.getByRole("button", { name: "Load the saved version" }).click();
    expect(await second.getByLabel("Phone").inputValue()).toBe("(559) 555-0111");
  });

  it("deactivates and reactivates a facility after a confirmation", async () => {
    const page = await signedInPage();
    await page.goto("/facilities/willow-creek");
    // The home is the header's selection when it is deactivated: the header moves off it.
    const header = page.getByRole("banner").getByLabel("Facility");
    await header.selectOption("willow-creek");
    await page.getByRole("button", { name: "Deactivate" }).click();
    const confirm = page.getByRole("dialog", { name: "Deactivate Willow Creek?" });
    await confirm.getByRole("button", { name: "Deactivate" }).click();
    await page.getByText("Willow Creek was deactivated.").waitFor();
    await page.locator("main h1").getByText("Inactive").waitFor();
    await page.waitForFunction(
      () => ![...document.querySelectorAll("header option")].some((o) => o.textContent === "Willow Creek"),
    );
    expect(await header.locator("option").allTextContents()).not.toContain("Willow Creek");
    await page.waitForFunction(() => localStorage.getItem("selectedFacility") === "van-buren");
    expect(await header.inputValue()).toBe("van-buren");

    await page.goto("/facilities");
    const table = page.getByRole("table", { name: "Facilities of the group" });
    await table.getByRole("link", { name: "Van Buren" }).waitFor();
    expect(await table.getByRole("link", { name: "Willow Creek" }).count()).toBe(0);
    await page.getByLabel("Show").selectOption("inactive");
    await table.getByRole("link", { name: "Willow Creek" }).waitFor();
    expect(await table.getByRole("link").allTextContents()).toEqual(["Willow Creek"]);

    await page.goto("/facilities/willow-creek");
    await page.getByRole("button", { name: "Reactivate" }).click();
    await page
      .getByRole("dialog", { name: "Reactivate Willow Creek?" })
      .getByRole("button", { name: "Reactivate" })
      .click();
    await page.getByText("Willow Creek was reactivated.").waitFor();
    expect(await page.locator("main h1").getByText("Inactive").count()).toBe(0);
  });

  it("shows the compliance of the home and its people on the detail page, linking to them", async () => {
    const page = await signedInPage();
    await page.goto("/facilities/van-buren");
    const compliance = page.getByRole("region", { name: "Compliance" });
    const ashby = compliance.getByRole("row").filter({ hasText: "Ashby, Ada" });
    await ashby.waitFor();
    await ashby.getByText("Missing").first().waitFor();
    expect(await ashby.getByRole("cell").nth(2).textContent()).toContain("LIC 602A Physician's Report: missing");
    await compliance.getByRole("link", { name: "Bramley, Bea" }).waitFor();
    await compliance.getByRole("link", { name: "Carver, Cal" }).waitFor();
    await compliance.getByRole("link", { name: "This home" }).waitFor();
    await page.getByRole("region", { name: "Census" }).getByText("2 / 10 (20%)").waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "facilities-detail-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    await compliance.getByRole("link", { name: "Ashby, Ada" }).click();
    await page.waitForURL((url) => /^\/residents\/[^/]+$/.test(url.pathname));

    const phone = await signedInPage(PHONE);
    await phone.goto("/facilities/van-buren");
    await phone.getByRole("region", { name: "Compliance" }).getByRole("link", { name: "Ashby, Ada" }).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "facilities-detail-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
