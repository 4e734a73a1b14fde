/**
 * The seed's app shell in a real browser (Debian's Chromium) against the built app and server:
 * auth flow, navigation, facility selector, layouts at phone and desktop width, accessibility.
 * The expected texts and routes are copied from the seed, not imported from the app.
 */
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { DESKTOP, PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

const TOP_NAV = [
  ["Reminders", "/reminders"],
  ["Residents", "/residents/"],
  ["Staff", "/staff/"],
  ["Referral Agents", "/agencies/"],
  ["Facilities", "/facilities/"],
  ["Settings", "/admin/resident-doc-config"],
] as const;

const SUBMENUS = {
  Residents: [
    ["All Residents", "/residents"],
    ["Add New Resident", "/residents/add"],
    ["Medical Records", "/residents/medical-records"],
    ["Rent Tracker", "/residents/rent-tracker"],
  ],
  Staff: [
    ["Staff Directory", "/staff"],
    ["Add New Staff", "/staff/add"],
    ["Schedules", "/staff/schedules"],
  ],
  "Referral Agents": [
    ["Agent List", "/referral-agents"],
    ["Add New Agent", "/referral-agents/add"],
    ["Referral Logs", "/referral-agents/logs"],
  ],
  // The seed's three document configuration pages, in one Settings area with the hub's sections.
  Settings: [
    ["Users", "/settings/users"],
    ["Roles", "/settings/roles"],
    ["Audit log", "/settings/audit-log"],
    ["Resident Document Configuration", "/admin/resident-doc-config"],
    ["Facility Document Configuration", "/admin/facility-doc-config"],
    ["Staff Document Configuration", "/admin/staff-doc-config"],
    ["Agent Document Configuration", "/admin/agent-doc-config"],
    ["Training requirements", "/admin/training-requirements"],
    ["Portal title", "/settings/portal-title"],
    ["Export and import", "/settings/export-import"],
    ["My account", "/settings/account"],
  ],
} as const;

const QUICK_LINKS = [
  ["Reports", "/reports"],
  ["Settings", "/settings"],
  ["Help", "/help"],
] as const;

const FACILITIES = [
  ["van-buren", "Van Buren"],
  ["tull", "Tull"],
  ["duvali", "Duvali"],
  ["ashwood", "Ashwood"],
  ["edgemont", "Edgemont"],
  ["newman", "Newman"],
] as const;

/** Records every text the page ever rendered, so a message shown for an instant is still seen. */
const RECORD_TEXTS = `
  window.__seenTexts = [];
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "characterData" && record.target.textContent) window.__seenTexts.push(record.target.textContent);
      for (const node of record.addedNodes) if (node.textContent) window.__seenTexts.push(node.textContent);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

describe.skipIf(Boolean(chromiumMissing))("the app shell in Chromium", () => {
  const session = useBrowserSession();
  const { newPage } = session;

  const pathOf = (page: Page) => new URL(page.url()).pathname;

  async function waitForPath(page: Page, path: string) {
    await page.waitForURL((url) => url.pathname === path);
  }

  /** Waits until the page's heading reads exactly `text` (pages load lazily). */
  async function expectHeading(page: Page, text: string) {
    const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await page
      .locator("main h1")
      .filter({ hasText: new RegExp(`^${escaped}$`) })
      .waitFor();
  }

  /** Waits until the link `label` in `scope` is marked as the current page. */
  async function expectCurrent(page: Page, scope: Locator, label: string) {
    await scope.getByRole("link", { name: label, exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
  }

  async function signIn(page: Page, expectedPath = "/reminders") {
    await page.getByLabel("E-mail").fill(session.server.admin.email);
    await page.getByLabel("Password").fill(session.server.admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await waitForPath(page, expectedPath);
    await page.getByRole("banner").waitFor();
  }

  async function signedInPage(viewport = DESKTOP, path = "/reminders"): Promise<Page> {
    const page = await newPage(viewport);
    await page.goto("/login");
    await signIn(page);
    if (path !== "/reminders") await page.goto(path);
    await page.locator("main h1").waitFor();
    return page;
  }

  async function expectNoSeriousAxeViolations(page: Page) {
    const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
  }

  it("redirects a signed-out visitor to /login showing the exact text, then back to the page asked for", async () => {
    const page = await newPage();
    await page.addInitScript(RECORD_TEXTS);
    await page.goto("/staff/schedules");
    await waitForPath(page, "/login");
    const seen = (await page.evaluate("window.__seenTexts")) as string[];
    expect(seen).toContain("Redirecting to login...");
    await signIn(page, "/staff/schedules");
    await expectHeading(page, "Schedules");
  });

  it("refuses a wrong password with one clear message and stays on /login", async () => {
    const page = await newPage();
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(session.server.admin.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    const alert = page.locator(".login__error");
    await alert.waitFor();
    const message = (await alert.textContent())?.toLowerCase() ?? "";
    expect(message).toContain("password");
    expect(message).toMatch(/e-?mail/);
    expect(await page.getByRole("alert").count()).toBe(1);
    expect(pathOf(page)).toBe("/login");
  });

  it("shows field errors next to the fields for an empty form", async () => {
    const page = await newPage();
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator("#login-email-error").waitFor();
    expect(await page.locator("#login-password-error").textContent()).toBe("Enter your password");
    expect(await page.getByLabel("E-mail").getAttribute("aria-invalid")).toBe("true");
  });

  it("signs in to /reminders by default and shows the seed's header and footer", async () => {
    const page = await newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "login-desktop.png") });
    // The first load carries only the shell (and the sign-in page): no area page's code and never the
    // Firebase SDK.
    const scripts = requested.filter((path) => path.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /firebase|memory|-pages?-/.test(path) && !/\/login-page-/.test(path))).toEqual([]);
    await signIn(page);
    const banner = page.getByRole("banner");
    expect(await banner.getByText("Care Portal", { exact: true }).isVisible()).toBe(true);
    expect(await banner.getByText(session.server.admin.email).isVisible()).toBe(true);
    expect(await banner.getByRole("button", { name: "Logout" }).isVisible()).toBe(true);
    const footer = page.getByRole("contentinfo");
    expect(await footer.getByRole("link", { name: "Privacy" }).getAttribute("href")).toBe("/privacy");
    expect(await footer.getByRole("link", { name: "Terms" }).getAttribute("href")).toBe("/terms");
    expect(await page.locator("main").count()).toBe(1);
  });

  it("leads every top navigation entry to its route, in the seed's order, marking the current one", async () => {
    const page = await signedInPage();
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    const labels = await nav.getByRole("link").allTextContents();
    expect(labels).toEqual(TOP_NAV.map(([label]) => label));
    for (const [label, route] of TOP_NAV) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await waitForPath(page, route);
      await expectCurrent(page, nav, label);
      await page.locator("main h1").waitFor();
      expect(await page.locator("main h1").textContent()).not.toBe("Page not found");
    }
  });

  it("leads every side submenu entry and quick link to its route, marking the current one", async () => {
    const page = await signedInPage();
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    for (const [section, entries] of Object.entries(SUBMENUS)) {
      await nav.getByRole("link", { name: section, exact: true }).click();
      const submenu = page.getByRole("navigation", { name: `${section} menu` });
      await submenu.waitFor();
      expect(await submenu.getByRole("link").allTextContents()).toEqual(entries.map(([label]) => label));
      for (const [label, route] of entries) {
        await submenu.getByRole("link", { name: label, exact: true }).click();
        await waitForPath(page, route);
        await expectCurrent(page, submenu, label);
        await expectHeading(page, label);
      }
    }
    const quick = page.getByRole("navigation", { name: "Quick links" });
    expect(await quick.getByRole("link").allTextContents()).toEqual(QUICK_LINKS.map(([label]) => label));
    for (const [label, route] of QUICK_LINKS) {
      await quick.getByRole("link", { name: label, exact: true }).click();
      await waitForPath(page, route);
      await expectCurrent(page, quick, label);
      await expectHeading(page, label);
    }
  });

  // One page load per route (the Settings menu added five): more than the default minute on a busy machine.
  it("serves every seed route directly, with and without the trailing slash", { timeout: 120_000 }, async () => {
    const page = await signedInPage();
    const routes = [
      ...TOP_NAV.map(([, r]) => r),
      ...Object.values(SUBMENUS).flatMap((e) => e.map(([, r]) => r)),
      ...QUICK_LINKS.map(([, r]) => r),
      "/privacy",
      "/terms",
      "/residents",
      "/agencies",
    ];
    for (const route of routes) {
      await page.goto(route);
      await page.locator("main h1").waitFor();
      expect(await page.locator("main h1").textContent(), route).not.toBe("Page not found");
    }
  });

  it('offers "Select Facility" and the six facilities in seed order, defaults to van-buren and keeps the choice across a reload', async () => {
    const page = await signedInPage();
    const select = page.getByRole("banner").getByRole("combobox", { name: "Facility" });
    // The list comes from the server once it answers; wait for it.
    await page.waitForFunction(() => document.querySelectorAll("header select option").length === 7);
    const options = await select
      .locator("option")
      .evaluateAll((nodes) => nodes.map((n) => [(n as HTMLOptionElement).value, n.textContent]));
    expect(options).toEqual([["", "Select Facility"], ...FACILITIES]);
    expect(await select.inputValue()).toBe("van-buren");
    await select.selectOption("edgemont");
    expect(await page.evaluate(() => localStorage.getItem("selectedFacility"))).toBe("edgemont");
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll("header select option").length === 7);
    expect(await page.getByRole("banner").getByRole("combobox", { name: "Facility" }).inputValue()).toBe("edgemont");
    await page.getByRole("banner").getByRole("combobox", { name: "Facility" }).selectOption("");
    await page.reload();
    await page.getByRole("banner").waitFor();
    expect(await page.getByRole("banner").getByRole("combobox", { name: "Facility" }).inputValue()).toBe("");
  });

  it("logs out to /login, and the pages are closed afterwards", async () => {
    const page = await signedInPage();
    await page.getByRole("button", { name: "Logout" }).click();
    await waitForPath(page, "/login");
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    // Signed out on purpose: no "you were signed out" notice.
    expect(await page.getByText("You were signed out").count()).toBe(0);
    await page.goto("/residents/");
    await waitForPath(page, "/login");
  });

  it("signing out in one tab takes another tab of the browser to /login when it is shown again", async () => {
    const first = await signedInPage(DESKTOP, "/residents/");
    const second = await first.context().newPage();
    await second.goto("/staff");
    await expectHeading(second, "Staff Directory");
    await first.getByRole("button", { name: "Logout" }).click();
    await waitForPath(first, "/login");
    // What the browser tells a tab that comes to the front again.
    await second.bringToFront();
    await second.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await waitForPath(second, "/login");
    expect(await second.locator("main h1", { hasText: "Staff Directory" }).count()).toBe(0);
    // That tab's user is told why, and comes back to the page after signing in again.
    await second.getByText("You were signed out: the session ended").waitFor();
    await signIn(second, "/staff");
    await expectHeading(second, "Staff Directory");
  });

  it("shows a real Page not found inside the layout, with a way home", async () => {
    const page = await signedInPage(DESKTOP, "/no-such-page/here");
    await expectHeading(page, "Page not found");
    expect(await page.getByRole("navigation", { name: "Main", exact: true }).isVisible()).toBe(true);
    await page.locator("main").getByRole("link", { name: "Go to Reminders" }).click();
    await waitForPath(page, "/reminders");
  });

  it("shows the top navigation and side menu at 1280×800, without the bottom tab bar", async () => {
    const page = await signedInPage(DESKTOP, "/residents/");
    expect(await page.getByRole("navigation", { name: "Main", exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("navigation", { name: "Residents menu" }).isVisible()).toBe(true);
    expect(await page.getByRole("navigation", { name: "Quick links" }).isVisible()).toBe(true);
    expect(await page.locator(".bottom-tabs").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Menu" }).isVisible()).toBe(false);
    await page.screenshot({ path: join(SCREENSHOTS, "shell-desktop.png"), fullPage: true });
  });

  it("turns the top navigation into a bottom tab bar at 375×812 and folds the side menu away", async () => {
    const page = await signedInPage(PHONE, "/residents/");
    const tabs = page.getByRole("navigation", { name: "Main tabs" });
    expect(await tabs.isVisible()).toBe(true);
    // The seed's entries, and after Staff the phone's own: On duty, the rota of today.
    expect(await tabs.getByRole("link").allTextContents()).toEqual(
      TOP_NAV.flatMap(([label]) => (label === "Staff" ? [label, "On duty"] : [label])),
    );
    const box = await tabs.boundingBox();
    expect(box && box.y + box.height).toBeGreaterThanOrEqual(PHONE.height - 1);
    expect(await page.getByRole("navigation", { name: "Main", exact: true }).isVisible()).toBe(false);
    expect(await page.getByRole("navigation", { name: "Residents menu" }).isVisible()).toBe(false);
    await page.screenshot({ path: join(SCREENSHOTS, "shell-phone.png"), fullPage: false });
    await tabs.getByRole("link", { name: "Staff" }).click();
    await waitForPath(page, "/staff/");
    await expectCurrent(page, tabs, "Staff");
    // The folded side menu opens from the header's Menu button.
    await page.getByRole("button", { name: "Menu" }).click();
    const submenu = page.getByRole("navigation", { name: "Staff menu" });
    expect(await submenu.isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, "shell-phone-menu.png") });
    await submenu.getByRole("link", { name: "Schedules" }).click();
    await waitForPath(page, "/staff/schedules");
    await submenu.waitFor({ state: "hidden" });
    // Escape closes it again and gives the focus back to the Menu button.
    await page.getByRole("button", { name: "Menu" }).click();
    await submenu.waitFor();
    await page.keyboard.press("Escape");
    await submenu.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Menu");
  });

  it("reaches the menus with the keyboard, with a visible focus ring", async () => {
    const page = await signedInPage();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    let reached = false;
    for (let i = 0; i < 15 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = (await page.evaluate(() => document.activeElement?.textContent)) === "Residents";
    }
    expect(reached).toBe(true);
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
    expect(outline).not.toBe("none");
    await page.keyboard.press("Enter");
    await waitForPath(page, "/residents/");
  });

  it(
    "has no serious or critical axe violations on the login page and the shell at both widths",
    { timeout: 150_000 },
    async () => {
      const login = await newPage();
      await login.goto("/login");
      await login.getByRole("button", { name: "Sign in" }).waitFor();
      await expectNoSeriousAxeViolations(login);
      const phoneLogin = await newPage(PHONE);
      await phoneLogin.goto("/login");
      await phoneLogin.getByRole("button", { name: "Sign in" }).waitFor();
      await phoneLogin.screenshot({ path: join(SCREENSHOTS, "login-phone.png") });
      await expectNoSeriousAxeViolations(phoneLogin);
      for (const path of ["/reminders", "/residents/add", "/facilities/", "/help"]) {
        const desktop = await signedInPage(DESKTOP, path);
        await desktop.locator("main h1").waitFor();
        await desktop.screenshot({
          path: join(SCREENSHOTS, `page${path.replaceAll("/", "-").replace(/-$/, "")}.png`),
          fullPage: true,
        });
        await expectNoSeriousAxeViolations(desktop);
      }
      const phone = await signedInPage(PHONE, "/residents/");
      await phone.locator("main h1").waitFor();
      await expectNoSeriousAxeViolations(phone);
    },
  );

  it("lists the group's own facilities from the server in the selector (not only the seed list)", async () => {
    const page = await signedInPage();
    const headers = { "X-Requested-With": "care-portal" };
    const current = await (await page.request.get("/api/v1/facilities/newman")).json();
    const renamed = await page.request.patch("/api/v1/facilities/newman", {
      headers,
      data: { version: current.version, patch: { name: "Newman House" } },
    });
    expect(renamed.status()).toBe(200);
    await page.reload();
    const select = page.getByRole("banner").getByRole("combobox", { name: "Facility" });
    await select.locator("option", { hasText: "Newman House" }).waitFor({ state: "attached" });
    expect(await select.locator("option").allTextContents()).toEqual([
      "Select Facility",
      "Van Buren",
      "Tull",
      "Duvali",
      "Ashwood",
      "Edgemont",
      "Newman House",
    ]);
  });

  it("tells a visitor locked out after repeated failures how long to wait", async () => {
    const page = await newPage();
    await page.goto("/login");
    await page.getByLabel("E-mail").fill("someone-else@example.com");
    const alert = page.locator(".login__error");
    let message = "";
    for (let attempt = 1; attempt <= 8 && !message.includes("wait"); attempt++) {
      await page.getByLabel("Password").fill(`wrong-password-${attempt}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      await alert.waitFor();
      message = (await alert.textContent()) ?? "";
    }
    expect(message).toMatch(/^Too many attempts\. Please wait \d+ (second|minute)s? and try again\.$/);
    expect(await page.getByRole("alert").count()).toBe(1);
  });

  it("shows a failing page's error with Retry inside the layout, and Retry recovers", async () => {
    const page = await signedInPage();
    // The Residents pages' code cannot be downloaded (a dropped connection).
    await page.route(/\/assets\/residents-pages-[^/]*\.js$/, (route) => route.abort("connectionreset"));
    await page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Residents" }).click();
    await expectHeading(page, "This page could not be shown");
    expect(await page.getByRole("navigation", { name: "Main", exact: true }).isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, "route-error-desktop.png") });
    await page.unroute(/\/assets\/residents-pages-[^/]*\.js$/);
    await page.getByRole("button", { name: "Retry" }).click();
    await expectHeading(page, "All Residents");
  });
});
