// Test projects: `unit` (beside the code), `contract` (every port against every adapter), `e2e`
// (the built app in Chromium). `npm test` runs them all; `--project <name>` runs one.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "adapters/*/src/**/*.test.ts",
            "server/src/**/*.test.ts",
            "web/src/**/*.test.{ts,tsx}",
            "tests/docker/**/*.test.ts",
          ],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "contract",
          include: ["tests/contract/**/*.test.ts"],
          globalSetup: ["tests/firebase/contract-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
