/**
 * Makes the container available to React and resolves the ports for components. Components use these
 * hooks and never learn which backend is behind them.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { Container } from "inversify";
import type { AuthPort, TAuthState } from "@care/core/ports/auth.port";
import type { DataPort } from "@care/core/ports/data.port";
import type { DataTransferPort } from "@care/core/ports/data-transfer.port";
import type { FilePort } from "@care/core/ports/file.port";
import type { InsightsPort } from "@care/core/ports/insights.port";
import { resolve, TOKENS, type TPortalInfo } from "./tokens.ts";

const ContainerContext = createContext<Container | null>(null);

export function ContainerProvider({ container, children }: { container: Container; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

function useContainer(): Container {
  const container = useContext(ContainerContext);
  if (!container) throw new Error("ContainerProvider is missing above this component");
  return container;
}

export function useAuth(): AuthPort {
  return resolve(useContainer(), TOKENS.auth);
}

export function useData(): DataPort {
  return resolve(useContainer(), TOKENS.data);
}

export function useFiles(): FilePort {
  return resolve(useContainer(), TOKENS.files);
}

export function useInsights(): InsightsPort {
  return resolve(useContainer(), TOKENS.insights);
}

/** The full data export and import. */
export function useDataTransfer(): DataTransferPort {
  return resolve(useContainer(), TOKENS.transfer);
}

export function usePortal(): TPortalInfo {
  return resolve(useContainer(), TOKENS.portal);
}

/** The sign-in state, following the auth port: undefined while unknown, null when signed out. */
export function useSession(): TAuthState {
  const auth = useAuth();
  const [state, setState] = useState<TAuthState>(() => auth.current());
  useEffect(() => auth.onChange(setState), [auth]);
  return state;
}
