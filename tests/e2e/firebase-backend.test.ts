/**
 * The same build on the firebase backend: the runtime config names Firebase (Auth emulator), and the
 * sign-in page, the auth flow, the header and Logout work without a change to the app. Firestore cannot
 * start offline here (its emulator downloads a Java archive), so the facility selector shows the seed
 * facilities it falls back to when the data port cannot answer; that fallback is checked too.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "./support/build.ts";
import { chromiumMissing, launchChromium } from "./support/chromium.ts";
import {
  authEmulatorMissing,
  FIREBASE_PROJECT_ID,
  startAuthEmulator,
  type TAuthEmulator,
} from "./support/firebase-auth-emulator.ts";
import { serveWebApp, type TStaticWeb } from "./support/static-web.ts";

// A session is the user's record and role in Firestore (read at sign-in, as the rules read them), so
// signing in needs a Firestore emulator too, which cannot start offline here.
const firestoreMissing = process.env.FIRESTORE_EMULATOR_HOST
  ? undefined
  : "no Firestore emulator (FIRESTORE_EMULATOR_HOST unset): a session reads the user's record and role from Firestore";
const skipReason = chromiumMissing ?? authEmulatorMissing ?? firestoreMissing;
if (skipReason && !chromiumMissing) console.warn(`[e2e firebase] SKIPPED: ${skipReason}`);

describe.skipIf(Boolean(skipReason))("the app on the firebase backend (Auth emulator) in Chromium", () => {
  const admin = { email: "firebase-admin@example.com", password: "firebase-password-1" };
  let emulator: TAuthEmulator;
  let web: TStaticWeb;
  let browser: Browser;

  beforeAll(async () => {
    ensureBuilt();
    emulator = await startAuthEmulator(admin);
    web = await serveWebApp({
      backend: "firebase",
      firebase: {
        apiKey: "demo-api-key",
        authDomain: `${FIREBASE_PROJECT_ID}.firebaseapp.com`,
        projectId: FIREBASE_PROJECT_ID,
        storageBucket: `${FIREBASE_PROJECT_ID}.appspot.com`,
        appId: "demo-app",
      },
      emulators: { auth: emulator.url },
      portalTitle: "Sunrise Care Homes",
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await emulator?.stop();
  });

  async function newPage(): Promise<Page> {
    const page = await (
      await browser.newContext({ baseURL: web.baseUrl, viewport: { width: 1280, height: 800 } })
    ).newPage();
    page.setDefaultTimeout(20_000);
    return page;
  }

  it("redirects to /login, refuses a wrong password, signs in back to the page asked for, and logs out", async () => {
    const page = await newPage();
    await page.goto("/staff/");
    await page.waitForURL((url) => url.pathname === "/login");
    expect(await page.title()).toBe("Sunrise Care Homes");

    await page.getByLabel("E-mail").fill(admin.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator(".login__error").waitFor();
    expect((await page.locator(".login__error").textContent())?.toLowerCase()).toContain("password");

    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/staff/");
    const banner = page.getByRole("banner");
    await banner.getByText(admin.email).waitFor();
    expect(await banner.getByText("Sunrise Care Homes").isVisible()).toBe(true);
    await page.locator("main h1", { hasText: "Staff Directory" }).waitFor();
    const options = await banner.getByRole("combobox", { name: "Facility" }).locator("option").allTextContents();
    expect(options).toEqual(["Select Facility", "Van Buren", "Tull", "Duvali", "Ashwood", "Edgemont", "Newman"]);

    // The session survives a reload (Firebase keeps it in IndexedDB).
    await page.reload();
    await banner.getByText(admin.email).waitFor();

    await banner.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.goto("/reminders");
    await page.waitForURL((url) => url.pathname === "/login");
  });
});
