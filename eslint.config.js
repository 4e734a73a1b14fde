// One lint setup for every workspace. Type-aware rules are left to `npm run typecheck` to keep this fast.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

const vendorImports = {
  group: ["firebase", "firebase/*", "@prisma/*", "fastify"],
  message: "Use the ports; vendor SDKs belong in adapters/.",
};
const crossFeatureImports = {
  group: ["../../features/*", "**/features/*/**"],
  message: "Features must not import each other; move shared code to web/src/ui or adapters/core.",
};

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
    // The web app talks to ports only; vendor SDKs stay inside adapters.
    files: ["web/src/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [vendorImports] }] },
  },
  {
    // Features stay independent (bulletproof-react's lint zones): a feature imports app-wide code from
    // ui/ and app/, never another feature.
    files: ["web/src/features/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [vendorImports, crossFeatureImports] }] },
  },
);
