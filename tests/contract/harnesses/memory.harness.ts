/** The memory adapter as a contract harness: a fresh in-memory backend per suite, nothing to start. */
import { createMemoryBackend, type MemoryBackend } from "@care/adapter-memory/memory-backend";
import { memoryClient } from "@care/adapter-memory/memory-client";
import type { ContractHarness, ContractHarnessFactory } from "../harness.ts";

export const createHarness: ContractHarnessFactory = (): ContractHarness => {
  const admin = { email: "admin@contract.test", password: "admin-password-1" };
  let backend: MemoryBackend | undefined;
  return {
    name: "memory",
    unavailable: {},
    admin,
    async start() {
      backend = createMemoryBackend({ admin, seedFacilities: true });
    },
    async stop() {
      backend = undefined;
    },
    client() {
      if (!backend) throw new Error("memory harness: start() first");
      return memoryClient(backend);
    },
    async age(collection, id, days) {
      const record = backend?.table(collection).get(id);
      if (!record) throw new Error(`memory harness: no ${collection} ${id}`);
      record.createdAt = new Date(Date.parse(String(record.createdAt)) - days * 86_400_000).toISOString();
    },
  };
};
