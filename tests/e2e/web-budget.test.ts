/**
 * Web budgets: the JavaScript a cold browser loads for `/login` and for the signed-in shell (`/help`,
 * the lightest page inside the layout) stays under 170 KB each, counted as the bytes the server
 * actually sent (the encoded body size Chromium received), and every script arrives compressed
 * (`Content-Encoding` br or gzip, with `Vary: Accept-Encoding`). The reports' charting library comes
 * only with a report's first chart: neither the shell nor the list of reports loads it. Also reports
 * each page's Largest Contentful Paint on this (small) dataset.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumMissing } from "./support/chromium.ts";
import { useBrowserSession } from "./support/session.ts";

const BUDGET_BYTES = 170 * 1024;

interface TScript {
  url: string;
  raw: number;
  /** The response body's size on the wire (what the server sent, compressed or not). */
  wire: number;
  encoding: string | undefined;
  vary: string | undefined;
}

interface Measured {
  files: TScript[];
  wireTotal: number;
  lcpMs: number | null;
}

/** Loads `path` in `page` (a fresh context: nothing cached) and sums its scripts' sizes on the wire. */
async function measure(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<Measured> {
  const pending: Promise<TScript | null>[] = [];
  page.on("requestfinished", (request) => {
    const url = request.url();
    if (request.resourceType() !== "script" && !/\.m?js(\?|$)/.test(url)) return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const [sizes, body, headers] = await Promise.all([request.sizes(), response.body(), response.allHeaders()]);
        return {
          url: new URL(url).pathname,
          raw: body.length,
          wire: sizes.responseBodySize,
          encoding: headers["content-encoding"],
          vary: headers.vary,
        };
      })().catch(() => null),
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
  return { files, wireTotal: files.reduce((sum, f) => sum + f.wire, 0), lcpMs };
}

function report(label: string, m: Measured): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const lines = m.files.map((f) => `    ${f.url}: ${kb(f.raw)} raw, ${kb(f.wire)} sent (${f.encoding ?? "identity"})`);
  console.info(
    `[web-budget] ${label}: ${m.files.length} scripts, ${kb(m.wireTotal)} on the wire (budget ${kb(BUDGET_BYTES)}), LCP ${m.lcpMs ?? "n/a"} ms\n${lines.join("\n")}`,
  );
}

/**
 * Every script of 1 KB or more (the build compresses those) came compressed and smaller, and every
 * script says that its encoding depends on the request's.
 */
function expectCompressed(m: Measured): void {
  expect(m.files.some((file) => file.raw >= 1024)).toBe(true);
  for (const file of m.files) {
    expect(file.vary, file.url).toMatch(/accept-encoding/i);
    if (file.raw < 1024) continue;
    expect(file.encoding, file.url).toMatch(/^(br|gzip)$/);
    expect(file.wire, file.url).toBeLessThan(file.raw);
  }
}

describe.skipIf(Boolean(chromiumMissing))("web budgets in Chromium", () => {
  const session = useBrowserSession();

  it("/login loads under 170 KB of JavaScript on the wire, all of it compressed", async () => {
    const page = await session.newPage();
    const m = await measure(page, "/login", (p) => p.getByRole("button", { name: "Sign in" }).waitFor());
    report("/login", m);
    expect(m.files.length).toBeGreaterThan(0);
    expectCompressed(m);
    expect(m.wireTotal).toBeLessThan(BUDGET_BYTES);
  });

  it("the signed-in shell (/help) loads under 170 KB of JavaScript on the wire, all of it compressed", async () => {
    const signedIn = await session.signedInPage();
    const cookies = await signedIn.context().cookies();
    const page = await session.newPage();
    await page.context().addCookies(cookies);
    const m = await measure(page, "/help", (p) => p.getByRole("navigation").first().waitFor());
    report("signed-in shell /help", m);
    expect(new URL(page.url()).pathname).toBe("/help");
    expect(m.files.length).toBeGreaterThan(0);
    expectCompressed(m);
    expect(m.wireTotal).toBeLessThan(BUDGET_BYTES);
    expect(m.files.some((f) => f.url.includes("report-charts"))).toBe(false);
  });

  it("loads the charting library with a report's charts only, never with the list of reports", async () => {
    const page = await session.signedInPage();
    const list = await measure(page, "/reports", (p) => p.getByRole("link", { name: "Compliance" }).waitFor());
    expect(list.files.some((f) => f.url.includes("report-charts"))).toBe(false);
    const report = await measure(page, "/reports/census", (p) =>
      p.getByRole("img", { name: "Move-ins and move-outs by month" }).waitFor(),
    );
    const charts = report.files.filter((f) => f.url.includes("report-charts"));
    expect(charts).toHaveLength(1);
    console.info(
      `[web-budget] charting library (visx): ${(charts[0]!.wire / 1024).toFixed(1)} KB on the wire, with a report only`,
    );
  });
});
