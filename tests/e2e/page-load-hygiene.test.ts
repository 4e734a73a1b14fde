/**
 * What Lighthouse's best-practices and accessibility checks look at on a normal page load, in Chromium
 * against the built app and server, at phone and desktop widths: nothing logged as an error in the
 * console (no failed request such as a signed-out `/auth/me` answered 401, no Content-Security-Policy
 * violation such as zod's `new Function` probe, no uncaught exception), and every touch target at
 * least 24 × 24 px or far enough from its neighbours (axe's WCAG 2.2 `target-size` rule).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { DESKTOP, PHONE, useBrowserSession } from "./support/session.ts";

/** Everything the page logged as an error or warning while loading, and any failed response. */
function listen(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || /Content.Security.Policy/i.test(message.text()))
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return problems;
}

async function expectTouchTargetsOk(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).withRules(["target-size"]).analyze();
  expect(result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`))).toEqual([]); // prettier-ignore
}

describe.skipIf(Boolean(chromiumMissing))("a clean page load in Chromium", () => {
  const session = useBrowserSession();

  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`/login signed out (${label}): no console error, no failed request, touch targets ≥ 24 px`, async () => {
      const page = await session.newPage(viewport);
      const problems = listen(page);
      await page.goto("/login", { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      expect(problems).toEqual([]);
      await expectTouchTargetsOk(page);
    });

    it(`/reminders and /residents signed in (${label}): no console error, touch targets ≥ 24 px`, async () => {
      const signedIn = await session.signedInPage(viewport);
      const page = await session.newPage(viewport);
      await page.context().addCookies(await signedIn.context().cookies());
      const problems = listen(page);
      for (const [path, heading] of [
        ["/reminders", "Reminders"],
        ["/residents", "Residents"],
      ] as const) {
        await page.goto(path, { waitUntil: "networkidle" });
        await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
        await expectTouchTargetsOk(page);
      }
      expect(problems).toEqual([]);
    });
  }
});
