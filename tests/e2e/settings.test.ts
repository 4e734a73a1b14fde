/**
 * Settings in Chromium against the built app and server: an administrator creates a user whose one-time
 * password is shown once; the user signs in with it, must choose their own password before anything
 * else, and reaches the portal; the administrator deactivates them and their next click lands on
 * /login; an administrator's own page shows their role, homes and status without offering them; the
 * portal title shows in the header and the browser tab; My account signs out the user's other sessions.
 * Screenshots of every Settings page at 1280×800 and 375×812.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

const NEW_PASSWORD = "a sentence only I know 42";

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

describe.skipIf(Boolean(chromiumMissing))("settings in Chromium", () => {
  const session = useBrowserSession();
  const { signedInPage, newPage } = session;

  it("creates a user with a one-time password shown once; they choose their own, then deactivation signs them out", async () => {
    const admin = await signedInPage();
    await admin.goto("/settings");
    await admin.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    await admin.getByText(/active users?$/).waitFor();
    await shot(admin, "settings-hub-desktop");
    await expectNoSeriousAxeViolations(admin);

    await admin.getByRole("navigation", { name: "Settings menu" }).getByRole("link", { name: "Users" }).click();
    await admin.getByRole("link", { name: "Add user" }).click();
    // The Users page's "Search by e-mail or name" would match "E-mail" too: wait for the form's page.
    await admin.getByRole("heading", { name: "Add user", level: 1 }).waitFor();
    await admin.getByLabel("E-mail").fill("carla.caregiver@example.test");
    await admin.getByLabel("Name", { exact: true }).fill("Carla Caregiver");
    // A new user starts with the home chosen in the header (Van Buren), never with every home.
    expect(await admin.getByLabel("Only these facilities:").isChecked()).toBe(true);
    expect(await admin.getByLabel("All facilities").isChecked()).toBe(false);
    expect(await admin.getByLabel("Van Buren").isChecked()).toBe(true);
    await admin.getByLabel("Van Buren").uncheck();
    // Limited to no home at all is refused beside the facilities.
    await admin.getByRole("button", { name: "Add user" }).click();
    await admin.getByText("Choose at least one facility, or All facilities").waitFor();
    // In the danger colour of every form's messages, and gone once a home is chosen.
    const message = admin.getByText("Choose at least one facility, or All facilities");
    expect(await message.evaluate((el) => getComputedStyle(el).fontWeight)).toBe("600");
    await admin.getByLabel("Tull").check();
    await message.waitFor({ state: "hidden" });
    await shot(admin, "settings-user-add-desktop");
    await admin.getByRole("button", { name: "Add user" }).click();
    const code = admin.getByTestId("one-time-password");
    await code.waitFor();
    const oneTimePassword = (await code.textContent())!.trim();
    expect(oneTimePassword).toMatch(/^[a-zA-Z2-9]{4}(-[a-zA-Z2-9]{4}){3}$/);
    // When it stops working: one sign-in, within 72 hours.
    const expiry = (await admin.getByTestId("one-time-password-expiry").textContent()) ?? "";
    expect(expiry).toContain("It works for one sign-in, until");
    expect(expiry).toContain(String(new Date(Date.now() + 72 * 3600_000).getFullYear()));
    await admin.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await admin.getByRole("button", { name: "Copy" }).click();
    await admin.getByRole("button", { name: "Copied" }).waitFor();
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(oneTimePassword);
    await shot(admin, "settings-one-time-password-desktop");
    await admin.getByRole("button", { name: "Done" }).click();
    await admin.getByRole("heading", { name: "Carla Caregiver", level: 1 }).waitFor();
    // Shown once: the user's page never shows it again.
    expect(await admin.content()).not.toContain(oneTimePassword);
    await shot(admin, "settings-user-desktop");

    // The new user signs in with it and must choose their own password before anything else.
    const carla = await newPage();
    await signIn(carla, "carla.caregiver@example.test", oneTimePassword);
    await carla.getByRole("heading", { name: "Choose your password" }).waitFor();
    await shot(carla, "settings-choose-password-desktop");
    await carla.getByLabel("One-time password").fill(oneTimePassword);
    await carla.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
    await carla.getByLabel("Repeat the new password").fill("something else entirely");
    await carla.getByRole("button", { name: "Save and continue" }).click();
    await carla.getByText("Does not match the new password").waitFor();
    await carla.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
    await carla.getByRole("button", { name: "Save and continue" }).click();
    await carla.waitForURL((url) => url.pathname === "/reminders");
    // The password form is shown at /reminders itself: the page is there once the change is saved.
    await carla.getByRole("heading", { name: "Reminders", level: 1 }).waitFor();
    await carla.getByRole("banner").getByText("carla.caregiver@example.test").waitFor();

    // The list shows her last sign-in; the administrator deactivates her.
    await admin.goto("/settings/users");
    const row = admin.getByRole("row").filter({ hasText: "carla.caregiver@example.test" });
    await row.waitFor();
    expect(await row.textContent()).toContain("Tull");
    expect(await row.textContent()).not.toContain("Never");
    await shot(admin, "settings-users-desktop");
    await expectNoSeriousAxeViolations(admin);
    await row.getByRole("link", { name: "carla.caregiver@example.test" }).click();
    await admin.getByRole("button", { name: "Deactivate" }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Deactivate" }).click();
    await admin.getByText("carla.caregiver@example.test was deactivated.").waitFor();

    // Her next click lands on the sign-in page.
    await carla.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Residents" }).click();
    await carla.waitForURL((url) => url.pathname === "/login");
    await signIn(carla, "carla.caregiver@example.test", NEW_PASSWORD);
    await carla.getByText("The e-mail address or password is not correct.").waitFor();
  });

  it("shows an administrator their own role, homes and status as text, never as controls", async () => {
    const admin = await signedInPage();
    const me = (await api(admin, "GET", "/auth/me")).user as { id: string; email: string };
    await admin.goto(`/settings/users/${me.id}`);
    const main = admin.getByRole("main");
    await main.getByText(/You cannot change your own role, homes or status; another administrator can\./).waitFor();
    expect(await main.getByRole("button", { name: "Deactivate" }).count()).toBe(0);
    await main.getByRole("button", { name: "Edit" }).click();
    await main.getByRole("button", { name: "Save" }).waitFor();
    expect(await main.getByRole("radio").count()).toBe(0);
    expect(await main.getByRole("checkbox").count()).toBe(0);
    await main.getByText("All facilities").waitFor();
    await shot(admin, "settings-user-own-desktop");
    await main.getByRole("button", { name: "Save" }).click();
    await admin.getByText(`${me.email} was saved.`).waitFor();
    expect(await api(admin, "GET", `/users/${me.id}`)).toMatchObject({ role: "administrator", facilityIds: null });
  });

  it("shows the portal title in the header and the browser tab; keeps the Live Scan reminder days apart", async () => {
    const admin = await signedInPage();
    await admin.goto("/settings/portal-title");
    const titleForm = admin.locator("form").filter({ has: admin.getByRole("textbox", { name: /^Portal title/ }) });
    const field = titleForm.getByRole("textbox", { name: /^Portal title/ });
    await field.fill("");
    await titleForm.getByRole("button", { name: "Save" }).click();
    await admin.getByText("Required").waitFor();
    await field.fill("Sunrise Care Homes");
    await titleForm.getByRole("button", { name: "Save" }).click();
    await admin.getByRole("banner").getByRole("link", { name: "Sunrise Care Homes" }).waitFor();
    await admin.waitForFunction(() => document.title === "Sunrise Care Homes");

    // The Live Scan reminder's days: a bad value is refused beside the field; saving it keeps the title.
    const days = admin.getByRole("spinbutton", { name: /Remind when a submitted Live Scan/ });
    expect(await days.inputValue()).toBe("30");
    const daysForm = admin.locator("form").filter({ has: days });
    await days.fill("0");
    await daysForm.getByRole("button", { name: "Save" }).click();
    await daysForm.getByText("At least 1 day").waitFor();
    await days.fill("45");
    await daysForm.getByRole("button", { name: "Save" }).click();
    await admin.getByText("The reminder was saved.").waitFor();
    expect(await api(admin, "GET", "/portalSettings/portal")).toMatchObject({
      title: "Sunrise Care Homes",
      clearanceReminderDays: 45,
    });
    await shot(admin, "settings-portal-title-desktop");
    const other = await signedInPage();
    await other.getByRole("banner").getByRole("link", { name: "Sunrise Care Homes" }).waitFor();
    expect(await other.title()).toBe("Sunrise Care Homes");
  });

  it("signs out of every other session from My account, keeping this one", async () => {
    const here = await signedInPage();
    const elsewhere = await signedInPage();
    await here.getByRole("banner").getByRole("link", { name: "My account" }).click();
    await here.getByRole("heading", { name: "My account", level: 1 }).waitFor();
    await here.getByText("All facilities").waitFor();
    await shot(here, "settings-account-desktop");
    await expectNoSeriousAxeViolations(here);
    await here.getByRole("button", { name: "Sign out of every other session" }).click();
    await here.getByRole("dialog").getByRole("button", { name: "Sign out other sessions" }).click();
    await here.getByText("Your other sessions were signed out.").waitFor();
    await elsewhere.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Staff" }).click();
    await elsewhere.waitForURL((url) => url.pathname === "/login");
    await here.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Staff" }).click();
    await here.waitForURL((url) => url.pathname === "/staff/");
    await here.getByRole("heading", { name: "Staff Directory" }).waitFor();
  });

  it("lays every Settings page out on a phone", async () => {
    const page = await signedInPage(PHONE);
    for (const [path, name] of [
      ["/settings", "settings-hub-phone"],
      ["/settings/users", "settings-users-phone"],
      ["/settings/users/add", "settings-user-add-phone"],
      ["/settings/portal-title", "settings-portal-title-phone"],
      ["/settings/account", "settings-account-phone"],
      ["/admin/resident-doc-config", "settings-doc-config-phone"],
    ] as const) {
      await page.goto(path);
      await page.locator("main h1").waitFor();
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await shot(page, name);
    }
  });
});
