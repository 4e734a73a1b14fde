/** Typed service identifiers of the one container: each token carries the type it resolves to. */
import type { Container } from "inversify";
import type { AuthPort } from "@care/core/ports/auth.port";
import type { DataTransferPort } from "@care/core/ports/data-transfer.port";
import type { DataPort } from "@care/core/ports/data.port";
import type { FilePort } from "@care/core/ports/file.port";
import type { InsightsPort } from "@care/core/ports/insights.port";

/** A symbol that remembers, in the type system only, what the container returns for it. */
export type TToken<T> = symbol & { readonly __resolves?: T };

/** What the app shows regardless of the backend (from the runtime config). */
export interface TPortalInfo {
  title: string;
}

export const TOKENS = {
  auth: Symbol.for("care.AuthPort") as TToken<AuthPort>,
  data: Symbol.for("care.DataPort") as TToken<DataPort>,
  files: Symbol.for("care.FilePort") as TToken<FilePort>,
  insights: Symbol.for("care.InsightsPort") as TToken<InsightsPort>,
  transfer: Symbol.for("care.DataTransferPort") as TToken<DataTransferPort>,
  portal: Symbol.for("care.PortalInfo") as TToken<TPortalInfo>,
} as const;

/** Resolves a typed token. */
export function resolve<T>(container: Container, token: TToken<T>): T {
  return container.get<T>(token);
}
