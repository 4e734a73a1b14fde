/** The composition root's entry to the http backend: one client shared by the five ports. */
import type { AuthPort } from "@care/core/ports/auth.port";
import type { DataTransferPort } from "@care/core/ports/data-transfer.port";
import type { DataPort } from "@care/core/ports/data.port";
import type { FilePort } from "@care/core/ports/file.port";
import type { InsightsPort } from "@care/core/ports/insights.port";
import { HttpAuthAdapter } from "./http-auth.adapter.ts";
import { HttpClient, type TFetch } from "./http-client.ts";
import { HttpDataAdapter } from "./http-data.adapter.ts";
import { HttpDataTransferAdapter } from "./http-data-transfer.adapter.ts";
import { HttpFileAdapter } from "./http-file.adapter.ts";
import { HttpInsightsAdapter } from "./http-insights.adapter.ts";

export interface THttpPortsOptions {
  /** Where the API lives; default the same origin's `/api/v1`. */
  baseUrl?: string;
  /** The fetch to use (Node tests pass one with a cookie jar); default the global fetch. */
  fetch?: TFetch;
  /** What `GET /auth/me` answered already (the page's boot block): who is signed in, without asking. */
  me?: unknown;
}

export function createHttpPorts(options: THttpPortsOptions = {}): {
  auth: AuthPort;
  data: DataPort;
  files: FilePort;
  insights: InsightsPort;
  transfer: DataTransferPort;
} {
  const http = new HttpClient({ baseUrl: options.baseUrl, fetch: options.fetch });
  return {
    auth: new HttpAuthAdapter(http, options.me),
    data: new HttpDataAdapter(http),
    files: new HttpFileAdapter(http),
    insights: new HttpInsightsAdapter(http),
    transfer: new HttpDataTransferAdapter(http),
  };
}
