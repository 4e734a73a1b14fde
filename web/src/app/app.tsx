/** The root component: the container, the records cache, the router, the toasts. */
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { Container } from "inversify";
import { BrowserRouter } from "react-router-dom";
import { Toaster } from "react-hot-toast";
import { ContainerProvider } from "../lib/ports.tsx";
import { AppRoutes } from "./router.tsx";

export function App({ container, records }: { container: Container; records: QueryClient }) {
  return (
    <ContainerProvider container={container}>
      <QueryClientProvider client={records}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
      {/* Toasts are for the screen: a "saved" message must not end up on a printed receipt or face sheet. */}
      <Toaster position="top-right" containerClassName="no-print" toastOptions={{ duration: 6000 }} />
    </ContainerProvider>
  );
}
