/** The root component: the container, the records cache, the router, the toasts. */
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { Container } from "inversify";
import { Toaster } from "react-hot-toast";
import { BrowserRouter } from "react-router-dom";
import { ContainerProvider } from "../lib/ports.tsx";
import { useMediaQuery } from "../lib/use-media-query.ts";
import { AppRoutes } from "./router.tsx";

export function App({ container, records }: { container: Container; records: QueryClient }) {
  // The same breakpoint as the phone layout (layout.css): the tab bar at the foot, no side menu.
  const phone = useMediaQuery("(max-width: 767px)");
  return (
    <ContainerProvider container={container}>
      <QueryClientProvider client={records}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
      {/*
        Toasts are for the screen: a "saved" message must not end up on a printed receipt or face sheet.
        They appear in the top-right area under the header (never over Logout or the facility selector),
        clear of the page's heading on the left; on a phone, whose toast would span the heading, at the foot
        of the window above the tab bar (--toast-bottom, layout.css).
      */}
      <Toaster
        position={phone ? "bottom-center" : "top-right"}
        containerClassName="no-print"
        containerStyle={phone ? { bottom: "var(--toast-bottom)" } : { top: "calc(var(--header-height) + 0.75rem)" }}
        toastOptions={{ duration: 6000 }}
      />
    </ContainerProvider>
  );
}
