/**
 * Builds the web app to web/dist (served by the server). The first load carries only the shell:
 * React and the router in a vendor chunk, each area page in its own lazy chunk, and the Firebase SDK
 * in a chunk that only firebase deployments download. `npm run dev -w web` proxies the API and the
 * runtime config to the server on :3000; `CARE_DEV_BACKEND=memory` serves `{backend:"memory"}` instead,
 * for working on the UI without a server.
 */
import { readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };
const server = process.env.CARE_DEV_SERVER ?? "http://localhost:3000";

/** Dev only: answers /runtime-config.json with the memory backend's config. */
function memoryRuntimeConfig(): Plugin {
  return {
    name: "care-memory-runtime-config",
    apply: "serve",
    configureServer(devServer) {
      devServer.middlewares.use("/runtime-config.json", (_req, res) => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ backend: "memory" }));
      });
    },
  };
}

const useMemory = process.env.CARE_DEV_BACKEND === "memory";

export default defineConfig({
  root: new URL(".", import.meta.url).pathname,
  plugins: [react(), ...(useMemory ? [memoryRuntimeConfig()] : [])],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // The Firebase SDK chunk (~600 kB) is downloaded only by firebase deployments, never on first load.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "firebase", test: /node_modules[\\/](firebase|@firebase|idb)[\\/]/, priority: 20 },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/, priority: 10 },
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": server,
      ...(useMemory ? {} : { "/runtime-config.json": server }),
    },
  },
});
