// The files that decide how the portal is installed, checked without a Docker engine: every manifest
// names the license and Node 24+, the lock file is complete for any npm (a dependency resolved to a
// version outside its range is what npm 10 reports as "Missing" and refuses in `npm ci`), and the
// Dockerfile, .dockerignore and compose file keep the promises the README makes.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const REPO = join(import.meta.dirname, "..", "..");
const read = (path: string) => readFileSync(join(REPO, path), "utf8");
const manifests = execFileSync("git", ["ls-files", "package.json", "**/package.json"], { cwd: REPO, encoding: "utf8" })
  .split("\n")
  .filter(Boolean);

interface TLockEntry {
  version?: string;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** The lock entry Node would load for `name` required from the package at `from` (a lock key). */
function resolveInLock(packages: Record<string, TLockEntry>, from: string, name: string): TLockEntry | undefined {
  let base = from;
  for (;;) {
    const entry = packages[`${base ? `${base}/` : ""}node_modules/${name}`];
    if (entry) return entry.link && entry.resolved !== undefined ? packages[entry.resolved] : entry;
    if (base === "") return undefined;
    const nested = base.lastIndexOf("/node_modules/");
    base = nested === -1 ? "" : base.slice(0, nested);
  }
}

/**
 * Every required dependency in the lock that resolves outside its range or is absent, and every
 * optional peer range on a package the project itself depends on that its version does not satisfy
 * (our own range must agree with the peers of what we install: npm 10 refuses such a lock).
 */
function lockProblems(lock: { packages: Record<string, TLockEntry> }): string[] {
  const problems: string[] = [];
  const ours = new Set<string>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key.includes("node_modules/")) continue;
    const manifest = entry as TLockEntry & { devDependencies?: Record<string, string> };
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) ours.add(name);
  }
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (entry.link) continue;
    const wanted: [string, string, boolean][] = [
      ...Object.entries(entry.dependencies ?? {}).map(([n, r]): [string, string, boolean] => [n, r, false]),
      ...Object.entries(entry.optionalDependencies ?? {}).map(([n, r]): [string, string, boolean] => [n, r, true]),
      ...Object.entries(entry.peerDependencies ?? {}).map(([n, r]): [string, string, boolean] => [
        n,
        r,
        entry.peerDependenciesMeta?.[n]?.optional === true,
      ]),
    ];
    for (const [name, range, optional] of wanted) {
      if (semver.validRange(range) === null) continue; // npm:, file:, git: … specifiers
      const found = resolveInLock(lock.packages, key, name);
      if (!found?.version) {
        if (!optional && !entry.optionalDependencies?.[name])
          problems.push(`${key || "(root)"}: ${name}@${range} absent`);
        continue;
      }
      if (optional && !ours.has(name)) continue;
      if (!semver.satisfies(found.version, range, { includePrerelease: true }))
        problems.push(`${key || "(root)"}: ${name}@${range} resolves to ${found.version}`);
    }
  }
  return problems;
}

describe("manifests", () => {
  it("every package.json names the Apache-2.0 license, and LICENSE holds its text", () => {
    expect(manifests.length).toBeGreaterThanOrEqual(8);
    for (const path of manifests) expect(JSON.parse(read(path)).license, path).toBe("Apache-2.0");
    const license = read("LICENSE");
    expect(license).toContain("Apache License\n                           Version 2.0, January 2004");
    expect(license).toContain("END OF TERMS AND CONDITIONS");
    expect(license).toContain('Licensed under the Apache License, Version 2.0 (the "License");');
  });

  it("every package.json wants Node 24 or newer, and the bundles target it; the Cloud Functions their runtime", () => {
    // The functions deploy on the nodejs22 runtime: the firebase-tools that runs on Java 17 (13) knows no
    // newer one, and its emulator is how they are tested (README, "The Firebase backend runs…").
    const functions = "adapters/firebase/functions/package.json";
    for (const path of manifests) {
      const range = JSON.parse(read(path)).engines?.node as string | undefined;
      expect(range, `${path} has engines.node`).toBeDefined();
      expect(semver.minVersion(range!)?.major, `${path}: ${range}`).toBeGreaterThanOrEqual(
        path === functions ? 22 : 24,
      );
    }
    expect(JSON.parse(read(functions)).engines.node).toBe("22");
    expect(JSON.parse(read("package.json")).scripts["firebase:functions"]).toContain("--target=node22");
    expect(read("server/scripts/build.mjs")).toContain('target: "node24"');
  });

  it("the lock file resolves every dependency inside its range (npm 10 and 11 accept it in npm ci)", () => {
    expect(lockProblems(JSON.parse(read("package-lock.json")))).toEqual([]);
  });

  it("the lock check catches a root esbuild outside vite's optional peer range", () => {
    const lock = {
      packages: {
        "": { devDependencies: { esbuild: "^0.25.0" }, dependencies: { vite: "^8.0.0" } },
        "node_modules/vite": {
          version: "8.3.8",
          peerDependencies: { esbuild: "^0.27.0 || ^0.28.0" },
          peerDependenciesMeta: { esbuild: { optional: true } },
        },
        "node_modules/esbuild": { version: "0.25.12" },
      },
    };
    expect(lockProblems(lock)).toEqual(["node_modules/vite: esbuild@^0.27.0 || ^0.28.0 resolves to 0.25.12"]);
    delete (lock.packages as Record<string, unknown>)["node_modules/esbuild"];
    expect(lockProblems(lock)).toEqual([]);
  });
});

describe("Docker files", () => {
  it("the Dockerfile takes its Node 24 base as a build argument and ships no node_modules", () => {
    const dockerfile = read("Dockerfile");
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    expect(dockerfile.match(/^FROM .*/gm)).toEqual(["FROM ${NODE_IMAGE} AS build", "FROM ${NODE_IMAGE}"]);
    const runStage = dockerfile.slice(dockerfile.indexOf("FROM ${NODE_IMAGE}\n"));
    expect(runStage).not.toMatch(/node_modules|--chown/);
    expect(runStage).toMatch(/^USER node$/m);
  });

  it(".dockerignore keeps secrets, local data, installs and test output out of the build", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of [".env", "data", "node_modules", "test-results", ".git", "**/dist"])
      expect(ignored, entry).toContain(entry);
  });

  it("compose passes the database password as its own variable and publishes the portal on 127.0.0.1", () => {
    const compose = read("docker-compose.yml");
    expect(compose).not.toContain("DATABASE_URL");
    expect(compose).toMatch(/DATABASE_PASSWORD: \$\{POSTGRES_PASSWORD\}/);
    expect(compose).toContain('- "${PORTAL_BIND:-127.0.0.1}:${PORT:-3000}:3000"');
    expect(compose).toContain("NODE_IMAGE: ${NODE_IMAGE:-node:24-bookworm-slim}");
    expect(compose).toContain("condition: service_healthy");
  });

  it("the proxy's compose file trusts forwarded headers from the proxy's own address only, and nginx overwrites them", () => {
    const proxied = read("docker-compose.proxy.yml");
    const address = "${PROXY_ADDRESS:-172.30.79.2}";
    expect(proxied).toContain(`ipv4_address: ${address}`);
    expect(proxied).toContain(`TRUST_PROXY: ${address}`);
    expect(proxied).toContain('COOKIE_SECURE: "true"');
    expect(proxied).toContain("- ./proxy/nginx.conf:/etc/nginx/conf.d/default.conf:ro");
    const nginx = read("proxy/nginx.conf");
    expect(nginx).toContain("proxy_set_header X-Forwarded-For $remote_addr;");
    expect(nginx).toContain("proxy_set_header X-Forwarded-Proto https;");
    expect(nginx).toContain("proxy_pass http://app:3000;");
  });
});
