/**
 * Issue 6, web budgets: the JavaScript a cold browser loads for `/login` and for the signed-in shell
 * (`/help`, the lightest page inside the layout) stays under 170 KB gzip each. Every script response is
 * gzipped here with zlib (default level), whatever the server sent, so the figure does not depend on
 * the server compressing. Also reports each page's Largest Contentful Paint on this (small) dataset.
 */
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { useBrowserSession } from "./support/session.ts";

const BUDGET_BYTES = 170 * 1024;

interface Measured {
  files: { url: string; raw: number; gzip: number }[];
  gzipTotal: number;
  lcpMs: number | null;
}

/** Loads `path` in `page` (a fresh context: nothing cached) and sums its scripts' gzip sizes. */
async function measure(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<Measured> {
  const pending: Promise<{ url: string; raw: number; gzip: number } | null>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    const url = response.url();
    if (type !== "script" && !/\.m?js(\?|$)/.test(url)) return;
    pending.push(
      response
        .body()
        .then((body) => ({ url: new URL(url).pathname, raw: body.length, gzip: gzipSync(body).length }))
        .catch(() => null),
    );
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await ready(page);
  const files = (await Promise.all(pending)).filter((f): f is NonNullable<typeof f> => f !== null);
  const lcpMs = await page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1);
          resolve(last ? Math.round(last.startTime) : null);
        }).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve(null), 2_000);
      }),
  );
  return { files, gzipTotal: files.reduce((sum, f) => sum + f.gzip, 0), lcpMs };
}

function report(label: string, m: Measured): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const lines = m.files.map((f) => `    ${f.url}: ${kb(f.raw)} raw, ${kb(f.gzip)} gzip`);
  console.info(
    `[web-budget] ${label}: ${m.files.length} scripts, ${kb(m.gzipTotal)} gzip (budget ${kb(BUDGET_BYTES)}), LCP ${m.lcpMs ?? "n/a"} ms\n${lines.join("\n")}`,
  );
}

describe.skipIf(Boolean(chromiumMissing))("web budgets in Chromium", () => {
  const session = useBrowserSession();

  it("/login loads under 170 KB of gzipped JavaScript", async () => {
    const page = await session.newPage();
    const m = await measure(page, "/login", (p) => p.getByRole("button", { name: "Sign in" }).waitFor());
    report("/login", m);
    expect(m.files.length).toBeGreaterThan(0);
    expect(m.gzipTotal).toBeLessThan(BUDGET_BYTES);
  });

  it("the signed-in shell (/help) loads under 170 KB of gzipped JavaScript", async () => {
    const signedIn = await session.signedInPage();
    const cookies = await signedIn.context().cookies();
    const page = await session.newPage();
    await page.context().addCookies(cookies);
    const m = await measure(page, "/help", (p) => p.getByRole("navigation").first().waitFor());
    report("signed-in shell /help", m);
    expect(new URL(page.url()).pathname).toBe("/help");
    expect(m.files.length).toBeGreaterThan(0);
    expect(m.gzipTotal).toBeLessThan(BUDGET_BYTES);
  });
});
