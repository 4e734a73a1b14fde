/**
 * Serves the built web app (web/dist) the way a static host such as Firebase Hosting does: files, an
 * `index.html` fallback for client routes, and a `/runtime-config.json` the test chooses.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize, resolve } from "node:path";

const DIST = resolve(import.meta.dirname, "../../../web/dist");
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".map": "application/json",
  ".json": "application/json",
};

export interface TStaticWeb {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function serveWebApp(runtimeConfig: unknown): Promise<TStaticWeb> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? "/").split("?")[0] ?? "/");
    if (path === "/runtime-config.json") {
      response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      response.end(JSON.stringify(runtimeConfig));
      return;
    }
    const file = join(DIST, normalize(path).replace(/^(\.\.[/\\])+/, ""));
    const target =
      file.startsWith(DIST) && existsSync(file) && statSync(file).isFile() ? file : join(DIST, "index.html");
    response.writeHead(200, { "content-type": TYPES[extname(target)] ?? "application/octet-stream" });
    createReadStream(target).pipe(response);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
