import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./node-flags.ts";

const REPO = join(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(join(REPO, file), "utf8");
const node = `node ${SERVER_NODE_FLAGS.join(" ")} server/dist/main.js`;

describe("the server's V8 flags", () => {
  it("are the same for npm start and the Docker image (its CMD and its npm start)", () => {
    expect(JSON.parse(read("package.json")).scripts.start).toContain(node);
    const dockerfile = read("Dockerfile");
    expect(dockerfile).toContain(`CMD ${JSON.stringify(node.split(" "))}`.replaceAll(",", ", "));
    expect(dockerfile).toContain(`start: "${node}"`);
  });
});
