/**
 * Referral logs in Chromium against the built app and server, as the "done when" walks them: two
 * agents with different fee terms; a referral logged for a prospect at Tull (bad input refused beside its
 * field); the same person logged from the other agent at Newman, where the warning names the first
 * referral and is answered by marking it a duplicate; two people moving the same referral (the second
 * refused with the newer state shown); the first moved through a tour to moved in by admitting the
 * resident, which closes the Newman referral as a sister-home move in the same commit; the fee owed, the
 * invoice and the payment; the agent list's counts and conversion at both addresses; a role without
 * Referral fees sees no fee. An agent's agreement filed on their page shows on the Agent List with its
 * expiry, the W-9 as missing. Desktop and phone screenshots.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { api, expectNoSeriousAxeViolations } from "./support/page-checks.ts";
import { PHONE, SCREENSHOTS, useBrowserSession } from "./support/session.ts";

/** Today in the homes' time zone (the six seed homes are in California). */
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());

describe.skipIf(Boolean(chromiumMissing))("referral logs in Chromium", () => {
  const { signedInPage, newUserPage } = useBrowserSession();

  it("logs a referral, catches the same prospect at another home, moves it in and settles the fee", async () => {
    const page = await signedInPage();
    const maria = (await api(page, "POST", "/referralAgents", {
      data: {
        name: "Maria Lopez",
        agency: "Golden Years Placement",
        duplicateReportDays: 3,
        moveInReportBusinessDays: 2,
      },
    })) as { id: string };
    await api(page, "POST", "/agentFeeTerms", {
      id: maria.id,
      data: { agentId: maria.id, kind: "percent_first_month", percentBasisPoints: 5000 },
    });
    const sam = (await api(page, "POST", "/referralAgents", {
      data: { name: "Sam Chen", agency: "CarePath Advisors", duplicateReportDays: 5 },
    })) as { id: string };
    await api(page, "POST", "/agentFeeTerms", {
      id: sam.id,
      data: { agentId: sam.id, kind: "flat", flatCents: 200_000 },
    });

    await page.goto("/referral-agents/logs");
    await page.getByRole("heading", { name: "No referrals logged" }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Log Referral" }).first().click();
    await page.getByRole("heading", { name: "Log Referral", level: 1 }).waitFor();

    // Bad input is refused beside its field, and nothing is logged.
    await page.getByLabel("Monthly budget ($)").fill("lots");
    await page.getByLabel("Monthly budget ($)").press("Tab");
    await page.getByText(/Enter an amount/).waitFor();
    await page.getByRole("button", { name: "Log referral" }).click();
    await page.getByText("Choose the agent", { exact: true }).waitFor();
    expect(await page.getByRole("textbox", { name: "First name" }).getAttribute("aria-invalid")).toBe("true");

    await page.getByRole("main").getByLabel("Facility").selectOption("tull");
    await page
      .getByRole("combobox", { name: "Agent", exact: true })
      .selectOption({ label: "Maria Lopez (Golden Years Placement)" });
    await page.getByRole("textbox", { name: "First name" }).fill("Eleanor");
    await page.getByRole("textbox", { name: "Last name" }).fill("Vance");
    await page.getByLabel("Date of birth").fill("1940-03-15");
    await page.getByRole("textbox", { name: "Phone" }).fill("559 555 0171");
    await page.getByLabel("Contact person").fill("Ruth Vance");
    await page.getByLabel("Relationship").fill("Daughter");
    await page.getByLabel("Monthly budget ($)").fill("5,200");
    await page.getByLabel("Next follow-up").fill(today);
    await page.getByRole("button", { name: "Log referral" }).click();
    await page.getByRole("heading", { name: /Vance, Eleanor/, level: 1 }).waitFor();
    const tullUrl = page.url();

    // Its follow-up is today: "Follow-up due" lists it (read from the open referrals, not the pages).
    await page.goto("/referral-agents/logs");
    await page.getByRole("banner").getByLabel("Facility").selectOption("");
    await page.waitForLoadState("networkidle");
    const pageRequests: string[] = [];
    page.on("request", (r) => {
      if (/\/api\/v1\/referrals\?.*limit=25/.test(r.url())) pageRequests.push(r.url());
    });
    await page.getByLabel("Status").selectOption("due");
    await page
      .getByRole("table", { name: /Referrals/ })
      .getByRole("link", { name: "Vance, Eleanor", exact: true })
      .waitFor();
    expect(pageRequests).toEqual([]);
    page.removeAllListeners("request");

    // The same person (same name and date of birth) from the other agent, at Newman.
    await page.goto("/referral-agents/logs/add");
    await page.getByRole("main").getByLabel("Facility").selectOption("newman");
    await page
      .getByRole("combobox", { name: "Agent", exact: true })
      .selectOption({ label: "Sam Chen (CarePath Advisors)" });
    await page.getByRole("textbox", { name: "First name" }).fill("eleanor");
    await page.getByRole("textbox", { name: "Last name" }).fill("VANCE");
    await page.getByLabel("Date of birth").fill("1940-03-15");
    const warning = page.getByRole("status").filter({ hasText: "This person was already referred" });
    await warning.waitFor();
    const said = await warning.textContent();
    expect(said).toContain("Tull");
    expect(said).toContain("Maria Lopez");
    expect(said).toContain("same name and date of birth");
    await page.screenshot({ path: join(SCREENSHOTS, "referral-duplicate-desktop.png"), fullPage: true });
    await page.getByRole("button", { name: "Log referral" }).click();
    await page.getByText("Choose whether this is a duplicate or a referral of its own").waitFor();
    await page.getByLabel(/A duplicate: link it/).check();
    await page.getByRole("button", { name: "Log referral" }).click();
    await page.getByRole("heading", { name: /VANCE, eleanor/, level: 1 }).waitFor();
    const newmanUrl = page.url();
    const reporting = page.getByRole("region", { name: "The agency's reporting" });
    await reporting.getByText(/Tell Sam Chen that this prospect was already known by/).waitFor();
    await page
      .getByRole("region", { name: "Referral" })
      .getByRole("link", { name: /The referral of .* to Tull/ })
      .waitFor();

    // Two people move the Newman referral at once: the second is refused and shown the newer state.
    const other = await signedInPage();
    await other.goto(newmanUrl);
    for (const p of [page, other]) await p.getByRole("button", { name: "Move to…" }).click();
    const mine = page.getByRole("dialog", { name: /Move the referral/ });
    const theirs = other.getByRole("dialog", { name: /Move the referral/ });
    await theirs.getByLabel("Status").selectOption("contacted");
    await theirs.getByRole("button", { name: "Save" }).click();
    await theirs.waitFor({ state: "detached" });
    await mine.getByLabel("Status").selectOption("assessment");
    await mine.getByRole("button", { name: "Save" }).click();
    await mine.getByRole("alert").filter({ hasText: "it is now “Contacted”" }).waitFor();
    await mine.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("heading", { name: /Contacted/, level: 1 }).waitFor();

    // The first referral: a tour today, held, then moved in by admitting the resident.
    await page.goto(tullUrl);
    await page.getByRole("button", { name: "Move to…" }).click();
    const move = page.getByRole("dialog", { name: /Move the referral/ });
    await move.getByLabel("Status").selectOption("tour_scheduled");
    await move.getByRole("button", { name: "Save" }).click();
    await move.getByText("Enter the tour's date").waitFor();
    await move.getByLabel("Tour date").fill(today);
    await move.getByLabel("Tour time").fill("14:00");
    await move.getByRole("button", { name: "Save" }).click();
    await move.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: /Tour scheduled/, level: 1 }).waitFor();

    await page.goto("/referral-agents/logs/pipeline");
    // Every home of the group (the header's facility selection starts on one home).
    await page.getByRole("banner").getByLabel("Facility").selectOption("");
    await page
      .getByRole("region", { name: "This week's tours" })
      .getByRole("link", { name: "Vance, Eleanor" })
      .waitFor();
    const column = page.getByRole("region", { name: /^Tour scheduled/ });
    await column.getByRole("link", { name: "Vance, Eleanor" }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "referral-pipeline-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);
    await column.getByLabel("Move Vance, Eleanor to").selectOption("toured");
    const toured = page.getByRole("dialog", { name: /Move the referral/ });
    await toured.getByRole("button", { name: "Save" }).click();
    await toured.waitFor({ state: "detached" });
    await page
      .getByRole("region", { name: /^Toured/ })
      .getByRole("link", { name: "Vance, Eleanor" })
      .waitFor();

    await page.goto(tullUrl);
    await page.getByRole("button", { name: "Move to…" }).click();
    await move.getByLabel("Status").selectOption("moved_in");
    await move.getByRole("link", { name: "Admit as a new resident…" }).click();
    await page.getByRole("heading", { name: "Add New Resident", level: 1 }).waitFor();
    expect(await page.getByRole("textbox", { name: "First name" }).inputValue()).toBe("Eleanor");
    expect(await page.getByLabel("Date of birth").inputValue()).toBe("1940-03-15");
    await page.getByLabel("Gender").selectOption("female");
    await page.getByLabel("Ambulatory status").selectOption("ambulatory");
    await page.getByLabel("Code status").selectOption("full_code");
    // The contact person came with the referral; their phone is the one thing to add.
    const main = page.getByRole("main");
    expect(await main.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe("Ruth Vance");
    await main.getByRole("textbox", { name: "Phone", exact: true }).fill("(559) 555-0188");
    await page.getByRole("button", { name: "Save resident" }).click();
    await page.getByText(/1 other open referral was closed as moved to a sister home/).waitFor();
    await page.getByRole("heading", { name: /Eleanor Vance/, level: 1 }).waitFor();

    // The fee owed (half of the $5,200 first month), the invoice and the payment.
    await page.goto(tullUrl);
    await page.getByRole("heading", { name: /Moved in/, level: 1 }).waitFor();
    const fee = page.getByRole("region", { name: "Agent's fee" });
    await fee.getByText("$2,600.00").first().waitFor();
    await page
      .getByRole("region", { name: "The agency's reporting" })
      .getByText(/Tell Maria Lopez of the move-in by/)
      .waitFor();
    await fee.getByRole("button", { name: "Record invoice" }).click();
    const invoice = page.getByRole("dialog", { name: /Invoice received/ });
    await invoice.getByRole("button", { name: "Record" }).click();
    await invoice.getByText("Enter the invoice number").waitFor();
    await invoice.getByLabel("Invoice number").fill("GYP-1042");
    // An invoice for more than is owed is flagged while it is typed.
    await invoice.getByLabel("Amount ($)").fill("3,100");
    await invoice.getByText(/invoiced \$3,100\.00, more than the \$2,600\.00 owed/).waitFor();
    await invoice.getByLabel("Amount ($)").fill("2,600");
    expect(await invoice.getByText(/more than the .* owed/).count()).toBe(0);
    await invoice.getByRole("button", { name: "Record" }).click();
    await invoice.waitFor({ state: "detached" });
    await fee.getByRole("button", { name: "Record payment" }).click();
    const payment = page.getByRole("dialog", { name: /Payment made/ });
    await payment.getByLabel("Paid by").selectOption("check");
    // Paying more than is owed is refused beside the amount; the balance is offered.
    expect(await payment.getByLabel("Amount ($)").inputValue()).toBe("2600.00");
    await payment.getByLabel("Amount ($)").fill("3,000");
    await payment.getByRole("button", { name: "Record" }).click();
    await payment.getByText("More than the balance of $2,600.00").waitFor();
    await payment.getByLabel("Amount ($)").fill("2,600");
    await payment.getByRole("button", { name: "Record" }).click();
    await payment.waitFor({ state: "detached" });
    // A dispute recorded by mistake is removed again (the ledger keeps no trace; the audit log does).
    await fee.getByRole("button", { name: "Record dispute" }).click();
    const dispute = page.getByRole("dialog", { name: /Dispute/ });
    await dispute.getByLabel("What is disputed").fill("Entered on the wrong referral");
    await dispute.getByRole("button", { name: "Record" }).click();
    await dispute.waitFor({ state: "detached" });
    await fee.getByRole("button", { name: /Remove dispute of/ }).click();
    await page.getByRole("dialog", { name: "Remove this fee entry?" }).getByRole("button", { name: "Remove" }).click();
    await fee.getByText("Entered on the wrong referral").waitFor({ state: "detached" });
    const settled = await fee.textContent();
    expect(settled).toContain("GYP-1042");
    expect(settled).toMatch(/Balance\s*\$0\.00/);
    await page.screenshot({ path: join(SCREENSHOTS, "referral-detail-desktop.png"), fullPage: true });
    await expectNoSeriousAxeViolations(page);

    // The Newman referral was closed as a move to a sister home, with a note.
    await page.goto(newmanUrl);
    await page.getByRole("heading", { name: /Lost/, level: 1 }).waitFor();
    await page.getByText("Moved to a sister home").first().waitFor();
    await page
      .getByText(/Moved in at another home of the group on/)
      .first()
      .waitFor();
    // Its agency is owed nothing, it being a duplicate of the referral that moved in: the fee card
    // says so and offers no payment.
    const closedFee = page.getByRole("region", { name: "Agent's fee" });
    await closedFee.getByText("Nothing: a duplicate of an earlier referral, no fee is owed for it").waitFor();
    expect(await closedFee.getByRole("button", { name: "Record payment" }).count()).toBe(0);

    // The agent list's counts and conversion, at both addresses.
    for (const address of ["/agencies", "/referral-agents"]) {
      await page.goto(address);
      const table = page.getByRole("table", { name: /Referral agents/ });
      await table.getByRole("link", { name: "Maria Lopez" }).waitFor();
      await table.getByText("100% (1 of 1)").waitFor();
      const rows = await table.getByRole("row").allTextContents();
      expect(rows.find((r) => r.includes("Sam Chen"))).toContain("0% (0 of 1)");
      expect(rows.find((r) => r.includes("Maria Lopez"))).toContain("$2,600.00");
    }
    await page.getByRole("link", { name: "Maria Lopez" }).click();
    await page
      .getByRole("region", { name: "Referrals and fees by year" })
      .getByRole("row", { name: new RegExp(today.slice(0, 4)) })
      .getByText("$2,600.00")
      .first()
      .waitFor();

    // The list view: every referral of every home, filtered by status.
    await page.goto("/referral-agents/logs");
    const list = page.getByRole("table", { name: /Referrals/ });
    await list.getByRole("link", { name: "Vance, Eleanor", exact: true }).waitFor();
    await page.getByLabel("Status").selectOption("lost");
    await list.getByRole("link", { name: "Vance, Eleanor", exact: true }).waitFor({ state: "detached" });
    await list.getByRole("link", { name: "VANCE, eleanor", exact: true }).waitFor();
    const sources = page.getByRole("region", { name: /Conversion by source/ });
    const agentRow = await sources.getByRole("row", { name: /Referral agent/ }).textContent();
    expect(agentRow).toContain("50% (1 of 2)");
    expect(agentRow).toContain("$2,600.00");
    await page.screenshot({ path: join(SCREENSHOTS, "referral-logs-desktop.png"), fullPage: true });

    // Phone: the list, the pipeline and a referral fit the screen.
    const phone = await signedInPage(PHONE);
    await phone.goto("/referral-agents/logs");
    await phone.getByRole("banner").getByLabel("Facility").selectOption("");
    for (const [address, shot] of [
      ["/referral-agents/logs", "referral-logs-phone.png"],
      ["/referral-agents/logs/pipeline", "referral-pipeline-phone.png"],
      [new URL(tullUrl).pathname, "referral-detail-phone.png"],
    ] as const) {
      await phone.goto(address);
      await phone.getByRole("heading", { level: 1 }).waitFor();
      await phone.waitForLoadState("networkidle");
      await phone.screenshot({ path: join(SCREENSHOTS, shot), fullPage: true });
      expect(await phone.evaluate(() => document.documentElement.scrollWidth), address).toBeLessThanOrEqual(
        PHONE.width,
      );
    }

    // A referrals clerk without Referral fees: the referral, never its fee.
    await api(page, "POST", "/roles", {
      id: "referral-clerk",
      data: { name: "Referral clerk", permissions: { referrals: "write", residents: "read" } },
    });
    const clerk = await newUserPage(page, {
      email: "referral-clerk@example.test",
      role: "referral-clerk",
      facilityIds: null,
    });
    await clerk.goto(tullUrl);
    await clerk.getByRole("heading", { name: /Vance, Eleanor/, level: 1 }).waitFor();
    expect(await clerk.getByRole("region", { name: "Agent's fee" }).count()).toBe(0);
    expect(await clerk.locator("main").textContent()).not.toContain("2,600");
    const refused = await clerk.request.fetch("/api/v1/referralFees", {
      headers: { "X-Requested-With": "care-portal" },
    });
    expect(refused.status()).toBe(403);
  }, 240_000);

  it("files an agent's agreement on their page; the Agent List shows it with its expiry and the W-9 missing", async () => {
    const page = await signedInPage();
    const agent = (await api(page, "POST", "/referralAgents", {
      data: { name: "Dana Whitfield", agency: "Harbor Senior Placement" },
    })) as { id: string };
    await page.goto(`/referral-agents/${agent.id}`);
    await page.getByRole("heading", { name: /Dana Whitfield/, level: 1 }).waitFor();
    const papers = page.getByRole("region", { name: "Agent documents" });
    const agreementRow = papers.getByRole("listitem", { name: "Referral agreement" });
    await agreementRow.getByText("Missing").waitFor();
    await papers.getByRole("button", { name: "Upload document" }).click();
    const upload = page.getByRole("dialog");
    await upload.getByLabel("Document type").selectOption({ label: "Referral agreement" });
    await upload.getByLabel("File").setInputFiles({
      name: "harbor-agreement.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(4 * 1024, 0x20)]),
    });
    // Issued today in the group's time zone (the date starts empty: it is the one on the paper): the
    // agreement's validity (12 months) sets its expiry.
    await upload.getByLabel("Issue date").fill(today);
    const expiry = await upload.getByLabel("Expiry date").inputValue();
    expect(expiry).toBe(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`);
    await upload.getByRole("button", { name: "Upload", exact: true }).click();
    await page.getByText("Referral agreement uploaded for Dana Whitfield.").waitFor();
    await agreementRow.getByText("harbor-agreement.pdf").waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "agent-papers-desktop.png"), fullPage: true });

    await page.goto("/referral-agents");
    const row = page.getByRole("row", { name: /Dana Whitfield/ });
    await row.getByText(`To ${expiry}`).waitFor();
    expect(await row.textContent()).toContain("W-9: Missing");
    await page.screenshot({ path: join(SCREENSHOTS, "agent-list-papers-desktop.png"), fullPage: true });

    const phone = await signedInPage(PHONE);
    await phone.goto(`/referral-agents/${agent.id}`);
    await phone.getByRole("region", { name: "Agent documents" }).getByText("harbor-agreement.pdf").waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "agent-papers-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  }, 120_000);

  it("marks a referral saved despite the same-name warning as a possible duplicate, not one said to be another person", async () => {
    const page = await signedInPage();
    const earlier = (await api(page, "POST", "/referrals", {
      data: { facilityId: "tull", referredOn: today, source: "family", firstName: "Hedda", lastName: "Quill" },
    })) as { id: string };
    const logAs = async (choice?: RegExp) => {
      await page.goto("/referral-agents/logs/add");
      await page.getByRole("main").getByLabel("Facility").selectOption("tull");
      await page.getByRole("main").getByLabel("Source").selectOption("family");
      await page.getByRole("textbox", { name: "First name" }).fill("Hedda");
      await page.getByRole("textbox", { name: "Last name" }).fill("Quill");
      await page.getByRole("status").filter({ hasText: "Possible duplicate: same name" }).waitFor();
      if (choice) await page.getByLabel(choice).check();
      await page.screenshot({
        path: join(SCREENSHOTS, "referral-possible-duplicate-form-desktop.png"),
        fullPage: true,
      });
      await page.getByRole("button", { name: "Log referral" }).click();
      await page.getByRole("heading", { name: /Quill, Hedda/, level: 1 }).waitFor();
      return page.url();
    };
    // Saved without answering the warning: kept as a possible duplicate of the earlier referral.
    const possibleUrl = await logAs();
    await page.getByText("The referral of Quill, Hedda was logged as a possible duplicate.").waitFor();
    const details = page.getByRole("region", { name: "Referral" });
    await details.getByText("Possible duplicate of").waitFor();
    await details.getByRole("link", { name: /The referral of .* to Tull/ }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, "referral-possible-duplicate-page-desktop.png"), fullPage: true });
    // Said to be another person: no mark.
    const differentUrl = await logAs(/Not the same person/);
    expect(differentUrl).not.toBe(possibleUrl);
    expect(await page.getByRole("region", { name: "Referral" }).getByText("Possible duplicate of").count()).toBe(0);

    await page.goto("/referral-agents/logs");
    await page.getByRole("banner").getByLabel("Facility").selectOption("");
    const rows = page.getByRole("table", { name: /Referrals/ }).getByRole("row", { name: /Quill, Hedda/ });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    const badges = page.getByRole("table", { name: /Referrals/ }).getByText("Possible duplicate", { exact: true });
    expect(await badges.count()).toBe(1);
    const marked = rows.filter({ has: page.getByText("Possible duplicate", { exact: true }) });
    expect(await marked.getByRole("link").first().getAttribute("href")).toBe(new URL(possibleUrl).pathname);
    expect(possibleUrl).not.toContain(earlier.id);
    await page.screenshot({ path: join(SCREENSHOTS, "referral-possible-duplicate-desktop.png"), fullPage: true });
    const phone = await signedInPage(PHONE);
    await phone.goto("/referral-agents/logs");
    await phone.getByRole("banner").getByLabel("Facility").selectOption("");
    await phone.getByText("Possible duplicate", { exact: true }).first().waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "referral-possible-duplicate-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.goto(possibleUrl);
    await phone.getByText("Possible duplicate of").waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "referral-possible-duplicate-page-phone.png"), fullPage: true });
    await phone.goto("/referral-agents/logs/add");
    await phone.getByRole("textbox", { name: "First name" }).fill("Hedda");
    await phone.getByRole("textbox", { name: "Last name" }).fill("Quill");
    await phone.getByLabel(/Not the same person/).waitFor();
    await phone.screenshot({ path: join(SCREENSHOTS, "referral-possible-duplicate-form-phone.png"), fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  }, 120_000);
});
