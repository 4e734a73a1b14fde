/**
 * Debian's Chromium for the browser tests (Playwright cannot download browsers on these machines).
 * Without it the suite is skipped with the reason, except in CI, where a missing browser is a failure.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const inCi = Boolean(process.env.CI);

/** Why the browser tests cannot run here, or undefined when they can (never set in CI). */
export const chromiumMissing: string | undefined =
  existsSync(CHROMIUM_PATH) || inCi
    ? undefined
    : `Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH) to run the browser tests.`;

if (chromiumMissing) console.warn(`[e2e] SKIPPED: ${chromiumMissing}`);

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}; CI must install it (apt-get install -y chromium).`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}
