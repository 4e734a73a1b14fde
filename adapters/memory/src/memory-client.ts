/**
 * One client of a memory backend, with its own session: what a browser tab is to the server. Its
 * insights are computed from its own DataPort, so they see what this user may see.
 */
import { createDataPortInsights } from "@care/core/insights/data-port-insights";
import type { AuthPort } from "@care/core/ports/auth.port";
import type { DataPort } from "@care/core/ports/data.port";
import type { FilePort } from "@care/core/ports/file.port";
import type { InsightsPort } from "@care/core/ports/insights.port";
import { MemoryAuthAdapter } from "./memory-auth.adapter.ts";
import type { MemoryBackend } from "./memory-backend.ts";
import { MemoryDataAdapter } from "./memory-data.adapter.ts";
import { MemoryFileAdapter } from "./memory-file.adapter.ts";
import { MemorySession } from "./memory-session.ts";

export function memoryClient(backend: MemoryBackend): {
  auth: AuthPort;
  data: DataPort;
  files: FilePort;
  insights: InsightsPort;
} {
  const session = new MemorySession(backend);
  const data = new MemoryDataAdapter(backend, session);
  const auth = new MemoryAuthAdapter(backend, session);
  return {
    auth,
    data,
    files: new MemoryFileAdapter(backend, session),
    insights: createDataPortInsights(data, auth),
  };
}
