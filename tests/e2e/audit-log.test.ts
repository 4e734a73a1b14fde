/**
 * The audit trail in Chromium against the built app and server: an administrator views a resident,
 * opens Settings → Audit log filtered to themselves and that resident and finds the view; the
 * resident's "Who viewed or changed this record" panel lists it and links to the log filtered to the
 * resident; the CSV of the filtered log downloads with the rows shown. Screenshots of the audit log
 * (many rows) and of the panel at 1280×800 and 375×812.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

describe.skipIf(Boolean(chromiumMissing))("audit log in Chromium", () => {
  const session = useBrowserSession();
  let residentId = "";

  it("shows an administrator's view of a resident in the audit log filtered to them and the resident, and exports it", async () => {
    const page = await session.signedInPage();
    const created = await api(page, "POST", "/residents", {
      data: {
        facilityId: "tull",
        firstName: "Augusta",
        lastName: "Pemberton",
        dateOfBirth: "1934-05-17",
        gender: "female",
        room: "12",
        admissionDate: "2025-02-03",
        ambulatoryStatus: "ambulatory",
        codeStatus: "full_code",
      },
    });
    residentId = String(created.id);
    // Other rows, so the log has more than one page of entries to look at.
    for (let i = 0; i < 12; i += 1) await api(page, "GET", `/residents/${residentId}`);
    await api(page, "PATCH", `/facilities/newman`, { version: 1, patch: { phone: "(559) 555-0142" } });

    await page.goto(`/residents/${residentId}`);
    await page.locator("main h1", { hasText: "Augusta Pemberton" }).waitFor();

    await page.goto("/settings/audit-log");
    await page.locator("main h1", { hasText: "Audit log" }).waitFor();
    await page.getByText("Times:").waitFor();
    const main = page.locator("main");
    // Pick the user and type the record id in the same moment, faster than the page renders between them
    // (as a quick hand or a slow phone can): both filters must land, the second must not undo the first.
    const userSelect = await main.getByRole("combobox", { name: "User", exact: true }).elementHandle();
    const recordBox = await main.getByRole("searchbox", { name: "Record id" }).elementHandle();
    await page.evaluate(
      ({ select, box, email, id }) => {
        const user = [...(select as HTMLSelectElement).options].find((o) => o.textContent?.includes(email))!;
        Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")!.set!.call(select, user.value);
        select.dispatchEvent(new Event("change", { bubbles: true }));
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(box, id);
        box.dispatchEvent(new Event("input", { bubbles: true }));
      },
      { select: userSelect!, box: recordBox!, email: session.server.admin.email, id: residentId },
    );
    await page.waitForURL((url) => url.searchParams.get("record") === residentId && url.searchParams.has("user"));
    // Rows name the resident as lists do, not by id.
    const rows = main.getByRole("row").filter({ hasText: "Pemberton, Augusta" });
    await rows.filter({ hasText: "Viewed" }).first().waitFor();
    await rows.filter({ hasText: "Created" }).first().waitFor();
    expect(await rows.filter({ hasNotText: session.server.admin.email }).count()).toBe(0);
    const viewed = rows.filter({ hasText: "Viewed" }).first();
    expect(await viewed.getByRole("link", { name: "Resident" }).getAttribute("href")).toBe(`/residents/${residentId}`);
    expect(await viewed.textContent()).toContain("Tull");
    await main.getByRole("combobox", { name: "Action", exact: true }).selectOption({ label: "Viewed" });
    await page.waitForURL((url) => url.searchParams.get("action") === "view");
    await main.getByText(/· 13 entries match/).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      main.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const csv = readFileSync(await download.path(), "utf8").split("\r\n");
    expect(csv[0]).toMatch(
      /^\uFEFFTime \(America\/Los_Angeles\),Time \(UTC\),User,User id,Action,Record type,Record,Record id,Facility,Summary,IP$/,
    );
    const lines = csv.slice(1).filter(Boolean);
    expect(lines).toHaveLength(13);
    expect(lines.every((line) => line.includes(`,Viewed,Resident,"Pemberton, Augusta",${residentId},`))).toBe(true);

    // A last day before the first is refused beside the field, and the list keeps the other filters.
    await main.getByLabel("From (day)").fill("2026-03-10");
    await main.getByLabel("To (day, included)").fill("2026-03-01");
    await main.getByText("Must be on or after the first day").waitFor();
    await main
      .getByRole("button", { name: "Clear filters" })
      .or(main.getByText(/13 entries match/))
      .first()
      .waitFor();
  }, 120_000);

  it("records each CSV export as Exported: All Residents and the Reminders page", async () => {
    const page = await session.signedInPage();
    // A resident of the header's home (Van Buren), so both lists have something to export.
    await api(page, "POST", "/residents", {
      data: {
        facilityId: "van-buren",
        firstName: "Cornelius",
        lastName: "Ashby",
        dateOfBirth: "1931-09-02",
        gender: "male",
        admissionDate: "2025-04-01",
        ambulatoryStatus: "ambulatory",
        codeStatus: "full_code",
      },
    });
    for (const [path, heading] of [
      ["/residents", "All Residents"],
      ["/reminders", "Reminders"],
    ] as const) {
      await page.goto(path);
      await page.locator("main h1", { hasText: heading }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.locator("main").getByRole("button", { name: "Export CSV" }).click(),
      ]);
      await download.path();
    }
    await page.goto("/settings/audit-log?action=export");
    const main = page.locator("main");
    await main.getByRole("row").filter({ hasText: "Exported" }).filter({ hasText: "Resident" }).first().waitFor();
    await main.getByRole("row").filter({ hasText: "Exported" }).filter({ hasText: "Reminder" }).first().waitFor();
  });

  it("lists who viewed or changed the resident on their history, linking to the log filtered to them", async () => {
    const page = await session.signedInPage();
    await page.goto(`/residents/${residentId}/history`);
    const panel = page.getByRole("region", { name: "Who viewed or changed this record" });
    await panel.getByText("Viewed").first().waitFor();
    // Ten entries a page: the creation is older than the views.
    await panel.getByRole("button", { name: "Show older entries" }).click();
    await panel.getByText("Created").first().waitFor();
    expect(await panel.textContent()).toContain(session.server.admin.email);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, "audit-record-panel-desktop.png"), fullPage: true });
    await panel.getByRole("link", { name: "Open in the audit log" }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === "/settings/audit-log" &&
        url.searchParams.get("type") === "residents" &&
        url.searchParams.get("record") === residentId,
    );
    await page.locator("main").getByRole("row").filter({ hasText: "Created" }).first().waitFor();

    const phone = await session.signedInPage(PHONE);
    await phone.goto(`/residents/${residentId}/history`);
    await phone
      .getByRole("region", { name: "Who viewed or changed this record" })
      .getByText("Viewed")
      .first()
      .waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "audit-record-panel-phone.png"), fullPage: true });
  }, 120_000);

  it("shows the whole log a page at a time, at desktop and phone widths, without serious accessibility problems", async () => {
    const page = await session.signedInPage();
    await page.goto("/settings/audit-log");
    const main = page.locator("main");
    await main.getByRole("row").filter({ hasText: "Signed in" }).first().waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: join(SCREENSHOTS, "audit-log-desktop.png"), fullPage: false });
    await main.getByRole("combobox", { name: "Facility", exact: true }).selectOption({ label: "Newman" });
    await main.getByRole("row").filter({ hasText: "Changed" }).filter({ hasText: "phone" }).first().waitFor();

    const phone = await session.signedInPage(PHONE);
    await phone.goto("/settings/audit-log");
    await phone.locator("main").getByRole("row").filter({ hasText: "Signed in" }).first().waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "audit-log-phone.png") });
    await phone.locator("main table").scrollIntoViewIfNeeded();
    await phone.screenshot({ path: join(SCREENSHOTS, "audit-log-phone-rows.png") });
  }, 120_000);

  it("keeps every key typed into the record id and a day typed digit by digit, as a person types", async () => {
    const page = await session.signedInPage();
    await page.goto("/settings/audit-log");
    const main = page.locator("main");
    await main.getByRole("row").filter({ hasText: "Signed in" }).first().waitFor();
    const recordBox = main.getByRole("searchbox", { name: "Record id" });
    await recordBox.pressSequentially(residentId, { delay: 15 });
    await page.waitForURL((url) => url.searchParams.get("record") === residentId);
    expect(await recordBox.inputValue()).toBe(residentId);
    // A date field takes month, day and year as separate digits; each step is a different date.
    const year = new Date().getFullYear() - 1;
    const from = main.getByLabel("From (day)");
    // Focus lands on the month; each digit moves on to the next part, as a person typing sees it.
    await from.focus();
    await from.pressSequentially(`0301${year}`, { delay: 40 });
    await page.waitForURL((url) => url.searchParams.get("from") === `${year}-03-01`);
    expect(await from.inputValue()).toBe(`${year}-03-01`);
    // The rows of that record name it.
    await main.getByRole("row").filter({ hasText: "Pemberton, Augusta" }).first().waitFor();
  }, 60_000);
});
