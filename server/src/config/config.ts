/**
 * The server's configuration, read once at boot from the environment and validated as a whole: every
 * problem is collected and reported together, so an operator fixes them in one go.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const booleanText = z
  .enum(["true", "false", "1", "0", "yes", "no"], "Use true or false")
  .transform((v) => ["true", "1", "yes"].includes(v));
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** One IPv4 or IPv6 address, optionally with a prefix length (a CIDR range). */
function isAddressOrRange(text: string): boolean {
  const [address = "", prefix, ...rest] = text.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY as a list of the proxies' addresses: only a request from one of them says who the client is. */
const ZProxyAddresses = z
  .string()
  .transform((text) => text.split(",").map((part) => part.trim()))
  .refine((parts) => parts.length > 0 && parts.every(isAddressOrRange));

/**
 * The environment variables the server reads:
 * - `PORT` – TCP port to listen on (default 3000).
 * - `HOST` – interface to bind (default 0.0.0.0, every interface).
 * - `DATABASE_URL` – PostgreSQL connection string; when absent, an embedded PGlite database under `DATA_DIR`.
 * - `DATABASE_HOST`, `DATABASE_PORT`, `DATABASE_USER`, `DATABASE_PASSWORD`, `DATABASE_NAME` – the same
 *   connection given piece by piece (instead of `DATABASE_URL`): any character is safe in the user and
 *   password, as the server encodes them into the URL itself.
 * - `DATA_DIR` – where the embedded database and the generated session secret live (default ./data).
 * - `SESSION_SECRET` – key that signs session cookies, at least 32 characters; generated and kept in
 *   `<DATA_DIR>/session-secret` when absent (set it explicitly when several instances share one database).
 * - `ADMIN_EMAIL` / `ADMIN_PASSWORD` – the first administrator, created on first start when no user exists
 *   (give both or neither; without them a one-time password is printed to the console).
 * - `LOG_LEVEL` – fatal, error, warn, info (default), debug, trace or silent.
 * - `COOKIE_SECURE` – auto (default: Secure when the request came over HTTPS), true or false.
 * - `TRUST_PROXY` – who may say, in `X-Forwarded-For` / `X-Forwarded-Proto`, which address and protocol the
 *   client used: false (default: nobody; the connection's own), the proxies' addresses or ranges
 *   (comma-separated: only requests from them), a number of proxy hops, or true (any peer). Behind a
 *   reverse proxy it must be set, or every user shares the proxy's address and cookies are not Secure.
 * - `WEB_DIST` – folder of the built web app to serve (default `<repo>/web/dist`).
 */
const ZEnv = z.object({
  PORT: z.preprocess(
    blankToUndefined,
    z.coerce.number("Use a number").int("Use a whole number").min(1).max(65535).default(3000),
  ),
  HOST: z.preprocess(blankToUndefined, z.string().default("0.0.0.0")),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "Use a postgresql:// connection string")
      .refine((s) => URL.canParse(s), "Not a valid connection URL")
      .optional(),
  ),
  DATABASE_HOST: z.preprocess(blankToUndefined, z.string().optional()),
  DATABASE_PORT: z.preprocess(
    blankToUndefined,
    z.coerce.number("Use a number").int("Use a whole number").min(1).max(65535).default(5432),
  ),
  DATABASE_USER: z.preprocess(blankToUndefined, z.string().optional()),
  DATABASE_PASSWORD: z.preprocess(blankToUndefined, z.string().optional()),
  DATABASE_NAME: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[^/?#%]+$/, "Must not contain /, ?, # or %")
      .optional(),
  ),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default("./data")),
  SESSION_SECRET: z.preprocess(blankToUndefined, z.string().min(32, "Must be at least 32 characters").optional()),
  ADMIN_EMAIL: z.preprocess(blankToUndefined, z.email("Not a valid e-mail address").optional()),
  ADMIN_PASSWORD: z.preprocess(
    blankToUndefined,
    z
      .string()
      .min(12, "Must be at least 12 characters")
      .max(256)
      // Whether it is a common or leaked password is checked when the administrator is created from it
      // (ensureFirstAdmin): the list is large and loaded only when a password is set.
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z
      .enum(
        ["fatal", "error", "warn", "info", "debug", "trace", "silent"],
        "Use fatal, error, warn, info, debug, trace or silent",
      )
      .default("info"),
  ),
  COOKIE_SECURE: z.preprocess(
    blankToUndefined,
    z.union([z.literal("auto"), booleanText], "Use auto, true or false").default("auto"),
  ),
  TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z
      .union(
        [booleanText, z.coerce.number().int().min(1).max(10), ZProxyAddresses],
        "Use false, true, a number of proxy hops, or the proxy's addresses (e.g. 172.30.79.2 or 10.0.0.0/8, comma-separated)",
      )
      .default(false),
  ),
  WEB_DIST: z.preprocess(blankToUndefined, z.string().optional()),
});

export interface TConfig {
  port: number;
  host: string;
  /** Absent: embedded PGlite under `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  sessionSecret: string;
  /** Both set or both absent. */
  admin?: { email: string; password: string };
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  cookieSecure: "auto" | boolean;
  /** false, true, a hop count, or the trusted proxies' addresses and ranges. */
  trustProxy: boolean | number | string[];
  webDist: string;
}

/** Thrown by loadConfig; `problems` lists each variable that is wrong, one line each. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** The repository root: the nearest folder above this file whose package.json declares workspaces. */
export function findRepoRoot(start = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        if (JSON.parse(readFileSync(manifest, "utf8")).workspaces) return dir;
      } catch {
        // An unreadable package.json is not the root; keep looking upwards.
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

const SECRET_FILE = "session-secret";

/** Reads `<dataDir>/session-secret`, creating it (mode 0600) with a random secret the first time. */
function persistedSessionSecret(dataDir: string): string {
  const file = join(dataDir, SECRET_FILE);
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const DATABASE_PIECES = [
  "DATABASE_HOST",
  "DATABASE_PORT",
  "DATABASE_USER",
  "DATABASE_PASSWORD",
  "DATABASE_NAME",
] as const;

/** The connection URL for `DATABASE_HOST` and friends, every part percent-encoded. */
function databaseUrlFromPieces(data: z.infer<typeof ZEnv>): string {
  const host = data.DATABASE_HOST ?? "";
  const credentials = data.DATABASE_USER
    ? `${encodeURIComponent(data.DATABASE_USER)}${data.DATABASE_PASSWORD === undefined ? "" : `:${encodeURIComponent(data.DATABASE_PASSWORD)}`}@`
    : "";
  const hostPart = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  // node-postgres decodes the database name with decodeURI, so it is encoded with encodeURI.
  const name = data.DATABASE_NAME ? `/${encodeURI(data.DATABASE_NAME)}` : "";
  return `postgresql://${credentials}${hostPart}:${data.DATABASE_PORT}${name}`;
}

/** Validates the environment; throws ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join(".")}: ${issue.message}`);
  }
  const adminEmail = parsed.data?.ADMIN_EMAIL;
  const adminPassword = parsed.data?.ADMIN_PASSWORD;
  const emailGiven = blankToUndefined(env.ADMIN_EMAIL) !== undefined;
  const passwordGiven = blankToUndefined(env.ADMIN_PASSWORD) !== undefined;
  if (emailGiven !== passwordGiven) {
    problems.push(
      `${emailGiven ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"}: Required when ${emailGiven ? "ADMIN_EMAIL" : "ADMIN_PASSWORD"} is set (give both or neither)`,
    );
  }
  const pieces = DATABASE_PIECES.filter((name) => blankToUndefined(env[name]) !== undefined);
  if (pieces.length > 0 && blankToUndefined(env.DATABASE_URL) !== undefined) {
    problems.push(`DATABASE_URL: Give either DATABASE_URL or ${pieces.join(", ")}, not both`);
  } else if (pieces.length > 0 && blankToUndefined(env.DATABASE_HOST) === undefined) {
    problems.push(`DATABASE_HOST: Required when ${pieces.join(", ")} is set`);
  }
  if (problems.length > 0 || !parsed.data) throw new ConfigError(problems);

  const data = parsed.data;
  const databaseUrl = data.DATABASE_URL ?? (data.DATABASE_HOST ? databaseUrlFromPieces(data) : undefined);
  const dataDir = resolve(data.DATA_DIR);
  let sessionSecret = data.SESSION_SECRET;
  if (sessionSecret === undefined) {
    try {
      sessionSecret = persistedSessionSecret(dataDir);
    } catch (error) {
      throw new ConfigError([
        `SESSION_SECRET: not set, and no secret could be kept in ${join(dataDir, SECRET_FILE)} (${(error as Error).message})`,
      ]);
    }
  }
  return {
    port: data.PORT,
    host: data.HOST,
    ...(databaseUrl ? { databaseUrl } : {}),
    dataDir,
    sessionSecret,
    ...(adminEmail && adminPassword ? { admin: { email: adminEmail.toLowerCase(), password: adminPassword } } : {}),
    logLevel: data.LOG_LEVEL,
    cookieSecure: data.COOKIE_SECURE,
    trustProxy: data.TRUST_PROXY,
    webDist: resolve(data.WEB_DIST ?? join(findRepoRoot(), "web", "dist")),
  };
}
