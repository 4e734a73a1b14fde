/**
 * Referral agents in Chromium against the built app and server: two agents added through the form, one
 * with a capped, prorated percent and one with a flat fee; bad input refused beside its field; the list
 * at both /referral-agents and /agencies with the fee terms, search and CSV; a role without the Referral
 * fees permission sees agents and no fee. Desktop and phone screenshots.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

describe.skipIf(Boolean(chromiumMissing))("referral agents in Chromium", () => {
  const { signedInPage, newUserPage } = useBrowserSession();

  it("adds two agents with their fee terms, lists them at both addresses, and hides fees from a role without them", async () => {
    const page = await signedInPage();
    await page.goto("/agencies");
    await page.getByRole("heading", { name: "No referral agents recorded" }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Add New Agent" }).first().click();
    await page.getByRole("heading", { name: "Add New Agent", level: 1 }).waitFor();

    // Bad input is refused beside its field.
    await page.getByLabel("E-mail").fill("not-an-address");
    await page.getByLabel("Report a duplicate within (days)").fill("0");
    await page.getByRole("button", { name: "Add agent" }).click();
    await page.getByText("Enter a valid e-mail address").waitFor();
    expect(await page.getByRole("textbox", { name: "Agent", exact: true }).getAttribute("aria-invalid")).toBe("true");
    await page.getByText("At least 1 day").waitFor();

    await page.getByRole("textbox", { name: "Agent", exact: true }).fill("Rosa Diaz");
    await page.getByRole("textbox", { name: "Agency", exact: true }).fill("Sunset Senior Advisors");
    await page.getByRole("textbox", { name: "Phone" }).fill("(559) 555-0199");
    await page.getByLabel("E-mail").fill("rosa@sunset.example");
    await page.getByLabel("Report a duplicate within (days)").fill("5");
    await page.getByLabel("Report a move-in within (business days)").fill("1");
    await page.getByRole("button", { name: "Add agent" }).click();
    await page.getByRole("heading", { name: "Rosa Diaz", level: 1 }).waitFor();
    await page.getByText("No fee terms are recorded for Rosa Diaz yet.").waitFor();

    // Her terms: half the first month, prorated from the move-in day, at most $3,000.
    await page.getByRole("button", { name: "Add fee terms" }).click();
    const dialog = page.getByRole("dialog", { name: "Fee terms of Rosa Diaz" });
    await dialog.getByLabel("Fee").selectOption("percent_first_month");
    await dialog.getByLabel("Percent of the first month's rent").fill("fifty");
    await dialog.getByRole("button", { name: "Add fee terms" }).click();
    await dialog.getByText("Enter a percent like 50 or 87.5").waitFor();
    await dialog.getByLabel("Percent of the first month's rent").fill("150");
    await dialog.getByRole("button", { name: "Add fee terms" }).click();
    await dialog.getByText("At most 100%").waitFor();
    await dialog.getByLabel("Percent of the first month's rent").fill("50");
    await dialog.getByLabel("Prorate the first month from the move-in day").check();
    await dialog.getByLabel("At most ($)").fill("3,000");
    await dialog.getByRole("button", { name: "Add fee terms" }).click();
    await dialog.waitFor({ state: "detached" });
    const fees = page.getByRole("region", { name: "Fee terms" });
    await fees.getByText("50% of the first month's rent, prorated, at most $3,000.00").waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "agent-detail-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    // A second agent with a flat fee.
    await page.goto("/referral-agents/add");
    await page.getByRole("textbox", { name: "Agent", exact: true }).fill("Ben Okafor");
    await page.getByRole("textbox", { name: "Agency", exact: true }).fill("Valley Placement");
    await page.getByRole("button", { name: "Add agent" }).click();
    await page.getByRole("heading", { name: "Ben Okafor", level: 1 }).waitFor();
    // Two people add Ben's terms at once: the second is shown the first's and keeps their own form.
    const other = await signedInPage();
    await other.goto(page.url());
    for (const p of [page, other]) await p.getByRole("button", { name: "Add fee terms" }).click();
    const second = page.getByRole("dialog", { name: "Fee terms of Ben Okafor" });
    const theirs = other.getByRole("dialog", { name: "Fee terms of Ben Okafor" });
    await theirs.getByLabel("Fee").selectOption("percent_first_month");
    await theirs.getByLabel("Percent of the first month's rent").fill("40");
    await theirs.getByRole("button", { name: "Add fee terms" }).click();
    await theirs.waitFor({ state: "detached" });
    await second.getByLabel("Fee").selectOption("flat");
    // A flat fee has no cap to give.
    expect(await second.getByLabel("At most ($)").count()).toBe(0);
    await second.getByLabel("Flat fee ($)").fill("2500");
    await second.getByRole("button", { name: "Add fee terms" }).click();
    await second.getByRole("alert").filter({ hasText: "after you opened it" }).waitFor();
    expect(await second.getByRole("alert").textContent()).toContain("40%");
    await second.getByRole("button", { name: "Save my version" }).click();
    await fees.getByText("$2,500.00 flat").waitFor();

    for (const address of ["/referral-agents", "/agencies"]) {
      await page.goto(address);
      const table = page.getByRole("table", { name: /Referral agents/ });
      await table.getByRole("link", { name: "Ben Okafor" }).waitFor();
      const rows = await table.getByRole("row").allTextContents();
      expect(rows.find((r) => r.includes("Rosa Diaz"))).toContain("50% of the first month's rent, prorated");
      expect(rows.find((r) => r.includes("Ben Okafor"))).toContain("$2,500.00 flat");
    }
    await page.getByLabel("Search agents").fill("Sunset");
    await page
      .getByRole("table", { name: /Referral agents/ })
      .getByRole("link", { name: "Ben Okafor" })
      .waitFor({
        state: "detached",
      });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const csv = readFileSync(await download.path(), "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(csv[0]).toContain("Agent,Agency,Phone,E-mail,Address,Fee terms");
    expect(csv.slice(1)).toHaveLength(1);
    expect(csv[1]).toContain("Rosa Diaz,Sunset Senior Advisors");
    await page.screenshot({ path: join(SCREENSHOTS, "agents-list-desktop.png"), fullPage: true });

    const phone = await signedInPage(PHONE);
    await phone.goto("/referral-agents");
    await phone.getByRole("link", { name: "Rosa Diaz" }).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "agents-list-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.getByRole("link", { name: "Rosa Diaz" }).click();
    await phone.getByRole("region", { name: "Fee terms" }).getByText("50% of the first month's rent").waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "agent-detail-phone.png"), fullPage: true });

    // A referrals clerk without the Referral fees permission: agents, no fee anywhere.
    await api(page, "POST", "/roles", {
      id: "referrals-clerk",
      data: {
        name: "Referrals clerk",
        permissions: { referrals: "write" },
      },
    });
    const clerk = await newUserPage(page, { email: "clerk@example.test", role: "referrals-clerk", facilityIds: null });
    await clerk.goto("/referral-agents");
    await clerk.getByRole("link", { name: "Rosa Diaz" }).waitFor();
    expect(await clerk.getByRole("columnheader", { name: "Fee terms" }).count()).toBe(0);
    expect(await clerk.locator("main").textContent()).not.toContain("first month");
    await clerk.getByRole("link", { name: "Rosa Diaz" }).click();
    await clerk.getByRole("heading", { name: "Rosa Diaz", level: 1 }).waitFor();
    expect(await clerk.getByRole("region", { name: "Fee terms" }).count()).toBe(0);

    // Adding an agent already recorded: the form says so while the name is typed.
    await page.goto("/referral-agents/add");
    await page.getByRole("textbox", { name: "Agent", exact: true }).fill("rosa diaz");
    await page
      .getByRole("status")
      .filter({ hasText: "An agent named “Rosa Diaz” (Sunset Senior Advisors) is already recorded" })
      .waitFor();
    await page.getByRole("textbox", { name: "Agent", exact: true }).fill("Rosa Diaz-Lopez");
    await page.getByText("is already recorded").waitFor({ state: "detached" });
  });
});
