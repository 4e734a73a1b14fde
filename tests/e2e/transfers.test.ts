/**
 * Transferring a resident in Chromium against the built app and server: a Van Buren resident with a
 * diagnosis, a document and last month's rent charge is moved to Tull from the Stay card's "Transfer to
 * another home…" (destination, the destination's today, a reason); the page says Tull and the transfer;
 * with the header on Tull the resident is listed with the diagnosis on the face sheet and the document
 * on the Documents tab; History names both homes; last month's charge stays filed at Van Buren. The
 * Edit form shows the home without offering to change it. Screenshots at 1280×800 and 375×812.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addMonths, todayIn } from "@care/core/rules/date-only.rules";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

const LONG_TEST_MS = 150_000;

describe.skipIf(Boolean(chromiumMissing))("transfers in Chromium", () => {
  const session = useBrowserSession();

  it(
    "moves a resident with their diagnosis and document to Tull; Van Buren keeps the rent",
    async () => {
      const page = await session.signedInPage();
      page.setDefaultTimeout(30_000);
      const today = todayIn("America/Los_Angeles");
      const lastMonth = addMonths(today, -1).slice(0, 7);
      const created = await api(page, "POST", "/residents", {
        data: {
          facilityId: "van-buren",
          firstName: "Harriet",
          lastName: "Lindqvist",
          dateOfBirth: "1937-05-09",
          gender: "female",
          room: "4",
          admissionDate: `${addMonths(today, -3).slice(0, 7)}-01`,
          ambulatoryStatus: "ambulatory",
          codeStatus: "full_code",
        },
      });
      const id = String(created.id);
      // Someone at Tull already has room 12: the dialog warns (a shared room is allowed, never refused).
      await api(page, "POST", "/residents", {
        data: {
          facilityId: "tull",
          firstName: "Iris",
          lastName: "Calloway",
          dateOfBirth: "1935-02-11",
          gender: "female",
          room: "12",
          admissionDate: `${addMonths(today, -6).slice(0, 7)}-01`,
          ambulatoryStatus: "ambulatory",
          codeStatus: "full_code",
        },
      });
      await api(page, "POST", "/diagnoses", {
        data: { residentId: id, facilityId: "van-buren", name: "Congestive heart failure" },
      });
      const upload = await page.request.post("/api/v1/files", {
        headers: { "X-Requested-With": "care-portal" },
        multipart: {
          facilityId: "van-buren",
          file: {
            name: "care-plan.pdf",
            mimeType: "application/pdf",
            buffer: Buffer.from("%PDF-1.4\n% transfer e2e\n%%EOF\n"),
          },
        },
      });
      expect(upload.status(), await upload.text()).toBe(201);
      const file = (await upload.json()) as { id: string; name: string; contentType: string; size: number };
      await api(page, "POST", "/documents", {
        data: {
          subject: "resident",
          subjectId: id,
          facilityId: "van-buren",
          title: "Care plan",
          fileId: file.id,
          fileName: file.name,
          contentType: file.contentType,
          size: file.size,
        },
      });
      const chargeId = `rent-${id}-${lastMonth}`;
      await api(page, "POST", "/rentCharges", {
        id: chargeId,
        data: {
          residentId: id,
          facilityId: "van-buren",
          month: lastMonth,
          amountCents: 410000,
          periodStart: `${lastMonth}-01`,
          periodEnd: `${lastMonth}-28`,
          dueDate: `${lastMonth}-01`,
          description: "Rent",
        },
      });

      await page.goto(`/residents/${id}`);
      await page.getByRole("button", { name: "Transfer to another home…" }).click();
      const dialog = page.getByRole("dialog", { name: "Transfer to another home" });
      await dialog.getByText("Harriet Lindqvist, now at Van Buren").waitFor();
      await dialog.getByLabel("Move to").selectOption("tull");
      expect(await dialog.getByLabel("Date of the move").inputValue()).toBe(today);
      const place = dialog.getByRole("group", { name: "At the new home" });
      await place.getByText("Room 4 at Van Buren is released. Leave empty if not known yet.").waitFor();
      await place.getByLabel("Room").fill("12");
      await place.getByText("Room 12 is also given to Iris Calloway.").waitFor();
      await dialog.getByLabel("Reason").fill("Needs a ground-floor room");
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: join(SCREENSHOTS, "transfer-dialog-desktop.png") });
      await dialog.getByRole("button", { name: "Transfer" }).click();
      await page.getByText("Harriet Lindqvist moved to Tull.").waitFor();
      await page.getByText(`Transferred into Tull on ${today} — Needs a ground-floor room`).waitFor();
      await page.screenshot({ path: join(SCREENSHOTS, "transfer-resident-desktop.png"), fullPage: true });

      // With the header on Tull, she is listed there with her diagnosis and her document.
      await page.getByRole("banner").getByRole("combobox", { name: "Facility" }).selectOption("tull");
      await page.goto("/residents");
      await page.getByRole("row").filter({ hasText: "Lindqvist, Harriet" }).getByRole("link").first().click();
      await page.waitForURL((url) => url.pathname === `/residents/${id}`);
      await page.getByText("Congestive heart failure").first().waitFor();
      await page.goto(`/residents/${id}/documents`);
      await page.getByText("Care plan").first().waitFor();
      await page.goto(`/residents/${id}/history`);
      await page.getByText("Transferred out of Van Buren").waitFor();
      await page.getByText("Transferred into Tull").waitFor();

      // The old home keeps last month's rent; the edit form no longer moves her.
      expect(await api(page, "GET", `/rentCharges/${chargeId}`)).toMatchObject({ facilityId: "van-buren" });
      await page.goto(`/residents/${id}/edit`);
      expect(await page.getByRole("main").getByLabel("Facility").inputValue()).toBe("Tull");
      expect(await page.getByRole("main").getByLabel("Facility").isDisabled()).toBe(true);
      // Her room is the one named for the move, not Van Buren's room 4.
      expect(await page.getByRole("main").getByLabel("Room").inputValue()).toBe("12");

      const phone = await session.signedInPage(PHONE);
      phone.setDefaultTimeout(30_000);
      await phone.goto(`/residents/${id}`);
      await phone.getByText(`Transferred into Tull on ${today}`).waitFor();
      await phone.screenshot({ path: join(SCREENSHOTS, "transfer-resident-phone.png"), fullPage: true });
      await phone.getByRole("button", { name: "Transfer to another home…" }).click();
      await phone
        .getByRole("dialog", { name: "Transfer to another home" })
        .getByLabel("Move to")
        .selectOption("newman");
      await phone.screenshot({ path: join(SCREENSHOTS, "transfer-dialog-phone.png") });
    },
    LONG_TEST_MS,
  );
});
