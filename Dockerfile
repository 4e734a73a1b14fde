# Care Portal image: builds the web app and the server with the same `npm ci` and `npm run build` CI
# runs, then ships only what the server runs: the bundled server (server/dist, with the few packages
# that carry native or WebAssembly files), the web app as static files and the migrations. No
# node_modules, no dev tools. /app belongs to root and is read-only to the app; data lives in /data.
# The base image is a build argument so a machine without access to Docker Hub can pass its own
# Node 24 image (see tests/docker/run.sh); by default it is the official one.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY adapters/core/package.json adapters/core/
COPY adapters/memory/package.json adapters/memory/
COPY adapters/http/package.json adapters/http/
COPY adapters/firebase/package.json adapters/firebase/
COPY server/package.json server/
COPY server/scripts server/scripts
COPY web/package.json web/
COPY prisma prisma
# Dependencies' install scripts are not needed to build (esbuild and argon2 come as prebuilt platform
# packages); the project's own postinstall, which generates the Prisma client, runs explicitly.
RUN npm ci --ignore-scripts --no-audit --no-fund && npm run generate --workspace server
COPY . .
RUN npm run build \
  && find server/dist -name '*.map' -delete \
  && node -e 'const m = require("./package.json"); require("fs").writeFileSync("image-package.json", JSON.stringify({ name: m.name, version: m.version, private: true, license: m.license, type: "module", scripts: { start: "node --max-semi-space-size=4 --heap-growing-percent=50 server/dist/main.js", "create-user": "node server/dist/create-user.js" } }, null, 2) + "\n")'

# ---- run ----
FROM ${NODE_IMAGE}
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data WEB_DIST=/app/web/dist NPM_CONFIG_UPDATE_NOTIFIER=false MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /app/image-package.json package.json
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/prisma/schema.prisma prisma/
COPY --from=build /app/prisma/migrations prisma/migrations
# /data holds the embedded database and the session secret: the app's user only (the server keeps it 0700).
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=50", "server/dist/main.js"]
