/**
 * What a new user found on a first try, in Chromium against the built app and server: the audit log
 * keeps its IP column whole on a desk with long values in its rows, and fits a phone without sideways
 * scroll. Screenshots at 1280×800 and 375×812 go to /tmp/shots/polish as well as the usual folder.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { api } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

const SHOTS = process.env.POLISH_SHOTS ?? "/tmp/shots/polish";

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const dir of [SCREENSHOTS, SHOTS]) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** How much wider than the viewport the page is (0: no sideways scroll). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.skipIf(Boolean(chromiumMissing))("first use in Chromium", () => {
  const session = useBrowserSession();

  it("audit log: one Viewed row per look, the IP column whole at 1280 px, no sideways scroll at 375 px", async () => {
    const page = await session.signedInPage();
    // Rows as a working day writes them: a resident created and changed, their entries listed by id.
    const created = await api(page, "POST", "/residents", {
      data: {
        facilityId: "tull",
        firstName: "Philippa",
        lastName: "Oyelaran-Whitcombe",
        dateOfBirth: "1934-05-17",
        gender: "female",
        admissionDate: "2025-02-03",
        ambulatoryStatus: "ambulatory",
        codeStatus: "full_code",
      },
    });
    const residentId = String(created.id);
    await api(page, "PATCH", `/residents/${residentId}`, {
      version: 1,
      patch: { room: "12B", notes: "Prefers tea", preferredName: "Pippa", ambulatoryStatus: "non_ambulatory" },
    });
    await api(page, "GET", `/allergies?where=${encodeURIComponent(JSON.stringify({ residentId }))}`);
    await api(page, "GET", `/diagnoses?where=${encodeURIComponent(JSON.stringify({ residentId }))}`);
    await page.goto(`/residents/${residentId}`);
    await page.locator("main h1", { hasText: "Pippa Oyelaran-Whitcombe" }).waitFor();
    await page.goto("/settings/audit-log");
    await page.locator("main h1", { hasText: "Audit log" }).waitFor();
    await page.getByRole("row").nth(1).waitFor();
    // The longest values a row holds: a full IPv6 address, a long e-mail address, a long record name.
    const lengthen = (p: Page) =>
      p.evaluate(() => {
        const rows = [...document.querySelectorAll("main tbody tr")];
        for (const row of rows) {
          const cells = row.querySelectorAll("td");
          const ip = cells[cells.length - 1];
          if (ip) ip.firstElementChild!.textContent = "2001:0db8:85a3:0000:0000:8a2e:0370:7334";
          const user = row.querySelector(".audit-log__user");
          if (user) user.textContent = "bartholomew.featherstonehaugh@sunnyvale-residential-care.example";
        }
      });
    await lengthen(page);
    await shot(page, "audit-log-desktop");
    // The IP column lies whole inside the table's box (nothing cut at its right edge).
    const cut = await page.evaluate(() => {
      const table = document.querySelector("main table")!;
      const box = table.parentElement!.getBoundingClientRect();
      const cells = [...table.querySelectorAll("tr > :last-child")];
      return Math.max(...cells.map((c) => c.getBoundingClientRect().right - box.right));
    });
    expect(cut).toBeLessThanOrEqual(1);
    expect(await overflow(page)).toBe(0);

    const phone = await session.signedInPage(PHONE);
    await phone.goto("/settings/audit-log");
    await phone.locator("main h1", { hasText: "Audit log" }).waitFor();
    await phone.getByRole("row").nth(1).waitFor();
    await lengthen(phone);
    await shot(phone, "audit-log-phone");
    expect(await overflow(phone)).toBe(0);
  });
});
