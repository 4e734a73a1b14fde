// The Prisma driver adapter for embedded PGlite, with one fix: pglite-prisma-adapter's `executeScript`
// neither awaits nor reports the script (the schema engine runs migrations through it), so a failing
// migration would be recorded as applied. Here scripts are awaited and their errors surface.
// PGlite has a single connection and queues queries and transactions itself, so concurrent use is safe.
import { PGlite } from "@electric-sql/pglite";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";

function awaitScripts(adapter: SqlDriverAdapter, client: PGlite, onDispose?: () => Promise<void>): SqlDriverAdapter {
  adapter.executeScript = async (script: string) => {
    await client.exec(script);
  };
  if (onDispose) {
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await onDispose();
    };
  }
  return adapter;
}

export class PGliteAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "postgres" as const;
  readonly adapterName: string;
  readonly #inner: PrismaPGlite;

  constructor(readonly client: PGlite) {
    this.#inner = new PrismaPGlite(client);
    this.adapterName = this.#inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    return awaitScripts(await this.#inner.connect(), this.client);
  }

  /** A fresh in-memory PGlite, closed when the engine is done with it. */
  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const shadow = new PGlite();
    const adapter = await new PrismaPGlite(shadow).connect();
    return awaitScripts(adapter, shadow, () => shadow.close());
  }
}
