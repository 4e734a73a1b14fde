// The server started before PostgreSQL waits for it with one log line and carries on when it answers;
// a database that answers with a real refusal (wrong password) fails at once instead of waiting.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { startTcpProxy, type TcpProxy } from "../faults/tcp-proxy.ts";
import { waitForDatabase } from "./wait-for-database.ts";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("waitForDatabase (needs TEST_DATABASE_URL)", () => {
  let proxy: TcpProxy;
  let proxiedUrl: URL;

  beforeAll(async () => {
    const target = new URL(serverUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    proxiedUrl = new URL(serverUrl!);
    proxiedUrl.hostname = "127.0.0.1";
    proxiedUrl.port = String(proxy.port);
  });
  afterAll(() => proxy?.close());

  it("waits while the database is down, saying so once, and returns when it is back", async () => {
    await proxy.down();
    onTestFinished(() => proxy.up().catch(() => {}));
    const logs: string[] = [];
    let done = false;
    const waiting = waitForDatabase(proxiedUrl.toString(), { log: (m) => logs.push(m), retryMs: 100 }).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(done).toBe(false);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(
      new RegExp(`^waiting for the database at 127\\.0\\.0\\.1:${proxy.port}/\\w+ \\(.+\\); retrying every 0\\.1 s$`),
    );
    expect(logs[0]).not.toContain("@");
    await proxy.up();
    await waiting;
    expect(logs).toHaveLength(2);
    expect(logs[1]).toMatch(/answers after \d+ s$/);
  });

  it("returns at once, logging nothing, when the database is up", async () => {
    const logs: string[] = [];
    await waitForDatabase(proxiedUrl.toString(), { log: (m) => logs.push(m) });
    expect(logs).toEqual([]);
  });

  it("fails at once on a wrong password instead of waiting", async () => {
    const wrong = new URL(proxiedUrl);
    wrong.password = "not-the-password";
    const logs: string[] = [];
    await expect(waitForDatabase(wrong.toString(), { log: (m) => logs.push(m), retryMs: 100 })).rejects.toThrow(
      /password authentication failed/,
    );
    expect(logs).toEqual([]);
  });
});
