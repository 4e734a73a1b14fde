/**
 * What the browser tests do with a page besides clicking: call the API with the page's session cookie
 * (to make records quickly), and check the page against WCAG 2.1 AA with axe.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

const CSRF = { "X-Requested-With": "care-portal" };

/** A call to the API with the page's session cookie; fails the test unless it succeeds. Returns the JSON body. */
export async function api(page: Page, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) {
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: CSRF,
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  // A removal answers 204 without a body.
  return response.status() === 204 ? {} : ((await response.json()) as Record<string, unknown>);
}

/** Fails the test on any serious or critical WCAG 2.1 A/AA violation axe finds on the page. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}
