/**
 * The V8 flags the server runs with, wherever it runs: `npm start`, the Docker image and the benchmarks
 * (a test keeps package.json and the Dockerfile in step with this list).
 *
 * `--max-semi-space-size=4`: V8's young generation may otherwise grow to 64 MB of semi-spaces, which
 * stay resident once touched; at 4 MB the idle server holds about 20 MB less, and requests, which
 * allocate little that survives, pay a few more (cheap) scavenges. Measured by `npm run bench:memory`.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=4"];
