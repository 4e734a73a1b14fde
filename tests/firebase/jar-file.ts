/** Writes small JARs (ZIPs with a manifest) without a JDK's `jar` tool. */
import { createWriteStream } from "node:fs";
import { ZipFile } from "yazl";

/** A JAR manifest: `Name: value` lines of at most 72 bytes, longer ones continued after a space. */
export function manifestText(attributes: Record<string, string>): string {
  const lines: string[] = [];
  for (const [name, value] of Object.entries({ "Manifest-Version": "1.0", ...attributes })) {
    let rest = `${name}: ${value}`;
    lines.push(rest.slice(0, 72));
    rest = rest.slice(72);
    while (rest.length > 0) {
      lines.push(` ${rest.slice(0, 71)}`);
      rest = rest.slice(71);
    }
  }
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/** Writes a JAR at `path` with the manifest `attributes` and the given entries (e.g. compiled classes). */
export async function writeJar(
  path: string,
  attributes: Record<string, string>,
  entries: readonly { name: string; bytes: Buffer }[] = [],
): Promise<void> {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(manifestText(attributes), "utf8"), "META-INF/MANIFEST.MF");
  for (const entry of entries) zip.addBuffer(entry.bytes, entry.name);
  zip.end();
  await new Promise<void>((resolve, reject) => {
    const out = createWriteStream(path);
    out.on("close", resolve).on("error", reject);
    zip.outputStream.pipe(out);
  });
}
