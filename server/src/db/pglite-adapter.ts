// The Prisma driver adapter for embedded PGlite, with two fixes to pglite-prisma-adapter:
// - its `executeScript` neither awaits nor reports the script (the schema engine runs migrations through
//   it), so a failing migration would be recorded as applied; here scripts are awaited;
// - it recognises database errors with `instanceof` against its own copy of PGlite, which in this
//   install is another version than ours, so unique violations etc. reached Prisma as unknown errors;
//   here they are recognised by shape and become DriverAdapterErrors Prisma maps to its codes.
// PGlite has a single connection and queues queries and transactions itself, so concurrent use is safe.
import { PGlite } from "@electric-sql/pglite";
import {
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";

type DriverErrorPayload = ConstructorParameters<typeof DriverAdapterError>[0];

interface PgErrorShape {
  code: string;
  message: string;
  severity: string;
  detail?: string;
  column?: string;
  constraint?: string;
}

function isPgError(error: unknown): error is PgErrorShape {
  const e = error as Partial<PgErrorShape> | null;
  return typeof e?.code === "string" && typeof e.message === "string" && typeof e.severity === "string";
}

function keyFields(detail: string | undefined): string[] | undefined {
  return detail?.match(/Key \(([^)]+)\)/)?.[1]?.split(", ");
}

function toDriverError(error: PgErrorShape): DriverErrorPayload {
  const base = { originalCode: error.code, originalMessage: error.message };
  switch (error.code) {
    case "23505": {
      const fields = keyFields(error.detail);
      return { ...base, kind: "UniqueConstraintViolation", constraint: fields ? { fields } : undefined };
    }
    case "23502": {
      const fields = error.column ? [error.column] : keyFields(error.detail);
      return { ...base, kind: "NullConstraintViolation", constraint: fields ? { fields } : undefined };
    }
    case "23503":
      return {
        ...base,
        kind: "ForeignKeyConstraintViolation",
        constraint: error.column
          ? { fields: [error.column] }
          : error.constraint
            ? { index: error.constraint }
            : undefined,
      };
    case "40001":
    case "40P01":
      return { ...base, kind: "TransactionWriteConflict" };
    default:
      return {
        ...base,
        kind: "postgres",
        code: error.code,
        severity: error.severity,
        message: error.message,
        detail: error.detail,
        column: error.column,
        hint: undefined,
      };
  }
}

/** Replaces the library's `onError` on one queryable (the adapter or a transaction). */
function recogniseErrors<T extends object>(queryable: T): T {
  Object.assign(queryable, {
    onError(error: unknown): never {
      if (isPgError(error)) throw new DriverAdapterError(toDriverError(error));
      throw error;
    },
  });
  return queryable;
}

function awaitScripts(adapter: SqlDriverAdapter, client: PGlite, onDispose?: () => Promise<void>): SqlDriverAdapter {
  recogniseErrors(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => recogniseErrors(await startTransaction(isolationLevel));
  adapter.executeScript = async (script: string) => {
    try {
      await client.exec(script);
    } catch (error) {
      if (isPgError(error)) throw new DriverAdapterError(toDriverError(error));
      throw error;
    }
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
    // The library is typed against its own copy of PGlite; the API it uses is the same in ours.
    this.#inner = new PrismaPGlite(client as unknown as ConstructorParameters<typeof PrismaPGlite>[0]);
    this.adapterName = this.#inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    return awaitScripts(await this.#inner.connect(), this.client);
  }

  /** A fresh in-memory PGlite, closed when the engine is done with it. */
  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const shadow = new PGlite();
    const adapter = await new PrismaPGlite(
      shadow as unknown as ConstructorParameters<typeof PrismaPGlite>[0],
    ).connect();
    return awaitScripts(adapter, shadow, () => shadow.close());
  }
}
