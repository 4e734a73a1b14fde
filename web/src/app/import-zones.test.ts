/**
 * The web app's imports go one way (lib → ui → features → app): ESLint refuses a feature importing
 * another feature or app/, and shared code importing a feature, whatever the import's spelling.
 */
import { resolve } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const REPO = resolve(import.meta.dirname, "../../..");
const eslint = new ESLint({ cwd: REPO });

/** The import-zone messages ESLint gives `code` written at `path` (relative to web/src). */
async function zoneErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(REPO, "web/src", path) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "import/no-restricted-paths").map((m) => m.message);
}

describe("web import zones", () => {
  it("refuses a feature importing another feature or app/", async () => {
    const errors = await zoneErrors(
      "features/residents/probe.ts",
      [
        'import { facilitiesText } from "../staff/staff-format.ts";',
        'import { paths } from "../../features/../features/staff/staff.routes.ts";',
        'import { HOME_PATH } from "../../app/navigation.ts";',
        "export const probe = [facilitiesText, paths, HOME_PATH];",
      ].join("\n"),
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/Features must not import each other/);
    expect(errors[2]).toMatch(/Features must not import app/);
  }, 60_000);

  it("refuses shared code importing a feature, and lib/ importing ui/", async () => {
    expect(
      await zoneErrors(
        "ui/probe.ts",
        'import { facilitiesText } from "../features/staff/staff-format.ts";\nexport { facilitiesText };',
      ),
    ).toHaveLength(1);
    expect(
      await zoneErrors(
        "lib/probe.ts",
        'import { PageLoading } from "../ui/page-loading.tsx";\nexport { PageLoading };',
      ),
    ).toHaveLength(1);
  }, 60_000);

  it("lets a feature import shared code and itself", async () => {
    expect(
      await zoneErrors(
        "features/residents/probe.ts",
        [
          'import { paths } from "../../lib/paths.ts";',
          'import { PageHeader } from "../../ui/page-header.tsx";',
          'import { roomAndBed } from "./resident-format.ts";',
          "export const probe = [paths, PageHeader, roomAndBed];",
        ].join("\n"),
      ),
    ).toEqual([]);
  }, 60_000);
});
