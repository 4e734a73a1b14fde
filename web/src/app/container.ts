/**
 * The composition root: the only place that knows which backend the app talks to. It builds one
 * inversify container from the runtime config; everything else resolves the ports through it.
 * Each adapter is loaded with a dynamic import, so an http deployment never downloads the Firebase SDK.
 * The DataPort it hands out refreshes the records cache after every write.
 */
import type { QueryClient } from "@tanstack/react-query";
import { Container } from "inversify";
import type { AuthPort } from "@care/core/ports/auth.port";
import type { DataPort } from "@care/core/ports/data.port";
import type { DataTransferPort } from "@care/core/ports/data-transfer.port";
import type { FilePort } from "@care/core/ports/file.port";
import type { InsightsPort } from "@care/core/ports/insights.port";
import { DEFAULT_PORTAL_TITLE, type TRuntimeConfig } from "@care/core/runtime-config.schema";
import { invalidatingDataPort } from "../lib/records/records-client.ts";
import { TOKENS } from "../lib/tokens.ts";

export interface TPorts {
  auth: AuthPort;
  data: DataPort;
  files: FilePort;
  insights: InsightsPort;
  /** The full data export (every backend) and import (the portal's own server). */
  transfer: DataTransferPort;
}

/**
 * The account of the in-browser memory backend (development and demos only; its data is gone on
 * reload). Printed to the console when that backend starts.
 */
export const MEMORY_DEMO_ACCOUNT = { email: "admin@example.com", password: "demo-password" } as const;

/**
 * @param me the answer of `GET /auth/me` the page came with (its boot block), so the http backend knows
 * who is signed in without asking again.
 */
async function loadPorts(config: TRuntimeConfig, me: unknown): Promise<TPorts> {
  switch (config.backend) {
    case "http": {
      const { createHttpPorts } = await import("@care/adapter-http/http-ports");
      return createHttpPorts({
        ...(config.apiBaseUrl ? { baseUrl: config.apiBaseUrl } : {}),
        ...(me !== undefined ? { me } : {}),
      });
    }
    case "firebase": {
      const { createFirebasePorts } = await import("@care/adapter-firebase/firebase-ports");
      return createFirebasePorts({
        firebase: config.firebase,
        ...(config.emulators ? { emulators: config.emulators } : {}),
        ...(config.functionsRegion ? { functionsRegion: config.functionsRegion } : {}),
      });
    }
    case "memory": {
      const [{ createMemoryBackend }, { memoryClient }] = await Promise.all([
        import("@care/adapter-memory/memory-backend"),
        import("@care/adapter-memory/memory-client"),
      ]);
      console.info(
        `Memory backend (data is lost on reload). Sign in as ${MEMORY_DEMO_ACCOUNT.email} / ${MEMORY_DEMO_ACCOUNT.password}`,
      );
      return memoryClient(createMemoryBackend({ admin: { ...MEMORY_DEMO_ACCOUNT } }));
    }
  }
}

/** Builds the container from ports already made (tests pass their own). */
export function containerFromPorts(
  ports: TPorts,
  records: QueryClient,
  portalTitle: string = DEFAULT_PORTAL_TITLE,
): Container {
  const container = new Container();
  container.bind<AuthPort>(TOKENS.auth).toConstantValue(ports.auth);
  container.bind<DataPort>(TOKENS.data).toConstantValue(invalidatingDataPort(ports.data, records));
  container.bind<FilePort>(TOKENS.files).toConstantValue(ports.files);
  container.bind<InsightsPort>(TOKENS.insights).toConstantValue(ports.insights);
  container.bind<DataTransferPort>(TOKENS.transfer).toConstantValue(ports.transfer);
  container.bind(TOKENS.portal).toConstantValue({ title: portalTitle });
  return container;
}

/** The app's one container for this runtime config, its DataPort refreshing `records` after writes. */
export async function buildContainer(config: TRuntimeConfig, records: QueryClient, me?: unknown): Promise<Container> {
  return containerFromPorts(await loadPorts(config, me), records, config.portalTitle ?? DEFAULT_PORTAL_TITLE);
}
