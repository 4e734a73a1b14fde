import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_ENV, SERVER_ENV_ASSIGNMENTS, SERVER_NODE_FLAGS } from "./node-flags.ts";

const REPO = join(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(join(REPO, file), "utf8");
const node = `node ${SERVER_NODE_FLAGS.join(" ")} server/dist/main.js`;

describe("how the server process is started", () => {
  it("with the same V8 flags for npm start and the Docker image (its CMD and its npm start)", () => {
    expect(JSON.parse(read("package.json")).scripts.start).toContain(node);
    const dockerfile = read("Dockerfile");
    expect(dockerfile).toContain(`CMD ${JSON.stringify(node.split(" "))}`.replaceAll(",", ", "));
    expect(dockerfile).toContain(`start: "${node}"`);
  });

  it("with the same environment for npm start and the Docker image", () => {
    expect(JSON.parse(read("package.json")).scripts.start).toContain(`${SERVER_ENV_ASSIGNMENTS} ${node}`);
    const imageEnv = /^ENV (.*)$/m.exec(read("Dockerfile").split("# ---- run ----")[1]!)?.[1] ?? "";
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(imageEnv.split(" ")).toContain(`${name}=${value}`);
  });
});
