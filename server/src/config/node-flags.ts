/**
 * How the server process is started, wherever it runs: `npm start`, the Docker image, the e2e server and
 * the benchmarks (a test keeps package.json and the Dockerfile in step with these). Each setting was
 * measured by `npm run bench:memory` and `npm run bench` (README, "A lean server process").
 *
 * `--max-semi-space-size=4`: V8's young generation may otherwise grow to 64 MB of semi-spaces, which
 * stay resident once touched; at 4 MB the idle server holds about 20 MB less, and requests, which
 * allocate little that survives, pay a few more (cheap) scavenges.
 *
 * `--heap-growing-percent=50`: after a full collection V8 lets the heap grow to up to four times what
 * survived before collecting again, so a busy server's heap (and RSS) climbs far above its live data and
 * stays there. Growing by half bounds the peak under load; unlike a heap cap it cannot run out of memory.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=4", "--heap-growing-percent=50"];

/**
 * `MALLOC_MMAP_THRESHOLD_=131072`: the C allocator (glibc) gives blocks of 128 KB and more their own
 * mappings and returns them to the system when freed. By default it raises that threshold after the first
 * large free (up to 32 MB), and from then on large buffers (request bodies, query results, PGlite's
 * start-up, argon2's 19 MiB per hash) come from its heap, which it keeps: on a first embedded start that
 * was 130 MB held for nothing. Other C libraries ignore it.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: "131072" };

/** `SERVER_ENV` as shell assignments (`NAME=value …`), as package.json's start script writes them. */
export const SERVER_ENV_ASSIGNMENTS = Object.entries(SERVER_ENV)
  .map(([name, value]) => `${name}=${value}`)
  .join(" ");
