/**
 * Staff in Chromium against the built app and server: add a staff member through the form (field errors
 * first, a terminated status without its date refused), see them in the Staff Directory with a
 * "Missing" documents badge (a required staff document type is configured through the API), search
 * and filter, edit, a stale edit from a second window refused with the newer data shown side by side,
 * the detail page's profile, Live Scan clearance and document checklist, and archive.
 * Screenshots of the directory, form, conflict and detail at 1280×800 and 375×812.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

const FIRST_AID_TYPE = { id: "e2e-staff-first-aid", name: "First aid and CPR card (e2e)" };

describe.skipIf(Boolean(chromiumMissing))("staff in Chromium", () => {
  const session = useBrowserSession();
  const { signedInPage } = session;
  let staffPath = "";

  const form = (page: Page) => page.locator("main form.staff-form");

  it("adds a staff member: errors beside the fields first, then saved with a toast and shown on their page", async () => {
    const page = await signedInPage();
    // A required staff document every home keeps, so a new staff member starts with it missing.
    await api(page, "POST", "/documentTypes", {
      id: FIRST_AID_TYPE.id,
      data: { subject: "staff", name: FIRST_AID_TYPE.name, required: true, validityMonths: 24, leadTimeDays: 30 },
    });

    await page.goto("/staff/add");
    await page.locator("main h1", { hasText: "Add New Staff" }).waitFor();
    const f = form(page);
    // The home facility comes preselected from the header (van-buren by default).
    // (It settles once the group's homes have loaded.)
    await expect.poll(() => f.getByLabel("Home facility").inputValue()).toBe("van-buren");
    // The home facility is not offered again as another home.
    const others = f.getByRole("group", { name: "Also works at" });
    expect(await others.getByRole("checkbox", { name: "Van Buren" }).count()).toBe(0);

    await f.getByRole("button", { name: "Save staff member" }).click();
    await f.locator(".form-field__error").first().waitFor();
    const firstName = f.getByLabel("First name");
    expect(await firstName.getAttribute("aria-invalid")).toBe("true");
    const describedBy = await firstName.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Required");
    expect(await f.getByLabel("Position").getAttribute("aria-invalid")).toBe("true");
    await page.screenshot({ path: join(SCREENSHOTS, "staff-form-errors-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    await firstName.fill("Maria");
    await f.getByLabel("Last name").fill("Delgado");
    await f.getByLabel("Preferred name").fill("Mari");
    await f.getByLabel("Position").selectOption("med_tech");
    await others.getByRole("checkbox", { name: "Tull" }).check();
    // Tull chosen as the home facility and then not: it is no longer ticked as another home.
    await f.getByLabel("Home facility").selectOption("tull");
    await f.getByLabel("Home facility").selectOption("van-buren");
    expect(await others.getByRole("checkbox", { name: "Tull" }).isChecked()).toBe(false);
    await others.getByRole("checkbox", { name: "Tull" }).check();
    await f.getByRole("textbox", { name: "Phone", exact: true }).fill("(559) 555-0110");
    await f.getByLabel("E-mail").fill("not-an-address");
    await f.getByLabel("Contact name").fill("Luis Delgado");
    await f.getByLabel("Relationship").fill("Husband");
    await f.getByLabel("Contact phone").fill("(559) 555-0111");
    await f.getByLabel("Hire date").fill("2024-03-01");
    await f.getByLabel("Clearance status").selectOption("cleared");
    await f.getByLabel("Live Scan submitted on").fill("2024-02-01");
    await f.getByLabel("Decision date").fill("2024-01-20");
    await f.getByRole("button", { name: "Save staff member" }).click();
    await f.getByText("Enter a valid e-mail address").waitFor();
    await f.getByText("The decision cannot be before the submission").waitFor();
    // A text or date field with an error is outlined in the error colour, like a select.
    const border = (label: string) => f.getByLabel(label).evaluate((el) => getComputedStyle(el).borderTopColor);
    expect(await border("E-mail")).not.toBe(await border("First name"));
    expect(await border("Decision date")).toBe(await border("E-mail"));
    await f.getByLabel("E-mail").fill("maria.delgado@example.org");
    await f.getByLabel("Decision date").fill("2024-02-20");

    // Terminated needs its date.
    await f.getByRole("combobox", { name: "Status", exact: true }).selectOption("terminated");
    await f.getByRole("button", { name: "Save staff member" }).click();
    await f.getByText("Give the termination date").waitFor();
    await f.getByRole("combobox", { name: "Status", exact: true }).selectOption("active");
    await f.getByRole("button", { name: "Save staff member" }).click();

    await page.getByText("Mari Delgado was added.").waitFor();
    await page.waitForURL((url) => /^\/staff\/[^/]+$/.test(url.pathname));
    staffPath = new URL(page.url()).pathname;
    await page.locator("main h1", { hasText: "Mari Delgado" }).waitFor();
    const profile = page.getByRole("region", { name: "Profile" });
    await profile.getByText("Med tech").first().waitFor();
    await profile.getByText("Tull").waitFor();
    await profile.getByRole("link", { name: "maria.delgado@example.org" }).waitFor();
    await profile.getByText("Luis Delgado").waitFor();
    const clearance = page.getByRole("region", { name: "Live Scan clearance" });
    expect((await clearance.textContent())?.replace(/\s+/g, " ")).toContain(
      "Cleared on 2024-02-20 · submitted on 2024-02-01",
    );

    // The document checklist lists the configured staff type, missing.
    const row = page.getByRole("listitem", { name: FIRST_AID_TYPE.name });
    await row.waitFor();
    await row.getByText("Missing").waitFor();
    await row.getByRole("button", { name: `Upload ${FIRST_AID_TYPE.name}` }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "staff-detail-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);
  });

  it("lists the staff member in the directory with a Missing badge; search, position filter, empty state, phone", async () => {
    const page = await signedInPage();
    // Someone else at the same home, so search and filters have something to leave out.
    await api(page, "POST", "/staff", {
      data: {
        facilityId: "van-buren",
        firstName: "Harold",
        lastName: "Abernathy",
        position: "cook",
        hireDate: "2023-05-02",
      },
    });

    await page.goto("/staff/");
    const table = page.getByRole("table", { name: /Staff, Van Buren/ });
    await table.getByRole("link", { name: "Delgado, Maria (Mari)" }).waitFor();
    expect(await table.locator("tbody tr td:first-child").allTextContents()).toEqual([
      "Abernathy, Harold",
      "Delgado, Maria (Mari)",
    ]);
    const row = table.getByRole("row").filter({ hasText: "Delgado" });
    // The badge arrives with the compliance answer, after the rows.
    await row.locator(".compliance-badge").waitFor();
    const cells = (await row.getByRole("cell").allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());
    expect(cells.slice(0, 7)).toEqual([
      "Delgado, Maria (Mari)",
      "Med tech",
      "Van Buren (home), Tull",
      "(559) 555-0110",
      "maria.delgado@example.org",
      "Active",
      "2024-03-01",
    ]);
    expect(cells[7]).toContain("Missing");
    await page.screenshot({ path: join(SCREENSHOTS, "staff-directory-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    // Sorting by hire date, newest first, is done by the server.
    await table.getByRole("button", { name: /Hired/ }).click();
    await page.waitForFunction(() => document.querySelector("main tbody a")?.textContent?.startsWith("Abernathy"));
    await table.getByRole("button", { name: /Hired/ }).click();
    await page.waitForFunction(() => document.querySelector("main tbody a")?.textContent?.startsWith("Delgado"));

    await page.getByRole("searchbox", { name: "Search by name" }).fill("mari");
    await page.waitForFunction(() => document.querySelectorAll("main tbody tr").length === 1);
    await table.getByRole("link", { name: "Delgado, Maria (Mari)" }).waitFor();
    await page.getByLabel("Position").selectOption("cook");
    await page.getByRole("heading", { name: "No staff match" }).waitFor();
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await table.getByRole("link", { name: "Abernathy, Harold" }).waitFor();

    // The CSV holds everything the filters match, with the homes and the document status.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^staff-van-buren-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(csv).toHaveLength(3);
    expect(csv[0]).toBe(
      "Last name,First name,Preferred name,Position,Home facility,Also works at,Phone,E-mail,Status,Hire date," +
        "Termination date,Live Scan clearance,Live Scan submitted on,Clearance decision date,Documents,Documents detail",
    );
    expect(csv.find((line) => line.startsWith("Delgado,"))).toMatch(
      /^Delgado,Maria,Mari,Med tech,Van Buren,Tull,\(559\) 555-0110,maria\.delgado@example\.org,Active,2024-03-01,,Cleared,2024-02-01,2024-02-20,Missing,/,
    );

    // The header's facility lists everyone working there: Maria also works at Tull, Harold does not;
    // a home nobody works at says so; "Select Facility" shows every home.
    const facility = page.getByRole("banner").getByRole("combobox", { name: "Facility" });
    await facility.selectOption("tull");
    const tull = page.getByRole("table", { name: /Staff, Tull/ });
    await tull.getByRole("link", { name: "Delgado, Maria (Mari)" }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll("main tbody tr").length === 1);
    expect(await tull.locator("tbody tr td:first-child").allTextContents()).toEqual(["Delgado, Maria (Mari)"]);
    await facility.selectOption("duvali");
    await page.getByRole("heading", { name: "No staff recorded" }).waitFor();
    await page.getByText("Nobody works at Duvali yet.", { exact: false }).waitFor();
    await facility.selectOption("");
    await page
      .getByRole("table", { name: /Staff, All facilities/ })
      .getByRole("link", { name: /Delgado/ })
      .waitFor();

    const phone = await signedInPage(PHONE);
    await phone.goto("/staff");
    await phone.getByRole("link", { name: "Delgado, Maria (Mari)" }).waitFor();
    await phone.locator("main tbody .compliance-badge").first().waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "staff-directory-phone.png"), fullPage: true });
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousAxeViolations(phone);
  });

  it("edits the staff member, and refuses a stale edit from a second window with the newer data shown", async () => {
    const first = await signedInPage();
    const second = await signedInPage();
    await first.goto(`${staffPath}/edit`);
    await second.goto(`${staffPath}/edit`);
    await form(first).getByLabel("Notes").waitFor();
    await form(second).getByLabel("Notes").waitFor();

    await form(first).getByRole("textbox", { name: "Phone", exact: true }).fill("(559) 555-0199");
    // An emptied optional field is cleared, not kept.
    await form(first).getByLabel("Preferred name").fill("");
    await form(first).getByRole("button", { name: "Save changes" }).click();
    await first.getByText("Maria Delgado was saved.").waitFor();
    await first.waitForURL((url) => url.pathname === staffPath);
    await first.getByRole("region", { name: "Profile" }).getByRole("link", { name: "(559) 555-0199" }).waitFor();

    // The second window still holds the version before that save. Another field: merged and saved.
    await form(second).getByLabel("Notes").fill("Prefers night shifts");
    await form(second).getByRole("button", { name: "Save changes" }).click();
    // The message names what the other person changed.
    await second
      .getByText(
        /^Your other window or tab had saved other changes meanwhile; yours were saved with them\. Changed there: .*Phone/,
      )
      .waitFor();
    await second.waitForURL((url) => url.pathname === staffPath);
    const profile = second.getByRole("region", { name: "Profile" });
    await profile.getByText("Prefers night shifts").waitFor();
    await profile.getByRole("link", { name: "(559) 555-0199" }).waitFor();
    expect(await second.locator("main h1").textContent()).toBe("Maria Delgado");

    // The same field in both windows: the panel names who saved it, with only that field.
    await first.goto(`${staffPath}/edit`);
    await second.goto(`${staffPath}/edit`);
    // The second window must hold the record before the first saves over it.
    await form(second).getByLabel("Notes").waitFor();
    await form(first).getByLabel("Notes").fill("Nights only");
    await form(first).getByRole("button", { name: "Save changes" }).click();
    await first.waitForURL((url) => url.pathname === staffPath);
    await form(second).getByLabel("Notes").fill("Days and nights");
    await form(second).getByRole("button", { name: "Save changes" }).click();
    const conflict = second
      .getByRole("alert")
      .filter({ hasText: "You, in another window or tab, saved this staff member after you opened it" });
    await conflict.waitFor();
    expect(await conflict.getByRole("row", { name: /Notes/ }).getByRole("cell").allTextContents()).toEqual([
      "Nights only",
      "Days and nights",
    ]);
    expect(await conflict.getByRole("row").count()).toBe(2);
    await second.screenshot({ path: join(SCREENSHOTS, "staff-conflict-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(second);
    await form(second).getByRole("button", { name: "Save my version" }).click();
    await second.waitForURL((url) => url.pathname === staffPath);
    await profile.getByText("Days and nights").waitFor();

    const phone = await signedInPage(PHONE);
    await phone.goto(staffPath);
    await phone.getByRole("listitem", { name: FIRST_AID_TYPE.name }).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "staff-detail-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.goto(`${staffPath}/edit`);
    await form(phone).getByLabel("Notes").waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "staff-form-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("archives the staff member after confirmation: no longer listed", async () => {
    const page = await signedInPage();
    await page.goto(staffPath);
    await page.getByRole("button", { name: "Archive", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Archive this staff member?" });
    await dialog.getByRole("button", { name: "Archive" }).click();
    await page.getByText("Maria Delgado was archived.").waitFor();
    await page.waitForURL((url) => url.pathname === "/staff");
    const table = page.getByRole("table", { name: /Staff, Van Buren/ });
    await table.getByRole("link", { name: "Abernathy, Harold" }).waitFor();
    expect(await table.getByRole("link", { name: /Delgado/ }).count()).toBe(0);
  });
});
