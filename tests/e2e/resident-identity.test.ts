/**
 * A resident's identity numbers in Chromium against the built app and server: the Medicare, Medi-Cal
 * and insurance numbers are entered in the form's Insurance section (a malformed one is named beside its
 * field), and the face sheet shows and prints them, the Medicare number with the card's dashes.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { api } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

const IRIS = {
  facilityId: "van-buren",
  firstName: "Iris",
  lastName: "Castellanos",
  dateOfBirth: "1938-03-14",
  gender: "female",
  admissionDate: "2024-10-01",
  ambulatoryStatus: "ambulatory",
  codeStatus: "full_code",
};

describe.skipIf(Boolean(chromiumMissing))("resident identity numbers in Chromium", () => {
  const session = useBrowserSession();
  const { signedInPage } = session;

  it("takes the Medicare, Medi-Cal and insurance numbers in the form and shows them on the face sheet", async () => {
    const page = await signedInPage();
    const id = String((await api(page, "POST", "/residents", { data: IRIS })).id);
    await page.goto(`/residents/${id}/edit`);
    const form = page.locator("main form.resident-form");
    const insurance = form.getByRole("group", { name: "Insurance" });
    await insurance.getByLabel("Medicare number").fill("1SG4-TE5-MK73");
    await insurance.getByLabel("Medi-Cal number").fill("91234567a");
    await insurance.getByLabel("Insurance carrier").fill("Blue Shield of California");
    await insurance.getByLabel("Member/policy number").fill("XEH 123456789");
    await form.getByRole("button", { name: "Save changes" }).click();
    // An S is never in a Medicare number: said beside the field, nothing saved.
    await insurance.getByText(/A Medicare number has 11 letters and digits/).waitFor();
    await insurance.getByLabel("Medicare number").fill("1eg4-te5-mk73");
    await form.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Iris Castellanos was saved.").waitFor();
    await page.waitForURL((url) => url.pathname === `/residents/${id}`);

    const sheet = page.getByRole("region", { name: /Face sheet/ });
    await sheet.getByText("1EG4-TE5-MK73").waitFor();
    await sheet.getByText("91234567A").waitFor();
    await sheet.getByText("Blue Shield of California — XEH 123456789").waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "face-sheet-insurance-desktop.png"), fullPage: true });
    await page.emulateMedia({ media: "print" });
    expect(await sheet.getByText("1EG4-TE5-MK73").isVisible()).toBe(true);
    await page.emulateMedia({ media: "screen" });

    const phone = await signedInPage(PHONE);
    await phone.goto(`/residents/${id}`);
    await phone.getByText("1EG4-TE5-MK73").waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "face-sheet-insurance-phone.png"), fullPage: true });
  });
});
