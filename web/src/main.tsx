/** Entry point: read the runtime config (the page's boot block, else fetched), build the one container, render the app (or why it cannot start). */
// First: zod is configured before any module parses with it.
import "./lib/zod-jitless.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { DEFAULT_PORTAL_TITLE } from "@care/core/runtime-config.schema";
import { App } from "./app/app.tsx";
import { readBootBlock } from "./app/boot-block.ts";
import { BootErrorPage } from "./app/boot-error.tsx";
import { buildContainer } from "./app/container.ts";
import { preloadRoute } from "./app/router.tsx";
import { loadRuntimeConfig } from "./app/runtime-config.ts";
import { createRecordsClient, followSession } from "./lib/records/records-client.ts";
import { reportError } from "./lib/report-error.ts";
import { resolve, TOKENS } from "./lib/tokens.ts";
import "./ui/theme.css";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");
const root = createRoot(rootElement);
const records = createRecordsClient(reportError);
preloadRoute(window.location.pathname);
const boot = readBootBlock();

loadRuntimeConfig(fetch, boot.config)
  .then((config) => {
    document.title = config.portalTitle ?? DEFAULT_PORTAL_TITLE;
    return buildContainer(config, records, boot.me);
  })
  .then((container) => {
    followSession(resolve(container, TOKENS.auth), records);
    root.render(
      <StrictMode>
        <App container={container} records={records} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(<BootErrorPage error={error} />);
  });
