/**
 * Who may see what, in Chromium against the built app and server: an administrator creates a Caregiver
 * for Tull; the caregiver signs in, replaces the one-time password, sees Tull's residents and their
 * medical records, and has no Rent Tracker, no Facilities list, no Settings, no monthly rate and no other
 * home (a page they cannot open says so; her home's page gives the figures her role reads); the administrator finds the caregiver's views in the audit log filtered to them,
 * then deactivates them, and the caregiver's next click lands on /login. Also: a change to a role in
 * Settings → Roles applies to its users' next page. Screenshots at 1280×800 and 375×812.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

const OWN_PASSWORD = "my own long sentence 77";

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

function resident(facilityId: string, lastName: string) {
  return {
    facilityId,
    firstName: "Opal",
    lastName,
    dateOfBirth: "1936-03-09",
    gender: "female",
    room: "4",
    admissionDate: "2025-03-01",
    ambulatoryStatus: "ambulatory",
    codeStatus: "full_code",
    monthlyRateCents: 512_300,
  };
}

describe.skipIf(Boolean(chromiumMissing))("roles and access in Chromium", () => {
  const session = useBrowserSession();
  const { signedInPage, newPage } = session;

  it("a caregiver of one home sees its residents and medical records, no rent, no settings, no other home; the audit log shows their views; deactivation signs them out", async () => {
    const admin = await signedInPage();
    const tullResident = await api(admin, "POST", "/residents", { data: resident("tull", "Whitfield") });
    await api(admin, "POST", "/diagnoses", {
      data: { residentId: tullResident.id, facilityId: "tull", name: "Type 2 diabetes" },
    });
    const newmanResident = await api(admin, "POST", "/residents", { data: resident("newman", "Ashgrove") });

    // The administrator creates the caregiver: role Caregiver, Tull only.
    await admin.goto("/settings/users/add");
    await admin.getByLabel("E-mail").fill("cara.tull@example.test");
    await admin.getByLabel("Name", { exact: true }).fill("Cara Tull");
    await admin.getByRole("radio", { name: /^Caregiver/ }).check();
    // The form starts with the header's home (Van Buren): the administrator swaps it for Tull.
    await admin.getByLabel("Only these facilities:").check();
    await admin.getByLabel("Van Buren").uncheck();
    await admin.getByLabel("Tull").check();
    await admin.getByRole("button", { name: "Add user" }).click();
    const oneTimePassword = (await admin.getByTestId("one-time-password").textContent())!.trim();
    await admin.getByRole("button", { name: "Done" }).click();
    await admin.getByRole("heading", { name: "Cara Tull", level: 1 }).waitFor();
    expect(await admin.getByText("Caregiver", { exact: true }).count()).toBeGreaterThan(0);

    // The caregiver signs in and replaces the one-time password.
    const cara = await newPage();
    await signIn(cara, "cara.tull@example.test", oneTimePassword);
    await cara.getByRole("heading", { name: "Choose your password" }).waitFor();
    await cara.getByLabel("One-time password").fill(oneTimePassword);
    await cara.locator('input[name="newPassword"]').fill(OWN_PASSWORD);
    await cara.getByLabel("Repeat the new password").fill(OWN_PASSWORD);
    await cara.getByRole("button", { name: "Save and continue" }).click();
    await cara.waitForURL((url) => url.pathname === "/reminders");
    // The password form is shown at /reminders itself: the page is there once the change is saved.
    await cara.getByRole("heading", { name: "Reminders", level: 1 }).waitFor();
    // From here on nothing her pages ask for by themselves is refused (no "not yours to see" toast).
    const refused: string[] = [];
    cara.on("response", (response) => {
      if (response.url().includes("/api/") && response.status() >= 400)
        refused.push(`${response.status()} ${response.url()}`);
    });

    // Her navigation: Residents yes; Staff only for the rota (it leads to Schedules); Referral Agents,
    // Facilities, Settings, Reports and Rent Tracker no.
    const main = cara.getByRole("navigation", { name: "Main", exact: true });
    await main.getByRole("link", { name: "Residents" }).waitFor();
    for (const hidden of ["Referral Agents", "Facilities", "Settings"])
      expect(await main.getByRole("link", { name: hidden, exact: true }).count()).toBe(0);
    expect(await main.getByRole("link", { name: "Staff", exact: true }).getAttribute("href")).toBe("/staff/schedules");
    await main.getByRole("link", { name: "Residents" }).click();
    const sideMenu = cara.getByRole("navigation", { name: "Residents menu" });
    await sideMenu.getByRole("link", { name: "Medical Records" }).waitFor();
    expect(await sideMenu.getByRole("link", { name: "Rent Tracker" }).count()).toBe(0);
    const quick = cara.getByRole("navigation", { name: "Quick links" });
    expect(await quick.getByRole("link", { name: "Settings" }).count()).toBe(0);
    expect(await quick.getByRole("link", { name: "Reports" }).count()).toBe(0);
    // All Residents lists Tull's resident with documents but no balance, and offers no export of rent.
    const residents = cara.getByRole("table", { name: /Residents, Tull/ });
    await residents.getByRole("link", { name: /Whitfield/ }).waitFor();
    expect(await residents.getByRole("columnheader", { name: "Balance due" }).count()).toBe(0);
    await residents.getByRole("columnheader", { name: "Documents" }).waitFor();
    // "Select Facility" (every home she may see) is her one home, named as such.
    await cara
      .getByRole("combobox", { name: /facility/i })
      .first()
      .selectOption("");
    await cara
      .getByRole("table", { name: "Residents, Tull" })
      .getByRole("link", { name: /Whitfield/ })
      .waitFor();
    // Settings is not in her navigation; the hub, opened directly, holds her account and the
    // document configuration she may read.
    await cara.goto("/settings");
    const hub = cara.getByRole("main");
    await hub.getByRole("link", { name: "My account" }).waitFor();
    await hub.getByRole("link", { name: "Resident Document Configuration" }).waitFor();
    expect(await hub.getByRole("link", { name: "Users" }).count()).toBe(0);
    expect(await cara.getByText(/You don't have access/).count()).toBe(0);
    expect(refused).toEqual([]);

    // Tull's resident with her diagnosis, without the monthly rate; no Rent tab.
    await cara.goto(`/residents/${String(tullResident.id)}`);
    await cara.getByRole("heading", { name: /Whitfield/ }).waitFor();
    expect(await cara.getByText("Monthly rate").count()).toBe(0);
    expect(await cara.getByText("$5,123.00").count()).toBe(0);
    // The Caregiver role does not change a code status: no button for it.
    await cara.getByRole("button", { name: "Print face sheet" }).waitFor();
    expect(await cara.getByRole("button", { name: "Change code status…" }).count()).toBe(0);
    const tabs = cara.getByRole("navigation", { name: "Resident record" });
    expect(await tabs.getByRole("link", { name: "Rent" }).count()).toBe(0);
    await tabs.getByRole("link", { name: "Medical" }).click();
    await cara.getByText("Type 2 diabetes").first().waitFor();
    await shot(cara, "access-caregiver-medical-desktop");

    // Pages her role does not allow say so; another home's resident stays not found.
    await cara.goto("/residents/rent-tracker");
    await cara.getByRole("heading", { name: "You don't have access to rent" }).waitFor();
    await shot(cara, "access-no-access-desktop");
    await expectNoSeriousAxeViolations(cara);
    await cara.goto("/settings/users");
    await cara.getByRole("heading", { name: /You don't have access to users & roles/ }).waitFor();
    await cara.goto("/facilities/");
    await cara.getByRole("heading", { name: "You don't have access to facilities" }).waitFor();
    // Her home's page, where its documents' reminders lead, gives the figures her role reads.
    await cara.goto("/facilities/tull");
    await cara.getByText("Residents (active, on leave, in hospital)").waitFor();
    expect(await cara.getByText(/could not be read/).count()).toBe(0);
    expect(await cara.getByText("Staff (home facility, not terminated)").count()).toBe(0);
    await cara.goto(`/residents/${String(newmanResident.id)}`);
    await cara
      .getByText(/not found|does not exist/i)
      .first()
      .waitFor();
    // Her facility selector offers Tull alone.
    const selector = cara.getByRole("combobox", { name: /facility/i }).first();
    const options = await selector.locator("option").allTextContents();
    expect(options.some((o) => /Newman/.test(o))).toBe(false);

    // The administrator finds her views in the audit log filtered to her.
    await admin.goto("/settings/audit-log");
    const log = admin.getByRole("main");
    await log
      .getByRole("combobox", { name: "User", exact: true })
      .selectOption({ label: "Cara Tull (cara.tull@example.test)" });
    await log.getByRole("combobox", { name: "Action", exact: true }).selectOption({ label: "Viewed" });
    // A row names the record she looked at, not its id.
    const viewed = log.getByRole("row").filter({ hasText: "Whitfield, Opal" });
    await viewed.first().waitFor();
    await shot(admin, "access-audit-caregiver-desktop");

    // Deactivated, her next click lands on /login.
    await admin.goto("/settings/users");
    await admin.getByRole("link", { name: "cara.tull@example.test" }).click();
    await admin.getByRole("button", { name: "Deactivate" }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Deactivate" }).click();
    await admin.getByText("cara.tull@example.test was deactivated.").waitFor();
    await cara.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Residents" }).click();
    await cara.waitForURL((url) => url.pathname === "/login");
  });

  it("a role edited in Settings → Roles applies to its users' next page", async () => {
    const admin = await signedInPage();
    await admin.goto("/settings/roles");
    await admin.getByRole("heading", { name: "Roles", level: 1 }).waitFor();
    await shot(admin, "settings-roles-desktop");
    await expectNoSeriousAxeViolations(admin);
    // A new role with residents to read only, given to a new user.
    await admin.getByRole("button", { name: "Add a role" }).click();
    const form = admin.getByRole("region", { name: "New role" });
    await form.getByRole("button", { name: "Add role" }).click();
    await form.getByText("Required").waitFor();
    await form.getByLabel("Name").fill("Night reader");
    await form.getByRole("combobox", { name: "Residents permission" }).selectOption("read");
    await form.getByRole("button", { name: "Add role" }).click();
    await admin.getByText("Night reader was added.").waitFor();
    const { oneTimePassword } = (await api(admin, "POST", "/auth/users", {
      email: "night.reader@example.test",
      role: "night-reader",
      facilityIds: ["tull"],
    })) as { oneTimePassword: string };
    const reader = await newPage();
    await signIn(reader, "night.reader@example.test", oneTimePassword);
    await reader.getByLabel("One-time password").fill(oneTimePassword);
    await reader.locator('input[name="newPassword"]').fill(OWN_PASSWORD);
    await reader.getByLabel("Repeat the new password").fill(OWN_PASSWORD);
    await reader.getByRole("button", { name: "Save and continue" }).click();
    await reader.waitForURL((url) => url.pathname === "/reminders");
    // The password form is shown at /reminders itself: the page is there once the change is saved.
    await reader.getByRole("heading", { name: "Reminders", level: 1 }).waitFor();
    await reader.goto("/residents/medical-records");
    await reader.getByRole("heading", { name: "You don't have access to medical records" }).waitFor();

    // The administrator gives the role medical records to read; the reader's next page has them.
    await admin.reload();
    const card = admin.getByRole("region", { name: "Night reader" });
    await card.getByRole("combobox", { name: "Medical records permission" }).selectOption("read");
    await card.getByRole("button", { name: "Save role" }).click();
    await admin.getByText("Night reader was saved.").waitFor();
    // No reload: the reader's next click in the open app brings the menu entry and the page.
    await reader
      .getByRole("navigation", { name: "Main", exact: true })
      .getByRole("link", { name: "Residents" })
      .click();
    await reader
      .getByRole("navigation", { name: "Residents menu" })
      .getByRole("link", { name: "Medical Records" })
      .click();
    await reader.getByRole("heading", { name: "Medical Records", level: 1 }).waitFor();
    const administrator = admin.getByRole("region", { name: "Administrator" });
    // The Administrator role keeps every permission, shown as text rather than greyed-out controls.
    expect(await administrator.getByRole("combobox").count()).toBe(0);
    expect(await administrator.getByRole("row", { name: /Users & roles/ }).textContent()).toContain("Read & write");

    const phone = await signedInPage(PHONE);
    await phone.goto("/settings/roles");
    await phone.getByRole("heading", { name: "Roles", level: 1 }).waitFor();
    await shot(phone, "settings-roles-phone");
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  });
});
