/** The root component: the container, the records cache, the router, the toasts. */
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { Container } from "inversify";
import { Toaster } from "react-hot-toast";
import { BrowserRouter } from "react-router-dom";
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
      {/*
        Toasts are for the screen: a "saved" message must not end up on a printed receipt or face sheet.
        They appear at the foot of the window (above a phone's tab bar: --toast-bottom, layout.css), never
        over the header, the page's heading or its buttons at the top.
      */}
      <Toaster
        position="bottom-center"
        containerClassName="no-print"
        containerStyle={{ bottom: "var(--toast-bottom)" }}
        toastOptions={{ duration: 6000 }}
      />
    </ContainerProvider>
  );
}
