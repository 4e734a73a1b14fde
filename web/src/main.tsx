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
/** The first frame waits this long at most for the opened page's chunks, so it is drawn whole. */
const FIRST_FRAME_WAIT_MS = 3000;
const pageChunks = Promise.race([
  preloadRoute(window.location.pathname),
  new Promise<void>((resolve) => setTimeout(resolve, FIRST_FRAME_WAIT_MS)),
]);
const boot = readBootBlock();

loadRuntimeConfig(fetch, boot.config)
  .then(async (config) => {
    document.title = config.portalTitle ?? DEFAULT_PORTAL_TITLE;
    const [container] = await Promise.all([buildContainer(config, records, boot.me), pageChunks]);
    return container;
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
