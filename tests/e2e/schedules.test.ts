/**
 * Schedules in Chromium against the built app and server: a home's week built from its shift templates
 * (one shift through the grid's "+", the rest through the API), copied to the next week; a double
 * booking across two homes, an uncovered night and an overtime warning reported by the checks, then
 * fixed; the week published and printed; a caregiver sees only published weeks; a shift moved and one
 * copied by dragging; every home's week side by side. Desktop and phone screenshots.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, localToday } from "@care/core/rules/date-only.rules";
import { weekStartOf } from "@care/core/rules/schedule.rules";
import { residentInput } from "../../server/src/test/fixtures.ts";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

describe.skipIf(Boolean(chromiumMissing))("schedules in Chromium", () => {
  const session = useBrowserSession();
  const { signedInPage, newUserPage } = session;
  // Next week: its shifts are in the future, and this week is there to copy from.
  const week = addDays(weekStartOf(localToday()), 7);
  const next = addDays(week, 7);
  const days = Array.from({ length: 7 }, (_, i) => addDays(week, i));
  const ids: Record<string, string> = {};

  async function staff(page: Page, key: string, data: Record<string, unknown>) {
    const created = await api(page, "POST", "/staff", {
      data: {
        position: "caregiver",
        hireDate: "2024-01-02",
        clearanceStatus: "cleared",
        clearanceSubmittedDate: "2023-12-01",
        clearanceDate: "2023-12-20",
        ...data,
      },
    });
    ids[key] = String(created.id);
  }

  const shift = (page: Page, facilityId: string, key: string, date: string, start: string, end: string) =>
    api(page, "POST", "/shifts", {
      data: { facilityId, staffId: ids[key], date, start, end, position: "caregiver", duty: "awake" },
    });

  const checks = (page: Page) => page.getByRole("region", { name: "Checks" });

  it("builds a week from templates, reports a double booking across homes, a night gap and overtime, and fixes them", async () => {
    const page = await signedInPage();
    await staff(page, "ana", { facilityId: "van-buren", firstName: "Ana", lastName: "Alvarez" });
    await staff(page, "ben", { facilityId: "van-buren", firstName: "Ben", lastName: "Brooks" });
    await staff(page, "cy", { facilityId: "van-buren", firstName: "Cy", lastName: "Castro" });
    await staff(page, "dee", {
      facilityId: "tull",
      otherFacilityIds: ["van-buren"],
      firstName: "Dee",
      lastName: "Dunn",
    });
    // Two residents live at Van Buren: someone must be on duty day and night.
    for (const lastName of ["Rota", "Night"])
      await api(page, "POST", "/residents", { data: residentInput("van-buren", lastName, { firstName: "Res" }) });

    // A week in the address that is no date says so, and this week is shown.
    await page.goto("/staff/schedules?week=2026-13-45");
    await page.getByText('"2026-13-45" in the address is not a date, so this week is shown.').waitFor();
    await page.waitForURL((url) => !url.searchParams.has("week"));
    expect(await page.getByLabel("Week of").inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await page.goto(`/staff/schedules?week=${week}`);
    const home = page.getByRole("region", { name: "Van Buren" });
    await home.getByRole("button", { name: "Add the usual shift templates" }).click();
    await page.getByText("Day, Evening and Night were added", { exact: false }).waitFor();

    // One shift through the grid: Ana's Monday day shift from the Day template.
    await home
      .getByRole("button", { name: `Add a shift for Ana Alvarez on ${"Mon"}`, exact: false })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Add a shift" });
    await dialog.getByLabel("Template").selectOption({ label: "Day 07:00–15:00" });
    await dialog.getByRole("button", { name: "Add shift" }).click();
    await page.getByText("The shift was added.").waitFor();
    await home.getByRole("button", { name: /^Edit shift: Ana Alvarez .* 07:00 to 15:00/ }).waitFor();

    // The rest of the week through the API: day Ana/Ben, evening Cy/Dee, night Ben/Cy (rotating).
    for (const [i, date] of days.entries()) {
      if (i > 0) await shift(page, "van-buren", i % 2 ? "ben" : "ana", date, "07:00", "15:00");
      await shift(page, "van-buren", i % 2 ? "dee" : "cy", date, "15:00", "23:00");
      await shift(page, "van-buren", i % 2 ? "cy" : "ben", date, "23:00", "07:00");
    }
    await shift(page, "van-buren", "ana", addDays(week, -1), "23:00", "07:00");
    await page.reload();
    // Covered day, evening and night: warnings of overtime only (Ben and Cy work nights and days).
    await checks(page).getByText("Warnings", { exact: false }).waitFor();
    const initial = (await checks(page).textContent()) ?? "";
    expect(initial).not.toContain("Errors");
    expect(initial).not.toContain("Coverage");

    // Dee also works at Tull: a Tull shift overlapping her Tuesday evening here is a double booking,
    // seen at Van Buren (the administrator sees every home, so Tull is named).
    const clash = await shift(page, "tull", "dee", days[1]!, "14:00", "18:00");
    // Remove Wednesday's night: the night goes uncovered. Give Ana a 13-hour Thursday: double time.
    const week1 = await api(
      page,
      "GET",
      `/shifts?${new URLSearchParams({ where: JSON.stringify({ facilityId: "van-buren", date: days[2] }) })}`,
    );
    const night = (week1.items as { id: string; start: string; version: number }[]).find((s) => s.start === "23:00")!;
    await api(page, "DELETE", `/shifts/${night.id}?version=${night.version}`);
    const long = await shift(page, "van-buren", "ana", days[3]!, "06:00", "19:00");

    await page.reload();
    const panel = checks(page);
    await panel.getByText("Dee Dunn is on two overlapping shifts (the other at Tull)", { exact: false }).waitFor();
    await panel
      .getByText(`${days[2]} 23:00–06:00: 2 residents need 1 on call on the premises at night`, { exact: false })
      .waitFor();
    await panel.getByText(`Ana Alvarez works 13 hours on ${days[3]}: double time after 12.`).waitFor();
    // Her Tull shift is drawn in her row here, as time she is not free.
    await home
      .getByRole("row", { name: /^Dee Dunn/ })
      .getByText("At Tull 14:00–18:00")
      .waitFor();
    expect(await panel.getByText("Title 22 §87415").count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SCREENSHOTS, "schedules-checks-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    // Fix them: Dee's Tull shift removed, Wednesday's night back, Ana's long day shortened in the dialog.
    await api(page, "DELETE", `/shifts/${String(clash.id)}?version=1`);
    await shift(page, "van-buren", "ben", days[2]!, "23:00", "07:00");
    await page.reload();
    await home.getByRole("button", { name: /^Edit shift: Ana Alvarez .* 06:00 to 19:00/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit shift" });
    // The End field says how long the shift is as the times are typed.
    await edit.getByText("13 hours long.").waitFor();
    await edit.getByLabel("Ends").fill("14:00");
    await edit.getByText("8 hours long.").waitFor();
    await edit.getByRole("button", { name: "Save shift" }).click();
    await page.getByText("The shift was saved.").waitFor();
    await panel.getByText("double time").waitFor({ state: "detached" });
    expect(await api(page, "GET", `/shifts/${String(long.id)}`)).toMatchObject({ start: "06:00", end: "14:00" });

    // Two managers edit the same shift: the second save is refused with the first one's version shown.
    const other = await signedInPage();
    await other.goto(`/staff/schedules?week=${week}`);
    for (const p of [page, other])
      await p.getByRole("button", { name: /^Edit shift: Ana Alvarez .* 06:00 to 14:00/ }).click();
    const mine = page.getByRole("dialog", { name: "Edit shift" });
    const theirs = other.getByRole("dialog", { name: "Edit shift" });
    await mine.getByLabel("Note").fill("Starts with the breakfast round");
    await theirs.getByLabel("Note").fill("Covers the kitchen");
    await theirs.getByRole("button", { name: "Save shift" }).click();
    await other.getByText("The shift was saved.").waitFor();
    await mine.getByRole("button", { name: "Save shift" }).click();
    await mine.getByRole("alert").filter({ hasText: "saved this shift after you opened it" }).waitFor();
    expect(await mine.getByRole("alert").textContent()).toContain("Covers the kitchen");
    await mine.getByRole("button", { name: "Save my version" }).click();
    await mine.waitFor({ state: "detached" });
    expect(await panel.textContent()).not.toContain("the other at Tull");
    expect(await panel.textContent()).not.toContain("§87415");

    // Ana's own month, to print: her Monday shift among them, with the month's hours.
    await page.goto(`/staff/${ids.ana}/schedule?month=${days[0]!.slice(0, 7)}`);
    const month = page.locator("main table");
    await month.getByRole("cell", { name: "07:00–15:00" }).first().waitFor();
    expect(await page.locator("main").textContent()).toMatch(/\d+ shifts?, \d+(\.\d+)? hours/);
  });

  it("copies the week, publishes it, prints it, and shows a caregiver only published weeks", async () => {
    const page = await signedInPage();
    await page.goto(`/staff/schedules?week=${next}`);
    const home = page.getByRole("region", { name: "Van Buren" });
    await home.getByText("No shifts this week.").waitFor();
    await home.getByRole("button", { name: "Copy the previous week" }).click();
    await page.getByText("Copied 22 shifts from the previous week", { exact: false }).waitFor();
    await home.getByText("Draft: 22 of 22 shifts not published", { exact: false }).waitFor();
    // A second copy adds nothing: every shift is already there.
    await home.getByRole("button", { name: "Copy the previous week" }).click();
    await page.getByText("Copied 0 shifts from the previous week; 22 were already in this week.").waitFor();
    await home.getByText("Draft: 22 of 22 shifts not published", { exact: false }).waitFor();

    await page.goto(`/staff/schedules?week=${week}`);
    await home.getByRole("button", { name: "Publish the week" }).click();
    await page.getByRole("dialog", { name: "Publish this week?" }).getByRole("button", { name: "Publish" }).click();
    await home.getByText("Published:", { exact: false }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "schedules-week-desktop.png"), fullPage: true });
    // Changing a published shift says staff see it at once.
    await home
      .getByRole("button", { name: /^Edit shift: Ana Alvarez/ })
      .first()
      .click();
    const published = page.getByRole("dialog", { name: "Edit shift" });
    await published.getByText("This shift is published: staff see your change as soon as you save it.").waitFor();
    await published.getByRole("button", { name: "Cancel" }).click();

    // The week as CSV, and each person's hours for payroll (Ana: five 8-hour days, the long one shortened).
    const csvOf = async (button: string) => {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        home.getByRole("button", { name: button }).click(),
      ]);
      return readFileSync(await download.path(), "utf8")
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
    };
    const shifts = await csvOf("Export CSV");
    expect(shifts[0]).toBe("Date,Starts,Ends,Hours,Staff member,Position,Duty,Published,Note");
    expect(shifts).toHaveLength(23);
    const payroll = await csvOf("Hours for payroll (CSV)");
    expect(payroll[0]).toBe(
      "Staff member,Hours at Van Buren,Hours in other homes,Days worked,Daily overtime (over 8),Double time (over 12),Weekly overtime (over 40)",
    );
    expect(payroll.find((line) => line.startsWith("Ana Alvarez,"))).toBe("Ana Alvarez,40,0,5,0,0,0");
    await page.emulateMedia({ media: "print" });
    expect(await home.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    await page.screenshot({ path: join(SCREENSHOTS, "schedules-week-print.png"), fullPage: true });
    await page.emulateMedia({ media: "screen" });

    const phone = await signedInPage(PHONE);
    await phone.goto(`/staff/schedules?week=${week}`);
    await phone.getByRole("region", { name: "Van Buren" }).getByText("Published:", { exact: false }).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "schedules-week-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // A caregiver of Van Buren: the published week's shifts, none of the next week's drafts, no checks.
    const carer = await newUserPage(page, {
      email: "rota.reader@example.test",
      role: "caregiver",
      facilityIds: ["van-buren"],
    });
    // Staff in her menu opens on Schedules (she may not read staff records); names are not links.
    await carer.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Staff" }).click();
    await carer.waitForURL((url) => url.pathname === "/staff/schedules");
    await carer.goto(`/staff/schedules?week=${week}`);
    const seen = carer.getByRole("region", { name: "Van Buren" });
    await seen.getByText("Published:", { exact: false }).waitFor();
    expect(await seen.getByRole("button", { name: "Publish the week" }).count()).toBe(0);
    expect(await seen.getByRole("link", { name: "Ana Alvarez" }).count()).toBe(0);
    expect(await carer.getByRole("region", { name: "Checks" }).count()).toBe(0);
    await carer.goto(`/staff/schedules?week=${next}`);
    await carer.getByRole("region", { name: "Van Buren" }).getByText("Nothing published for this week yet.").waitFor();
  });

  it("moves a shift by dragging it and copies one with Ctrl held, then shows every home side by side", async () => {
    const page = await signedInPage();
    // Tall enough that a drag's start and end are both in view (Chromium starts no drag that scrolls).
    await page.setViewportSize({ width: 1280, height: 1200 });
    await page.goto(`/staff/schedules?week=${next}`);
    const home = page.getByRole("region", { name: "Van Buren" });
    const cell = (name: string, day: number) =>
      home
        .getByRole("row", { name: new RegExp(`^${name}`) })
        .getByRole("cell")
        .nth(day);
    const listed = async (key: string, date: string) =>
      (
        (await api(
          page,
          "GET",
          `/shifts?${new URLSearchParams({ where: JSON.stringify({ staffId: ids[key], date }) })}`,
        )) as { items: { start: string; end: string; published: boolean }[] }
      ).items;

    // Ana's Monday day shift (copied here as a draft) dragged to her free Saturday: moved.
    await home.getByText("Drag a shift to another person or day to move it", { exact: false }).waitFor();
    await home
      .getByRole("button", { name: /^Edit shift: Ana Alvarez .* 07:00 to 15:00/ })
      .first()
      .dragTo(cell("Ana Alvarez", 5));
    await page.getByText(`Moved the 07:00–15:00 shift to Ana Alvarez, Sat`, { exact: false }).waitFor();
    expect(await listed("ana", next)).toEqual([]);
    expect((await listed("ana", addDays(next, 5))).map((s) => [s.start, s.end])).toEqual([["07:00", "15:00"]]);

    // Copied with Ctrl held to Dee's free Sunday: Ana keeps hers, Dee gets a draft of the same times.
    const saturday = cell("Ana Alvarez", 5).getByRole("button", { name: /^Edit shift: Ana Alvarez/ });
    await page.keyboard.down("Control");
    await saturday.dragTo(cell("Dee Dunn", 6));
    await page.keyboard.up("Control");
    await page.getByText("Copied the 07:00–15:00 shift to Dee Dunn, Sun", { exact: false }).waitFor();
    expect(await listed("ana", addDays(next, 5))).toHaveLength(1);
    expect((await listed("dee", addDays(next, 6))).map((s) => [s.start, s.end, s.published])).toEqual([
      ["07:00", "15:00", false],
    ]);
    await cell("Dee Dunn", 6)
      .getByRole("button", { name: /^Edit shift: Dee Dunn .* 07:00 to 15:00/ })
      .waitFor();

    // "Select Facility": the homes' weeks side by side, each with its status and counts; Open goes to one.
    await page.getByRole("banner").getByRole("combobox", { name: "Facility" }).selectOption("");
    const board = page.getByRole("region", { name: "Every home, side by side" });
    const vanBuren = board.getByRole("columnheader", { name: /^Van Buren/ });
    await vanBuren.getByText("Draft: 23 of 23 shifts not published", { exact: false }).waitFor();
    await board.getByRole("columnheader", { name: /^Tull/ }).getByText("No shifts this week.").waitFor();
    expect(await board.getByRole("columnheader").count()).toBe(7);
    const sunday = board.getByRole("row", { name: /^Sun/ }).getByRole("cell").first();
    expect(await sunday.textContent()).toContain("Dee D. 07:00–15:00");
    await page.screenshot({ path: join(SCREENSHOTS, "schedules-homes-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);
    await vanBuren.getByRole("button", { name: "Open Van Buren's week" }).click();
    await home.getByRole("button", { name: "Publish the week" }).waitFor();
    expect(await page.getByRole("banner").getByRole("combobox", { name: "Facility" }).inputValue()).toBe("van-buren");

    const phone = await signedInPage(PHONE);
    await phone.goto(`/staff/schedules?week=${next}`);
    await phone.getByRole("banner").getByRole("combobox", { name: "Facility" }).selectOption("");
    await phone
      .getByRole("region", { name: "Every home, side by side" })
      .getByText("Dee D.", { exact: false })
      .first()
      .waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "schedules-homes-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("publishes over a missing clearance with a reason printed on the rota; a phone's On duty and its week without sideways scrolling", async () => {
    const page = await signedInPage();
    const later = addDays(week, 21);
    await staff(page, "pat", {
      facilityId: "van-buren",
      firstName: "Pat",
      lastName: "Pending",
      clearanceStatus: "submitted",
      clearanceDate: undefined,
    });
    await shift(page, "van-buren", "ana", later, "07:00", "15:00");
    await shift(page, "van-buren", "pat", later, "23:00", "07:00");
    await page.goto(`/staff/schedules?week=${later}`);
    const home = page.getByRole("region", { name: "Van Buren" });
    // Her night is booked but not counted: the checks say so instead of dropping it.
    await checks(page).getByText("Pat Pending", { exact: false }).first().waitFor();
    expect(await checks(page).textContent()).toContain("scheduled, not counted: not cleared");

    // A house manager may not publish over it: told so, and offered the week without her shift.
    const manager = await newUserPage(page, {
      email: "rota.manager@example.test",
      role: "house-manager",
      facilityIds: ["van-buren"],
    });
    await manager.goto(`/staff/schedules?week=${later}`);
    await manager.getByRole("region", { name: "Van Buren" }).getByRole("button", { name: "Publish the week" }).click();
    const refused = manager.getByRole("dialog", { name: "Publish this week?" });
    await refused.getByText("Your role may not publish a rota over a missing clearance.", { exact: false }).waitFor();
    expect(await refused.getByRole("button", { name: "Publish anyway" }).count()).toBe(0);
    await refused.getByRole("button", { name: "Cancel" }).click();

    // The administrator publishes anyway, with the reason the dialog asks for first.
    await home.getByRole("button", { name: "Publish the week" }).click();
    const dialog = page.getByRole("dialog", { name: "Publish this week?" });
    await dialog.getByText("Pat Pending has no criminal record clearance or exemption").waitFor();
    await dialog.getByRole("button", { name: "Publish anyway" }).click();
    await dialog.getByText("Give the reason for publishing over the missing clearance").waitFor();
    await dialog.getByLabel(/Reason for publishing over the clearance/).fill("Live Scan cleared by phone; letter due");
    await page.screenshot({ path: join(SCREENSHOTS, "schedules-publish-override.png") });
    await dialog.getByRole("button", { name: "Publish anyway" }).click();
    await home.getByText("Published:", { exact: false }).waitFor();
    const overrides = home.getByRole("region", { name: "Published over a missing clearance" });
    await overrides.getByText("Live Scan cleared by phone; letter due", { exact: false }).waitFor();
    expect(await overrides.textContent()).toMatch(/Pat Pending, .* 23:00–07:00.*override by .+, \w{3} \d+, \d{4}/);
    // On the printed rota too.
    await page.emulateMedia({ media: "print" });
    expect(await overrides.isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, "schedules-override-print.png"), fullPage: true });
    await page.emulateMedia({ media: "screen" });

    // Ana is on duty around the clock from yesterday to tomorrow (published): the phone's On duty names her.
    for (const day of [-1, 0, 1])
      await api(page, "POST", "/shifts", {
        data: {
          facilityId: "van-buren",
          staffId: ids.ana,
          date: addDays(localToday(), day),
          start: "13:00",
          end: "12:00",
          position: "caregiver",
          duty: "awake",
          published: true,
        },
      });
    const phone = await signedInPage(PHONE);
    await phone.getByRole("navigation", { name: "Main tabs" }).getByRole("link", { name: "On duty" }).click();
    await phone.waitForURL((url) => url.pathname === "/staff/schedules/today");
    const today = phone.getByRole("region", { name: "Van Buren" });
    await today.getByRole("heading", { name: "On duty now" }).waitFor();
    await today.getByText("Ana Alvarez").first().waitFor();
    await today.getByRole("heading", { name: /^Next: / }).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "schedules-today-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);

    // The week on a phone: each person's days stack, nothing scrolls sideways, the grid's box included.
    await phone.goto(`/staff/schedules?week=${later}`);
    await phone.getByRole("region", { name: "Van Buren" }).getByText("Published:", { exact: false }).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "schedules-week-phone-stacked.png"), fullPage: true });
    expect(await phone.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
    const grid = await phone
      .locator(".schedule-grid__scroll")
      .first()
      .evaluate((box) => [box.scrollWidth, box.clientWidth]);
    expect(grid[0]).toBeLessThanOrEqual(grid[1]!);
    await expectNoSeriousAxeViolations(phone);
  });
});
