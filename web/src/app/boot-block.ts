/**
 * The boot block: a JSON data block the portal's own server writes into the page it serves
 * (`<script id="care-boot" type="application/json">`, server/src/http/web-app.plugin.ts), holding the
 * runtime config and what `GET /api/v1/auth/me` answers for this visit. Reading it instead of fetching
 * both saves a phone two round trips before the first signed-in page. A page without it (Firebase
 * hosting, the dev server, `/index.html` served as a file) fetches them as before.
 */
import { BOOT_BLOCK_ID } from "@care/core/runtime-config.schema";

export interface TBootBlock {
  /** The runtime config, validated by the caller like the fetched one. */
  config?: unknown;
  /** The body `GET /api/v1/auth/me` answered for this page's request. */
  me?: unknown;
}

/** The page's boot block, or an empty one when it has none or it is not JSON. */
export function readBootBlock(doc: Pick<Document, "getElementById"> = document): TBootBlock {
  const text = doc.getElementById(BOOT_BLOCK_ID)?.textContent;
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" ? (value as TBootBlock) : {};
  } catch {
    return {};
  }
}
