/**
 * The browser tests' shared setup: the built app and server plus Chromium, started before a describe
 * block's tests and closed after them, and fresh pages (one browser context each) at a viewport,
 * optionally signed in as the administrator or as a new user of a role.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { startAppServer, type TAppServer } from "./app-server.ts";
import { ensureBuilt } from "./build.ts";
import { launchChromium } from "./chromium.ts";
import { api } from "./page-checks.ts";

/** The password a new user chooses in place of their one-time password. */
export const OWN_PASSWORD = "a long password of my own 2026";

export const SCREENSHOTS = resolve(import.meta.dirname, "../../../test-results/screenshots");
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

export interface TBrowserSession {
  /** The running app server (available once the block's beforeAll has run). */
  readonly server: TAppServer;
  /** A page in a new browser context at `viewport`, signed out. */
  newPage(viewport?: typeof DESKTOP): Promise<Page>;
  /** A page in a new browser context signed in as the administrator, left on /reminders. */
  signedInPage(viewport?: typeof DESKTOP): Promise<Page>;
  /**
   * A new user created by the administrator's `admin` page, signed in on a page of their own as a person
   * would: the one-time password, then their own (OWN_PASSWORD); left on /reminders.
   */
  newUserPage(
    admin: Page,
    user: { email: string; role: string; facilityIds: string[] | null },
    viewport?: typeof DESKTOP,
  ): Promise<Page>;
}

/** Call inside a `describe`: registers the hooks that start and stop the app server and browser. */
export function useBrowserSession(): TBrowserSession {
  let server: TAppServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ensureBuilt();
    server = await startAppServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  function started(): { server: TAppServer; browser: Browser } {
    if (!server || !browser) throw new Error("The browser session is used before its beforeAll hook ran.");
    return { server, browser };
  }

  async function newPage(viewport = DESKTOP): Promise<Page> {
    const { server, browser } = started();
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  async function signedInPage(viewport = DESKTOP): Promise<Page> {
    const { server } = started();
    const page = await newPage(viewport);
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(server.admin.email);
    await page.getByLabel("Password").fill(server.admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/reminders");
    return page;
  }

  async function newUserPage(
    admin: Page,
    user: { email: string; role: string; facilityIds: string[] | null },
    viewport = DESKTOP,
  ): Promise<Page> {
    const { oneTimePassword } = (await api(admin, "POST", "/auth/users", user)) as { oneTimePassword: string };
    const page = await newPage(viewport);
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByLabel("Password").fill(oneTimePassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByLabel("One-time password").fill(oneTimePassword);
    await page.locator('input[name="newPassword"]').fill(OWN_PASSWORD);
    await page.getByLabel("Repeat the new password").fill(OWN_PASSWORD);
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.getByRole("heading", { name: "Reminders", level: 1 }).waitFor();
    return page;
  }

  return {
    get server() {
      return started().server;
    },
    newPage,
    signedInPage,
    newUserPage,
  };
}
