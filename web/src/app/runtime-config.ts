/** Fetches and validates `/runtime-config.json`, the one thing the app reads before it can start. */
import { ZRuntimeConfig, type TRuntimeConfig } from "@care/core/runtime-config.schema";

export const RUNTIME_CONFIG_URL = "/runtime-config.json";

/** Why the app cannot start, in words an administrator can act on. */
export class BootError extends Error {
  constructor(
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = "BootError";
  }
}

/** Validates a parsed runtime config; throws a BootError listing each bad field. */
export function parseRuntimeConfig(json: unknown): TRuntimeConfig {
  const parsed = ZRuntimeConfig.safeParse(json);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map(
    (issue) => `${issue.path.map(String).join(".") || "(top level)"}: ${issue.message}`,
  );
  throw new BootError(`The portal's configuration (${RUNTIME_CONFIG_URL}) is not valid.`, details);
}

/** The config the page came with (its boot block), else the one `/runtime-config.json` answers. */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch, inline?: unknown): Promise<TRuntimeConfig> {
  if (inline !== undefined) return parseRuntimeConfig(inline);
  let response: Response;
  try {
    response = await fetchFn(RUNTIME_CONFIG_URL, { cache: "no-store", headers: { accept: "application/json" } });
  } catch {
    throw new BootError("The portal's server cannot be reached. Check the network connection and try again.");
  }
  if (!response.ok) {
    throw new BootError(
      `The portal's configuration could not be loaded (${RUNTIME_CONFIG_URL} answered ${response.status}).`,
    );
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new BootError(`The portal's configuration (${RUNTIME_CONFIG_URL}) is not JSON.`);
  }
  return parseRuntimeConfig(json);
}
