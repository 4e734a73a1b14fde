/** The root component: the container, the router, the toasts. */
import type { Container } from "inversify";
import { BrowserRouter } from "react-router-dom";
import { Toaster } from "react-hot-toast";
import { ContainerProvider } from "./providers.tsx";
import { AppRoutes } from "./router.tsx";

export function App({ container }: { container: Container }) {
  return (
    <ContainerProvider container={container}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      {/* Toasts are for the screen: a "saved" message must not end up on a printed receipt or face sheet. */}
      <Toaster position="top-right" containerClassName="no-print" toastOptions={{ duration: 6000 }} />
    </ContainerProvider>
  );
}
