/** Entry point: read the runtime config, build the one container, render the app (or why it cannot start). */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { DEFAULT_PORTAL_TITLE } from "@care/core/runtime-config.schema";
import { App } from "./app/app.tsx";
import { BootErrorPage } from "./app/boot-error.tsx";
import { buildContainer } from "./app/container.ts";
import { loadRuntimeConfig } from "./app/runtime-config.ts";
import "./ui/theme.css";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");
const root = createRoot(rootElement);

loadRuntimeConfig()
  .then((config) => {
    document.title = config.portalTitle ?? DEFAULT_PORTAL_TITLE;
    return buildContainer(config);
  })
  .then((container) =>
    root.render(
      <StrictMode>
        <App container={container} />
      </StrictMode>,
    ),
  )
  .catch((error: unknown) => {
    console.error(error);
    root.render(<BootErrorPage error={error} />);
  });
