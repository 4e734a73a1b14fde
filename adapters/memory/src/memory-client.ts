/** One client of a memory backend, with its own session: what a browser tab is to the server. */
import type { AuthPort } from "@care/core/ports/auth.port";
import type { DataPort } from "@care/core/ports/data.port";
import type { FilePort } from "@care/core/ports/file.port";
import { MemoryAuthAdapter } from "./memory-auth.adapter.ts";
import type { MemoryBackend } from "./memory-backend.ts";
import { MemoryDataAdapter } from "./memory-data.adapter.ts";
import { MemoryFileAdapter } from "./memory-file.adapter.ts";
import { MemorySession } from "./memory-session.ts";

export function memoryClient(backend: MemoryBackend): { auth: AuthPort; data: DataPort; files: FilePort } {
  const session = new MemorySession(backend);
  return {
    auth: new MemoryAuthAdapter(backend, session),
    data: new MemoryDataAdapter(backend, session),
    files: new MemoryFileAdapter(backend, session),
  };
}
