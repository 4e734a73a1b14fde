// One lint setup for every workspace. Type-aware rules are left to `npm run typecheck` to keep this fast.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import globals from "globals";
import tseslint from "typescript-eslint";

const vendorImports = {
  group: ["firebase", "firebase/*", "@prisma/*", "fastify"],
  message: "Use the ports; vendor SDKs belong in adapters/.",
};

/**
 * The web app's one-way imports (bulletproof-react's lint zones), checked on the resolved path of every
 * import: shared code (`lib/`, then `ui/`) → features → `app/` (the composition root, router and
 * layout). A feature imports shared code and itself, never another feature or `app/`.
 */
const WEB = "./web/src";
const features = readdirSync(new URL("./web/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...features.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: "Features must not import each other; move what they share to web/src/lib or web/src/ui.",
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: "Features must not import app/ (the composition root); use web/src/lib.",
  },
  {
    target: [`${WEB}/lib`, `${WEB}/ui`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: "Shared code must not import features or app/.",
  },
  { target: `${WEB}/lib`, from: `${WEB}/ui`, message: "lib/ is below ui/: move the shared piece to lib/." },
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "server/src/generated/**",
      "test-results/**",
      "data/**",
      "coverage/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // The web app talks to ports only; vendor SDKs stay inside adapters. Imports go one way.
    files: ["web/src/**"],
    plugins: { import: importPlugin },
    settings: { "import/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } } },
    rules: {
      "no-restricted-imports": ["error", { patterns: [vendorImports] }],
      "import/no-restricted-paths": ["error", { zones: webZones }],
    },
  },
);
