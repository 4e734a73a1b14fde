/**
 * The shell as staff use it on the floor, in Chromium against the built app and server: on a phone the
 * header is one row with the full e-mail a tap away, a resident's five tabs fit the screen, and vitals
 * are recorded in six taps from the Residents tab; toasts appear top right under the header on a desk and at
 * the foot of the window on a phone, never over the header, Logout or the page heading;
 * after moving to another page, focus is on its heading.
 */
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { api } from "./support/page-checks.ts";
import { DESKTOP, PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

const RESIDENT = {
  facilityId: "van-buren",
  firstName: "Theodora",
  lastName: "Lindqvist",
  dateOfBirth: "1938-07-19",
  gender: "female",
  room: "3",
  admissionDate: "2025-01-06",
  ambulatoryStatus: "ambulatory",
  codeStatus: "full_code",
};

function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe.skipIf(Boolean(chromiumMissing))("phones, toasts and focus in Chromium", () => {
  const session = useBrowserSession();
  const { signedInPage } = session;
  let residentId = "";

  /** Every tap the test makes is counted, as a person's would be. */
  function counter() {
    let taps = 0;
    return {
      tap: async (target: Locator) => {
        taps += 1;
        await target.click();
      },
      get taps() {
        return taps;
      },
    };
  }

  it("keeps the phone header to one row, with the full e-mail and Logout in the account panel", async () => {
    const page = await signedInPage(PHONE);
    const banner = page.getByRole("banner");
    const box = await banner.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(64);
    const account = banner.getByRole("button", { name: "Account" });
    await account.click();
    const panel = page.locator("#account-panel");
    await panel.waitFor();
    const email = panel.getByText("e2e-admin@example.com");
    expect(await email.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    expect(await panel.getByRole("button", { name: "Logout" }).isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, "header-account-phone.png") });
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
  });

  it("keeps the facility readable in the phone header beside a long portal title", async () => {
    const page = await signedInPage(PHONE);
    const title = "Sunrise Care Homes of the Valley";
    await api(page, "POST", "/portalSettings", { id: "portal", data: { title } });
    await page.reload();
    const banner = page.getByRole("banner");
    await banner.getByRole("link", { name: title }).waitFor();
    const selector = banner.getByRole("combobox", { name: "Facility" });
    await expect.poll(() => selector.inputValue()).toBe("van-buren");
    // "Van Buren" whole, not cut to its first letters, and the header still one row.
    expect((await selector.boundingBox())?.width).toBeGreaterThanOrEqual(120);
    expect((await banner.boundingBox())?.height).toBeLessThanOrEqual(64);
    const account = (await banner.getByRole("button", { name: "Account" }).boundingBox())!;
    expect(account.x + account.width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: join(SCREENSHOTS, "header-long-title-phone.png") });
  });

  it("records vitals in six taps from the Residents tab on a phone, with all five resident tabs on screen", async () => {
    const page = await signedInPage(PHONE);
    residentId = String((await api(page, "POST", "/residents", { data: RESIDENT })).id);
    const count = counter();
    const tap = count.tap;

    await tap(page.getByRole("navigation", { name: "Main tabs" }).getByRole("link", { name: "Residents" }));
    await tap(page.getByRole("link", { name: "Lindqvist, Theodora" }));
    const record = page.getByRole("link", { name: "Record vitals" });
    await record.waitFor();
    // Reached without scrolling: the button is within the first screen.
    const at = await record.boundingBox();
    expect(at && at.y + at.height).toBeLessThanOrEqual(PHONE.height);
    const tabs = page.getByRole("navigation", { name: "Resident record" }).getByRole("link");
    expect(await tabs.allTextContents()).toEqual(["Face sheet", "Documents", "Medical", "Rent", "History"]);
    for (const tab of await tabs.all()) {
      const b = await tab.boundingBox();
      expect(b && b.x >= 0 && b.x + b.width <= PHONE.width).toBe(true);
    }
    await page.screenshot({ path: join(SCREENSHOTS, "resident-face-sheet-phone-top.png") });

    await tap(record);
    const systolic = page.getByLabel("Blood pressure, systolic");
    await systolic.waitFor();
    // The form opens with the first field ready to type in: no tap needed for it.
    expect(await systolic.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.type("128");
    await tap(page.getByLabel("Blood pressure, diastolic"));
    await page.keyboard.type("82");
    await tap(page.getByLabel("Pulse (bpm)"));
    await page.keyboard.type("71");
    await tap(page.getByRole("button", { name: "Save", exact: true }));
    await page.getByRole("cell", { name: "128/82" }).first().waitFor();
    expect(count.taps).toBe(6);
    await page.screenshot({ path: join(SCREENSHOTS, "vitals-recorded-phone.png") });
  });

  it("shows a toast clear of the header, Logout and the page's heading, on a desk and a phone", async () => {
    for (const [viewport, name] of [
      [DESKTOP, "desktop"],
      [PHONE, "phone"],
    ] as const) {
      const page = await signedInPage(viewport);
      await page.goto(`/residents/${residentId}/edit`);
      const form = page.locator("main form");
      await form.getByLabel("Room").fill(name === "desktop" ? "5" : "6");
      await page.locator("main h1").click();
      await form.getByRole("button", { name: "Save" }).click();
      const toast = page.getByText("Theodora Lindqvist was saved.");
      await toast.waitFor();
      // The toast slides in (react-hot-toast's enter animation): measure where it comes to rest.
      let toastBox = await toast.boundingBox();
      for (let i = 0; i < 20; i += 1) {
        await page.waitForTimeout(100);
        const next = await toast.boundingBox();
        if (next && toastBox && next.y === toastBox.y) break;
        toastBox = next;
      }
      const header = await page.getByRole("banner").boundingBox();
      // The heading's words (its box spans the column; the desk's toast sits top right, beside them).
      const heading = await page.locator("main h1").evaluate((h) => {
        const range = document.createRange();
        range.selectNodeContents(h);
        const { x, y, width, height } = range.getBoundingClientRect();
        return { x, y, width, height };
      });
      expect(toastBox && header && overlap(toastBox, header)).toBe(false);
      expect(toastBox && heading && overlap(toastBox, heading)).toBe(false);
      if (name === "desktop") {
        const logout = await page.getByRole("banner").getByRole("button", { name: "Logout" }).boundingBox();
        expect(toastBox && logout && overlap(toastBox, logout)).toBe(false);
      }
      await page.screenshot({ path: join(SCREENSHOTS, `toast-clear-of-heading-${name}.png`) });
    }
  });

  it("moves focus to the new page's heading after navigating from the menu", async () => {
    const page: Page = await signedInPage();
    await page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Staff" }).click();
    await page.locator("main h1#page-title").waitFor();
    await page.waitForFunction(() => document.activeElement?.id === "page-title");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Staff Directory");
  });
});
